/** The delivery address form and its completion: labels, hints, prefectures, time slots, the rules' messages. */
import { part } from '../index.ts';
import type ja from './ja.json';

export const address = part<typeof ja>({
  ja: () => import('./ja.json'),
  en: () => import('./en.json'),
  zh: () => import('./zh.json'),
  ko: () => import('./ko.json'),
});

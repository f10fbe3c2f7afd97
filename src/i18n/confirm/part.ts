/** The bag's final confirmation, loaded with it when the shopper presses pay. */
import { part } from '../index.ts';
import type ja from './ja.json';

export const confirm = part<typeof ja>({
  ja: () => import('./ja.json'),
  en: () => import('./en.json'),
  zh: () => import('./zh.json'),
  ko: () => import('./ko.json'),
});

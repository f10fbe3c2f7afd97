/** Product, list and brand words that chat's screens show in the browser. */
import { part } from '../index.ts';
import type ja from './ja.json';

export const catalogue = part<typeof ja>({
  ja: () => import('./ja.json'),
  en: () => import('./en.json'),
  zh: () => import('./zh.json'),
  ko: () => import('./ko.json'),
});

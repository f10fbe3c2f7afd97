/** Order tracking, and the order's words on the address step's last screen. */
import { part } from '../index.ts';
import type ja from './ja.json';

export const order = part<typeof ja>({
  ja: () => import('./ja.json'),
  en: () => import('./en.json'),
  zh: () => import('./zh.json'),
  ko: () => import('./ko.json'),
});

/** The bag screen: lines, receive choice, wrapping, totals, warnings, the errors of the bag's calls. */
import { part } from '../index.ts';
import type ja from './ja.json';

export const bag = part<typeof ja>({
  ja: () => import('./ja.json'),
  en: () => import('./en.json'),
  zh: () => import('./zh.json'),
  ko: () => import('./ko.json'),
});

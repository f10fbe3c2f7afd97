/** The bag's question before a line leaves it, loaded with it when the shopper asks to remove one. */
import { part } from '../index.ts';
import type ja from './ja.json';

export const remove = part<typeof ja>({
  ja: () => import('./ja.json'),
  en: () => import('./en.json'),
  zh: () => import('./zh.json'),
  ko: () => import('./ko.json'),
});

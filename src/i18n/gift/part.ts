/** A bag line's のし and message card: the choice's words, loaded with it when the shopper opens it. */
import { part } from '../index.ts';
import type ja from './ja.json';

export const gift = part<typeof ja>({
  ja: () => import('./ja.json'),
  en: () => import('./en.json'),
  zh: () => import('./zh.json'),
  ko: () => import('./ko.json'),
});

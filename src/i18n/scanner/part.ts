/** The camera scanner in chat (the web scanner's words are built into its page). */
import { part } from '../index.ts';
import type ja from './ja.json';

export const scanner = part<typeof ja>({
  ja: () => import('./ja.json'),
  en: () => import('./en.json'),
  zh: () => import('./zh.json'),
  ko: () => import('./ko.json'),
});

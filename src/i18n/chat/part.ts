/** Chat's conversation, and the words chat puts around prices. */
import { part } from '../index.ts';
import type ja from './ja.json';

export const chat = part<typeof ja>({
  ja: () => import('./ja.json'),
  en: () => import('./en.json'),
  zh: () => import('./zh.json'),
  ko: () => import('./ko.json'),
});

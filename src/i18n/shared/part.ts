/** What src/ui's islands and the notification bar say on any page: dialogs, totals, summary lines, the error screen. */
import { part } from '../index.ts';
import type ja from './ja.json';

export const shared = part<typeof ja>({
  ja: () => import('./ja.json'),
  en: () => import('./en.json'),
  zh: () => import('./zh.json'),
  ko: () => import('./ko.json'),
});

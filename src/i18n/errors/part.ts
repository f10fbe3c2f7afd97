/** The generic error screen's titles and the 404 description (src/ui/ErrorScreen.tsx). */
import { part } from '../index.ts';
import type ja from './ja.json';

export const errors = part<typeof ja>({
  ja: () => import('./ja.json'),
  en: () => import('./en.json'),
  zh: () => import('./zh.json'),
  ko: () => import('./ko.json'),
});

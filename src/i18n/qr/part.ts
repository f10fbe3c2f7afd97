/** The QR page, and a new QR after a time-out. */
import { part } from '../index.ts';
import type ja from './ja.json';

export const qr = part<typeof ja>({
  ja: () => import('./ja.json'),
  en: () => import('./en.json'),
  zh: () => import('./zh.json'),
  ko: () => import('./ko.json'),
});

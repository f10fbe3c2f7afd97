/**
 * The strings of one locale, loaded on demand: each is a chunk of its own, so a page downloads only its
 * own language's file (a Japanese page ja.json, a chat page its visitor's language).
 */
import type { Messages } from './translate.ts';

export type Locale = 'ja' | 'en' | 'zh' | 'ko';

const LOADERS: Record<Locale, () => Promise<{ default: Messages }>> = {
  ja: () => import('./ja.json'),
  en: () => import('./en.json'),
  zh: () => import('./zh.json'),
  ko: () => import('./ko.json'),
};

/** The flat key → string map of a locale. */
export async function loadMessages(locale: Locale): Promise<Messages> {
  return (await LOADERS[locale]()).default;
}

/**
 * The locale of the page: its `<html lang>` (a chat page's head script sets the visitor's language there
 * before any module runs: `zh-Hans` is zh), Japanese for any other value and at build time (no document).
 */
export function pageLocale(): Locale {
  if (typeof document === 'undefined') return 'ja';
  const prefix = document.documentElement.lang.toLowerCase().split('-')[0];
  return prefix === 'en' || prefix === 'zh' || prefix === 'ko' ? prefix : 'ja';
}

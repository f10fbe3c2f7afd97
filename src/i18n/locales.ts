/** The locales and which one a page speaks. */

export type Locale = 'ja' | 'en' | 'zh' | 'ko';

/**
 * The locale of the page: its `<html lang>` (a chat page's head script sets the visitor's language there
 * before any module runs: `zh-Hans` is zh), Japanese for any other value and at build time (no document).
 */
export function pageLocale(): Locale {
  if (typeof document === 'undefined') return 'ja';
  const prefix = document.documentElement.lang.toLowerCase().split('-')[0];
  return prefix === 'en' || prefix === 'zh' || prefix === 'ko' ? prefix : 'ja';
}

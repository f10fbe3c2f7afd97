/**
 * UI strings in the page's language: Japanese on the web catalogue's pages and at build time, the visitor's
 * language on a chat page (src/i18n/locales.ts reads it from `<html lang>`). Only that language's file is
 * loaded, before any module that shows a string runs, so `t()` stays synchronous and the screens chat shares
 * with the web catalogue speak the visitor's language with the same keys.
 */
import type ja from './ja.json';
import { loadMessages, pageLocale } from './locales.ts';
import { type MessageParams, translate } from './translate.ts';

export type MessageKey = keyof typeof ja;
export type { MessageParams };

const locale = pageLocale();
const messages = await loadMessages(locale);

/** The string for `key` in the page's language, in the plural form `params.count` asks for, `{name}` filled. */
export function t(key: MessageKey, params: MessageParams = {}): string {
  return translate(messages, locale, key, params);
}

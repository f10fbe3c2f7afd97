/**
 * Strings at build time: Japanese for the pages' static text, and every chat language for the static text
 * of chat pages (rendered once per language, the visitor's shown by CSS). Every part of every locale is read
 * here, the static part too; nothing here ships to the browser (islands take theirs from index.ts).
 */

import type { MessageKey } from './index.ts';
import type { Locale } from './locales.ts';
import { type MessageParams, type Messages, translate as translateIn } from './translate.ts';

const FILES = import.meta.glob<Messages>('./*/*.json', { import: 'default', eager: true });

/** Every string of `locale`, all parts in one map (with the plural forms a key has in that language). */
export function localeStrings(locale: Locale): Readonly<Record<MessageKey, string>> {
  const parts = Object.entries(FILES).filter(([path]) => path.endsWith(`/${locale}.json`));
  return Object.assign({}, ...parts.map(([, messages]) => messages));
}

const JAPANESE = localeStrings('ja');
const MESSAGES: Record<'en' | 'zh' | 'ko', Messages> = {
  en: localeStrings('en'),
  zh: localeStrings('zh'),
  ko: localeStrings('ko'),
};

/** `key` in Japanese, with `{name}` filled from `params`. */
export function t(key: MessageKey, params: MessageParams = {}): string {
  return translateIn(JAPANESE, 'ja', key, params);
}

/** `key` in `language`, with the plural form `params.count` asks for, `{name}` filled from `params`. */
export function translate(language: 'en' | 'zh' | 'ko', key: MessageKey, params: MessageParams = {}): string {
  return translateIn(MESSAGES[language], language, key, params);
}

/**
 * Strings of every chat language at build time, for the static text of chat pages (rendered once per
 * language, the visitor's shown by CSS): nothing here ships to the browser.
 */
import en from './en.json';
import type { MessageKey } from './index.ts';
import ko from './ko.json';
import { type MessageParams, type Messages, translate as translateIn } from './translate.ts';
import zh from './zh.json';

const MESSAGES: Record<'en' | 'zh' | 'ko', Messages> = { en, zh, ko };

/** `key` in `language`, with the plural form `params.count` asks for, `{name}` filled from `params`. */
export function translate(language: 'en' | 'zh' | 'ko', key: MessageKey, params: MessageParams = {}): string {
  return translateIn(MESSAGES[language], language, key, params);
}

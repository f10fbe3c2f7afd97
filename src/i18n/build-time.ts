/**
 * Strings of every chat language at build time, for the static text of chat pages (rendered once per
 * language, the visitor's shown by CSS): nothing here ships to the browser.
 */
import en from './en.json';
import type { MessageKey, MessageParams } from './index.ts';
import ko from './ko.json';
import zh from './zh.json';

const MESSAGES: Record<'en' | 'zh' | 'ko', Record<string, string>> = { en, zh, ko };

/** `key` in `language`, with the plural form `params.count` asks for, `{name}` filled from `params`. */
export function translate(language: 'en' | 'zh' | 'ko', key: MessageKey, params: MessageParams = {}): string {
  const messages = MESSAGES[language];
  const { count } = params;
  const form = typeof count === 'number' ? new Intl.PluralRules(language).select(count) : undefined;
  const text = (form && messages[`${key}_${form}`]) ?? messages[key] ?? messages[`${key}_other`] ?? key;
  return text.replace(/\{(\w+)\}/g, (match, name: string) => (name in params ? String(params[name]) : match));
}

/**
 * UI strings in the page's language, a feature's part at a time: Japanese on the web catalogue's pages, the
 * visitor's language on a chat page (src/i18n/locales.ts reads it from `<html lang>`). Each locale is split
 * into parts that follow the features (src/i18n/{part}/{locale}.json, each file a chunk of its own, loaded by
 * the part's `part.ts`). A module takes its translator from `strings(...parts)` with a top-level await, so
 * the parts are loaded before any module that shows a string runs, `t()` stays synchronous, and a page
 * loads only the parts its islands use, in its own language. A translator knows only the keys of its parts:
 * a key from another part is a type error. The static part (src/i18n/static/) holds what only the build
 * says (build-time.ts); it has no `part.ts`, so no browser ever loads it.
 */
import type address from './address/ja.json';
import type bag from './bag/ja.json';
import type catalogue from './catalogue/ja.json';
import type chat from './chat/ja.json';
import type confirm from './confirm/ja.json';
import type errors from './errors/ja.json';
import type gift from './gift/ja.json';
import { type Locale, pageLocale } from './locales.ts';
import type order from './order/ja.json';
import type qr from './qr/ja.json';
import type remove from './remove/ja.json';
import type scanner from './scanner/ja.json';
import type shared from './shared/ja.json';
import type staticText from './static/ja.json';
import { type MessageParams, type Messages, translate } from './translate.ts';

export type { MessageParams };

/** Every key of every part, the static one's too: what the build may say. */
export type MessageKey = keyof (typeof address &
  typeof bag &
  typeof catalogue &
  typeof chat &
  typeof confirm &
  typeof errors &
  typeof gift &
  typeof order &
  typeof qr &
  typeof remove &
  typeof scanner &
  typeof shared &
  typeof staticText);

/** A part of the strings: its file in each locale, and (as a type) its keys, as the Japanese file has them. */
export interface Part<Strings> {
  load(locale: Locale): Promise<Messages>;
  /** Never set: carries the part's keys for `strings()`. */
  readonly keys?: Strings;
}

/** A part from its four files' loaders (`part.ts` in each part's folder). */
export function part<Strings>(files: Record<Locale, () => Promise<{ default: Messages }>>): Part<Strings> {
  return { load: async (locale) => (await files[locale]()).default };
}

/** The keys of the parts `P`. */
type KeyOf<P> = P extends Part<infer Strings> ? keyof Strings & string : never;

/** The string for `key` in the page's language, in the plural form `params.count` asks for, `{name}` filled. */
export type Translate<Key extends string> = (key: Key, params?: MessageParams) => string;

/** A translator over `parts` in the page's language, once their files have loaded. */
export async function strings<P extends Part<object>[]>(...parts: P): Promise<Translate<KeyOf<P[number]>>> {
  const locale = pageLocale();
  const loaded = await Promise.all(parts.map((each) => each.load(locale)));
  const messages: Messages = Object.assign({}, ...loaded);
  return (key, params = {}) => translate(messages, locale, key, params);
}

/**
 * The language rule of chat mode, as pure functions: the visitor's language in chat mode, the locale cookie
 * the language switcher writes, and whether a Japanese page sends the visitor to chat. Light on purpose: the
 * head script of every Japanese catalogue page is built from this file (with the bot detector).
 */

import type { ChatLanguage } from '../../lib/mode.ts';

export type { ChatLanguage };

/**
 * The languages chat mode speaks (the type is the mode's, src/lib/mode.ts). The pages' list is
 * chat-languages.ts; this module keeps its own because the head scripts and the bot check are bundled from
 * it, and importing that module grows them.
 */
const CHAT_LANGUAGES: readonly ChatLanguage[] = ['en', 'zh', 'ko'];
/** Every locale of the site: Japanese outside chat mode, a chat language in it. */
export type Locale = 'ja' | ChatLanguage;
// Spelled out, not spread from CHAT_LANGUAGES: the head script that imports this module then drops it.
const LOCALES: readonly Locale[] = ['ja', 'en', 'zh', 'ko'];

/** The cookie the language switcher writes; it beats the browser language. */
const LOCALE_COOKIE = 'locale';
/** The locale cookie lasts 365 days. */
const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

function isChatLanguage(value: string): value is ChatLanguage {
  return (CHAT_LANGUAGES as readonly string[]).includes(value);
}

/** A language code as chat mode reads it: en, zh or ko; any other code (or none) is en. */
export function chatLanguageOf(code: string | null | undefined): ChatLanguage {
  const value = (code ?? '').trim().toLowerCase();
  return isChatLanguage(value) ? value : 'en';
}

/** The visitor's chat language as the chat page's head script set it on `<html>`. */
export function pageChatLanguage(document: Document): ChatLanguage {
  return chatLanguageOf(document.documentElement.getAttribute('data-chat-language'));
}

/** An id carried in a chat address (`?productId=`, `?brandId=`): digits only, or 0 (no id). */
export const carriedId = (param: string): number => (/^\d{1,9}$/.test(param) ? Number(param) : 0);

/** The first browser language that is en, zh or ko by its prefix (`zh-TW`, `ko-KR` count), else en. */
export function browserChatLanguage(languages: readonly string[]): ChatLanguage {
  for (const language of languages) {
    const prefix = language.trim().toLowerCase().split(/[-_]/)[0] ?? '';
    if (isChatLanguage(prefix)) return prefix;
  }
  return 'en';
}

/** The locale in the cookie header, when the switcher wrote one this site knows; null otherwise. */
export function localeFromCookie(cookieHeader: string): Locale | null {
  for (const part of cookieHeader.split(';')) {
    const [name, ...rest] = part.split('=');
    if (name?.trim() !== LOCALE_COOKIE) continue;
    let value = rest.join('=').trim().toLowerCase();
    try {
      value = decodeURIComponent(value);
    } catch {
      return null;
    }
    return (LOCALES as readonly string[]).includes(value) ? (value as Locale) : null;
  }
  return null;
}

/** The `Set-Cookie`-style text that stores a chosen locale for 365 days on the whole site. */
export function localeCookie(locale: Locale, secure: boolean): string {
  return `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE}; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/**
 * The visitor's language on a chat screen: a chat language chosen with the switcher wins; otherwise the
 * browser's languages decide (first of en, zh, ko by prefix), falling back to English.
 */
export function chatLanguage(cookieHeader: string, languages: readonly string[]): ChatLanguage {
  const chosen = localeFromCookie(cookieHeader);
  return chosen && chosen !== 'ja' ? chosen : browserChatLanguage(languages);
}

export interface RedirectInput {
  /** The page's path, e.g. `/brands/3/`. */
  pathname: string;
  /** The browser's languages in order of preference (`navigator.languages`). */
  languages: readonly string[];
  /** `document.cookie`. */
  cookie: string;
  /** True for crawlers and link-preview bots. */
  bot: boolean;
  /**
   * The web catalogue's stored product lists (sessionStorage `STORED_LISTS_KEY`, as the catalogue writes it),
   * where an area page keeps its brand filter; absent or unreadable is no filter.
   */
  storedLists?: string | null;
}

/** Where the web catalogue stores its product lists and an area page's brand filter (sessionStorage). */
export const STORED_LISTS_KEY = 'area-cache:v1';

const BRAND_PAGE = /^\/brands\/(\d+)\/?$/;
const AREA_PAGE = /^\/area\/(\d+)\/?$/;
const PRODUCT_PAGE = /^\/area\/\d+\/products\/(\d+)\/?$/;
const ID = /^[1-9]\d{0,9}$/;
/** The contract's `Alias` pattern (openapi.yaml), as src/lib/routes.ts checks it. */
const ALIAS = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * The one brand an area page is filtered to, read from the stored lists (untrusted text: anything but a
 * list of exactly one brand id of digits is no brand).
 */
export function areaBrandFilter(pathname: string, storedLists: string | null | undefined): string | null {
  const area = AREA_PAGE.exec(pathname)?.[1];
  if (!area || !storedLists) return null;
  try {
    const tenantIds: unknown = JSON.parse(storedLists)?.lists?.[`area:${area}`]?.tenantIds;
    if (!Array.isArray(tenantIds) || tenantIds.length !== 1) return null;
    const id = String(tenantIds[0]);
    return typeof tenantIds[0] === 'number' && ID.test(id) ? id : null;
  } catch {
    return null;
  }
}

/** Japanese pages whose chat page has the same path under /chat (the bag, the terms, the brands…). */
const SAME_SCREEN = /^\/(brands|cart|terms|scan|qr\/timeout)\/?$/;
/**
 * The per-visitor pages whose chat page shows the same alias: the QR, the order, the address step and the
 * address step's page after sending.
 */
const ALIAS_PAGE = /^\/(qr|order|address)\/([^/]+)\/?$/;
const ADDRESS_SENT_PAGE = /^\/address\/([^/]+)\/complete\/?$/;

/**
 * The chat page that matches a Japanese page: what the redirect and the Japanese pages' language links
 * open. A product page opens chat with that product (`?productId=`), a brand page or an area page filtered
 * to one brand with that brand (`?brandId=`); the brands, bag, terms, scanner, QR, order and address pages
 * open their chat screens. Anything else, a tag page among them (its products span brands; chat finds them by
 * name), opens the chat greeting. Ids are digits and aliases the contract's pattern, or they are dropped.
 */
export function chatPageOf(pathname: string, storedLists?: string | null): string {
  const product = PRODUCT_PAGE.exec(pathname)?.[1];
  if (product && ID.test(product)) return `/chat/?productId=${product}`;
  const brand = BRAND_PAGE.exec(pathname)?.[1] ?? areaBrandFilter(pathname, storedLists);
  if (brand && ID.test(brand)) return `/chat/?brandId=${brand}`;
  const same = SAME_SCREEN.exec(pathname)?.[1];
  if (same) return `/chat/${same}/`;
  const [, section, alias] = ALIAS_PAGE.exec(pathname) ?? [];
  if (section && alias && ALIAS.test(alias)) return `/chat/${section}/${alias}/`;
  const sent = ADDRESS_SENT_PAGE.exec(pathname)?.[1];
  if (sent && ALIAS.test(sent)) return `/chat/address/${sent}/complete/`;
  return '/chat/';
}

/** A chat page's address with `lang=` added: following it stores that language (storeChosenLocale). */
export function withLanguage(chatPage: string, code: string): string {
  return `${chatPage}${chatPage.includes('?') ? '&' : '?'}lang=${code}`;
}

/**
 * Where a page outside chat mode sends the visitor, or null to stay. Stays: a chat page, a bot, a visitor
 * whose chosen locale is Japanese, or whose browser language starts with `ja` (or who has none and chose
 * nothing). Otherwise the visitor goes to the page's chat counterpart (`chatPageOf`).
 */
export function chatRedirect({
  pathname,
  languages,
  cookie,
  bot,
  storedLists,
}: RedirectInput): string | null {
  if (pathname === '/chat' || pathname.startsWith('/chat/') || bot) return null;
  const chosen = localeFromCookie(cookie);
  if (chosen === 'ja') return null;
  if (chosen === null) {
    const first = (languages[0] ?? '').trim().toLowerCase();
    if (first === '' || first.startsWith('ja')) return null;
  }
  return chatPageOf(pathname, storedLists);
}

/**
 * The first, cheap step of the redirect on every Japanese page: true when `chatRedirect` would send a
 * visitor who is not a bot to chat. It decides the same as `chatRedirect` (a test holds them together) with
 * fewer bytes, so that only a visitor it lets through loads the bot detector.
 */
export function mayGoToChat(pathname: string, firstLanguage: string, cookie: string): boolean {
  if (/^\/chat(\/|$)/.test(pathname)) return false;
  const chosen = /(?:^|;)\s*locale=(ja|en|zh|ko)\s*(?:;|$)/i.exec(cookie)?.[1]?.toLowerCase();
  if (chosen) return chosen !== 'ja';
  const first = firstLanguage.trim().toLowerCase();
  return first !== '' && !first.startsWith('ja');
}

/**
 * The page's path with each run of slashes as one: what a link back to this page is built from. The path a
 * server answered may start with `//` (`//evil.example/chat/`), and a link written from it as it is would
 * lead to that host.
 */
function ownPath(pathname: string): string {
  return pathname.replace(/\/+/g, '/');
}

/**
 * The switcher's links carry `?lang=xx`: store it as the chosen locale (365 days) and take it out of the
 * address. `ja` is Japanese; any other code is a chat language (en unless zh or ko).
 */
export function storeChosenLocale(
  location: Pick<Location, 'search' | 'pathname' | 'hash' | 'protocol'>,
  document: { cookie: string },
  history: Pick<History, 'replaceState'> | undefined = globalThis.history,
): Locale | null {
  const params = new URLSearchParams(location.search);
  const asked = params.get('lang');
  if (asked === null) return null;
  const locale: Locale = asked.trim().toLowerCase() === 'ja' ? 'ja' : chatLanguageOf(asked);
  document.cookie = localeCookie(locale, location.protocol === 'https:');
  params.delete('lang');
  const query = params.toString();
  history?.replaceState(null, '', `${ownPath(location.pathname)}${query ? `?${query}` : ''}${location.hash}`);
  return locale;
}

/**
 * Chat pages are built in English with the title and description of each language on `<html>`
 * (`data-title-zh`, `data-description-zh`…): switch the document to the visitor's language.
 */
export function applyChatLanguage(document: Document, languages: readonly string[]): ChatLanguage {
  const language = chatLanguage(document.cookie, languages);
  const html = document.documentElement;
  html.lang = language === 'zh' ? 'zh-Hans' : language;
  html.setAttribute('data-chat-language', language);
  const title = html.getAttribute(`data-title-${language}`);
  if (title) document.title = title;
  const description = html.getAttribute(`data-description-${language}`);
  if (description) document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  return language;
}

/** The web-catalogue page that matches a chat page: where choosing 日本語 leads. */
export function japanesePageOf(chatPath: string): string {
  const brand = /^\/chat\/brands\/(\d+)\/?$/.exec(chatPath)?.[1];
  if (brand) return `/brands/${brand}/`;
  const same = /^\/chat\/(brands|cart|terms|scan|qr\/timeout)\/?$/.exec(chatPath)?.[1];
  if (same) return `/${same}/`;
  const [, section, alias] = /^\/chat\/(qr|order|address)\/([^/]+)\/?$/.exec(chatPath) ?? [];
  if (section && alias && ALIAS.test(alias)) return `/${section}/${alias}/`;
  const sent = /^\/chat\/address\/([^/]+)\/complete\/?$/.exec(chatPath)?.[1];
  if (sent && ALIAS.test(sent)) return `/address/${sent}/complete/`;
  return '/';
}

/** A path of this site a page may name as its Japanese page (`<html data-japanese-page>`). */
const SITE_PATH = /^\/(?:[A-Za-z0-9_-]+\/)*$/;

/**
 * Where a language switcher link leads from the page as it is now: a chat language reloads the same
 * address (its query and hash, so the open product, the QR and the thread stay) with `lang=xx`; 日本語
 * opens the page's Japanese counterpart with `?lang=ja`: `japanesePage` when the page names one (an
 * island that knows more than the path, such as the product on show), else `japanesePageOf` the path.
 */
export function switcherHref(
  location: Pick<Location, 'pathname' | 'search' | 'hash'>,
  code: string,
  japanesePage?: string | null,
): string {
  if (code === 'ja') {
    const page =
      japanesePage && SITE_PATH.test(japanesePage)
        ? japanesePage
        : japanesePageOf(ownPath(location.pathname));
    return `${page}?lang=ja`;
  }
  const params = new URLSearchParams(location.search);
  params.set('lang', chatLanguageOf(code));
  return `${ownPath(location.pathname)}?${params}${location.hash}`;
}

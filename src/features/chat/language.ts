/**
 * The language rule of chat mode, as pure functions: the visitor's language in chat mode, the locale cookie
 * the language switcher writes, and whether a Japanese page sends the visitor to chat. Light on purpose: the
 * head script of every Japanese catalogue page is built from this file (with the bot detector).
 */

/** The languages chat mode speaks; Chinese is Simplified Chinese. */
const CHAT_LANGUAGES = ['en', 'zh', 'ko'] as const;
export type ChatLanguage = (typeof CHAT_LANGUAGES)[number];
/** Every locale of the site: Japanese outside chat mode, a chat language in it. */
export type Locale = 'ja' | ChatLanguage;
const LOCALES: readonly Locale[] = ['ja', ...CHAT_LANGUAGES];

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
}

const BRAND_PAGE = /^\/brands\/(\d+)\/?$/;

/**
 * Where a page outside chat mode sends the visitor, or null to stay. Stays: a chat page, a bot, a visitor
 * whose chosen locale is Japanese, or whose browser language starts with `ja` (or who has none and chose
 * nothing). Otherwise the visitor goes to /chat/, carrying `brandId` from a brand page.
 */
export function chatRedirect({ pathname, languages, cookie, bot }: RedirectInput): string | null {
  if (pathname === '/chat' || pathname.startsWith('/chat/') || bot) return null;
  const chosen = localeFromCookie(cookie);
  if (chosen === 'ja') return null;
  if (chosen === null) {
    const first = (languages[0] ?? '').trim().toLowerCase();
    if (first === '' || first.startsWith('ja')) return null;
  }
  const brand = BRAND_PAGE.exec(pathname)?.[1];
  return brand ? `/chat/?brandId=${brand}` : '/chat/';
}

import {
  browserChatLanguage,
  chatLanguage,
  chatLanguageOf,
  chatRedirect,
  localeCookie,
  localeFromCookie,
} from './language.ts';

describe('the visitor language in chat mode', () => {
  it('takes the first browser language that is en, zh or ko by its prefix', () => {
    expect(browserChatLanguage(['zh-TW', 'en-US'])).toBe('zh');
    expect(browserChatLanguage(['ko-KR'])).toBe('ko');
    expect(browserChatLanguage(['fr-FR', 'de', 'ko', 'en'])).toBe('ko');
    expect(browserChatLanguage(['EN-gb'])).toBe('en');
  });

  it('falls back to English when no browser language is en, zh or ko', () => {
    expect(browserChatLanguage(['ja-JP'])).toBe('en');
    expect(browserChatLanguage(['fr', 'de'])).toBe('en');
    expect(browserChatLanguage([])).toBe('en');
  });

  it('does not take a language whose code only starts with the same letters', () => {
    expect(browserChatLanguage(['kok', 'zha'])).toBe('en');
  });

  it('treats a language code other than en, zh or ko as en', () => {
    expect(chatLanguageOf('zh')).toBe('zh');
    expect(chatLanguageOf('KO')).toBe('ko');
    expect(chatLanguageOf('fr')).toBe('en');
    expect(chatLanguageOf('ja')).toBe('en');
    expect(chatLanguageOf('<script>')).toBe('en');
    expect(chatLanguageOf(undefined)).toBe('en');
  });

  it('lets a chat language chosen with the switcher beat the browser language', () => {
    expect(chatLanguage('a=1; locale=ko', ['en-US'])).toBe('ko');
    expect(chatLanguage('locale=ja', ['zh-CN'])).toBe('zh');
    expect(chatLanguage('locale=xx', ['zh-CN'])).toBe('zh');
    expect(chatLanguage('', ['ja-JP'])).toBe('en');
  });
});

describe('the locale cookie', () => {
  it('lasts 365 days on the whole site', () => {
    expect(localeCookie('ja', true)).toBe('locale=ja; Path=/; Max-Age=31536000; SameSite=Lax; Secure');
    expect(localeCookie('en', false)).toBe('locale=en; Path=/; Max-Age=31536000; SameSite=Lax');
  });

  it('is read only when it names a locale of this site', () => {
    expect(localeFromCookie('x=1; locale=zh; y=2')).toBe('zh');
    expect(localeFromCookie('locale=fr')).toBeNull();
    expect(localeFromCookie('mylocale=ja')).toBeNull();
    expect(localeFromCookie('locale=%E0%A4%A')).toBeNull();
    expect(localeFromCookie('')).toBeNull();
  });
});

describe('the redirect to chat', () => {
  const visitor = { pathname: '/', languages: ['en-US', 'ja'], cookie: '', bot: false };

  it('sends a visitor whose browser language does not start with ja to /chat', () => {
    expect(chatRedirect(visitor)).toBe('/chat/');
    expect(chatRedirect({ ...visitor, pathname: '/area/2/products/7/', languages: ['zh-CN'] })).toBe(
      '/chat/',
    );
    expect(chatRedirect({ ...visitor, languages: ['fr-FR'] })).toBe('/chat/');
  });

  it('carries brandId from a brand page, and only a page of a brand id of digits', () => {
    expect(chatRedirect({ ...visitor, pathname: '/brands/12/' })).toBe('/chat/?brandId=12');
    expect(chatRedirect({ ...visitor, pathname: '/brands/12' })).toBe('/chat/?brandId=12');
    expect(chatRedirect({ ...visitor, pathname: '/brands/' })).toBe('/chat/');
    expect(chatRedirect({ ...visitor, pathname: '/brands/1x/' })).toBe('/chat/');
  });

  it('keeps a visitor whose browser language starts with ja', () => {
    expect(chatRedirect({ ...visitor, languages: ['ja-JP', 'en-US'] })).toBeNull();
    expect(chatRedirect({ ...visitor, languages: ['ja'] })).toBeNull();
  });

  it('never redirects a page under /chat', () => {
    expect(chatRedirect({ ...visitor, pathname: '/chat/' })).toBeNull();
    expect(chatRedirect({ ...visitor, pathname: '/chat/brands/3/' })).toBeNull();
    expect(chatRedirect({ ...visitor, pathname: '/chatter/' })).toBe('/chat/');
  });

  it('never redirects a crawler or a link-preview bot', () => {
    expect(chatRedirect({ ...visitor, bot: true })).toBeNull();
  });

  it('keeps a visitor who chose Japanese, whatever the browser says', () => {
    expect(chatRedirect({ ...visitor, cookie: 'locale=ja' })).toBeNull();
  });

  it('sends a ja browser to chat once its visitor chose a chat language', () => {
    expect(chatRedirect({ ...visitor, languages: ['ja-JP'], cookie: 'locale=ko' })).toBe('/chat/');
  });

  it('keeps a browser that names no language', () => {
    expect(chatRedirect({ ...visitor, languages: [] })).toBeNull();
  });
});

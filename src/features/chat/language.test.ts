// @vitest-environment happy-dom
import {
  applyChatLanguage,
  browserChatLanguage,
  chatLanguage,
  chatLanguageOf,
  chatPageOf,
  chatRedirect,
  japanesePageOf,
  localeCookie,
  localeFromCookie,
  mayGoToChat,
  storeChosenLocale,
  switcherHref,
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
    expect(chatRedirect({ ...visitor, pathname: '/about/', languages: ['zh-CN'] })).toBe('/chat/');
    expect(chatRedirect({ ...visitor, languages: ['fr-FR'] })).toBe('/chat/');
  });

  it('carries brandId from a brand page, and only a page of a brand id of digits', () => {
    expect(chatRedirect({ ...visitor, pathname: '/brands/12/' })).toBe('/chat/?brandId=12');
    expect(chatRedirect({ ...visitor, pathname: '/brands/12' })).toBe('/chat/?brandId=12');
    expect(chatRedirect({ ...visitor, pathname: '/brands/0/' })).toBe('/chat/');
    expect(chatRedirect({ ...visitor, pathname: '/brands/1x/' })).toBe('/chat/');
  });

  it('carries productId from a product page, and only a product id of digits', () => {
    expect(chatRedirect({ ...visitor, pathname: '/area/2/products/7/', languages: ['zh-CN'] })).toBe(
      '/chat/?productId=7',
    );
    expect(chatRedirect({ ...visitor, pathname: '/area/2/products/7' })).toBe('/chat/?productId=7');
    expect(chatRedirect({ ...visitor, pathname: '/area/2/products/07/' })).toBe('/chat/');
    expect(chatRedirect({ ...visitor, pathname: '/area/2/products/7x/' })).toBe('/chat/');
    expect(chatRedirect({ ...visitor, pathname: '/area/2/products/12345678901/' })).toBe('/chat/');
  });

  it('opens the chat screen of the same name from the brands, bag, terms, scanner and QR pages', () => {
    expect(chatRedirect({ ...visitor, pathname: '/brands/' })).toBe('/chat/brands/');
    expect(chatRedirect({ ...visitor, pathname: '/cart/' })).toBe('/chat/cart/');
    expect(chatRedirect({ ...visitor, pathname: '/terms' })).toBe('/chat/terms/');
    expect(chatRedirect({ ...visitor, pathname: '/scan/' })).toBe('/chat/scan/');
    expect(chatRedirect({ ...visitor, pathname: '/qr/timeout/' })).toBe('/chat/qr/timeout/');
    const alias = 'AbCdEf0123456789_-xyz';
    expect(chatRedirect({ ...visitor, pathname: `/qr/${alias}/` })).toBe(`/chat/qr/${alias}/`);
    expect(chatRedirect({ ...visitor, pathname: `/order/${alias}/` })).toBe(`/chat/order/${alias}/`);
    expect(chatPageOf(`/address/${alias}/`)).toBe(`/chat/address/${alias}/`);
    expect(chatPageOf(`/address/${alias}/complete/`)).toBe(`/chat/address/${alias}/complete/`);
    expect(chatPageOf('/address/_/')).toBe('/chat/');
    // A malformed alias is not carried.
    expect(chatRedirect({ ...visitor, pathname: '/qr/short/' })).toBe('/chat/');
    expect(chatRedirect({ ...visitor, pathname: '/order/%3Cscript%3E0123456789abcdef/' })).toBe('/chat/');
  });

  it('opens the chat greeting from a tag page: its products span brands', () => {
    expect(chatRedirect({ ...visitor, pathname: '/product-tags/4/' })).toBe('/chat/');
    expect(chatRedirect({ ...visitor, pathname: '/product-tags/4/page/2/' })).toBe('/chat/');
  });

  it('carries brandId from an area page filtered to exactly one brand', () => {
    const stored = (tenantIds: unknown) => JSON.stringify({ lang: 'ja', lists: { 'area:2': { tenantIds } } });
    expect(chatRedirect({ ...visitor, pathname: '/area/2/', storedLists: stored([7]) })).toBe(
      '/chat/?brandId=7',
    );
    expect(chatRedirect({ ...visitor, pathname: '/area/2', storedLists: stored([7]) })).toBe(
      '/chat/?brandId=7',
    );
    // Two brands, none, or another area's filter carry nothing; on a product page the product wins.
    expect(chatRedirect({ ...visitor, pathname: '/area/2/', storedLists: stored([7, 8]) })).toBe('/chat/');
    expect(chatRedirect({ ...visitor, pathname: '/area/2/', storedLists: stored([]) })).toBe('/chat/');
    expect(chatRedirect({ ...visitor, pathname: '/area/3/', storedLists: stored([7]) })).toBe('/chat/');
    expect(chatRedirect({ ...visitor, pathname: '/area/2/products/5/', storedLists: stored([7]) })).toBe(
      '/chat/?productId=5',
    );
    // Stored text is untrusted: anything but one brand id of digits is no filter.
    for (const bad of [['7'], ['7&x=1'], [-1], [1.5], [0], [1e12], [{}]]) {
      expect(chatRedirect({ ...visitor, pathname: '/area/2/', storedLists: stored(bad) })).toBe('/chat/');
    }
    expect(chatRedirect({ ...visitor, pathname: '/area/2/', storedLists: '{not json' })).toBe('/chat/');
    expect(chatRedirect({ ...visitor, pathname: '/area/2/', storedLists: 'null' })).toBe('/chat/');
    expect(chatRedirect({ ...visitor, pathname: '/area/2/', storedLists: null })).toBe('/chat/');
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

describe('the language switcher', () => {
  function visit(search: string, pathname = '/chat/brands/') {
    const document = { cookie: '' };
    const replaced: string[] = [];
    const location = { search, pathname, hash: '#x', protocol: 'https:' };
    const history = {
      replaceState: (_: unknown, __: string, url?: string | URL | null) => replaced.push(String(url)),
    };
    return { locale: storeChosenLocale(location, document, history), cookie: document.cookie, replaced };
  }

  it('stores the language its link names for 365 days and takes it out of the address', () => {
    const { locale, cookie, replaced } = visit('?lang=zh&brandId=3');
    expect(locale).toBe('zh');
    expect(cookie).toBe('locale=zh; Path=/; Max-Age=31536000; SameSite=Lax; Secure');
    expect(replaced).toEqual(['/chat/brands/?brandId=3#x']);
  });

  it('takes it out of the address as a path of this site, however many slashes the path starts with', () => {
    expect(visit('?lang=en', '//evil.example/chat/').replaced).toEqual(['/evil.example/chat/#x']);
  });

  it('stores Japanese when 日本語 is chosen', () => {
    expect(visit('?lang=ja').locale).toBe('ja');
  });

  it('stores English for an unknown language code', () => {
    expect(visit('?lang=fr').locale).toBe('en');
  });

  it('does nothing without a language in the address', () => {
    expect(visit('?brandId=3')).toEqual({ locale: null, cookie: '', replaced: [] });
  });

  it('returns from a chat page to the matching web-catalogue page', () => {
    expect(japanesePageOf('/chat/')).toBe('/');
    expect(japanesePageOf('/chat/brands/')).toBe('/brands/');
    expect(japanesePageOf('/chat/brands/7/')).toBe('/brands/7/');
    expect(japanesePageOf('/chat/cart/')).toBe('/cart/');
    expect(japanesePageOf('/chat/terms/')).toBe('/terms/');
    expect(japanesePageOf('/chat/scan/')).toBe('/scan/');
    expect(japanesePageOf('/chat/qr/timeout/')).toBe('/qr/timeout/');
    expect(japanesePageOf('/chat/qr/AbCdEf0123456789/')).toBe('/qr/AbCdEf0123456789/');
    expect(japanesePageOf('/chat/order/AbCdEf0123456789/')).toBe('/order/AbCdEf0123456789/');
    expect(japanesePageOf('/chat/address/AbCdEf0123456789/')).toBe('/address/AbCdEf0123456789/');
    expect(japanesePageOf('/chat/address/AbCdEf0123456789/complete/')).toBe(
      '/address/AbCdEf0123456789/complete/',
    );
    // The shells' own path, or a malformed alias, has no Japanese page of its own: the way back is home.
    expect(japanesePageOf('/chat/qr/_/')).toBe('/');
    expect(japanesePageOf('/chat/order/<b>0123456789abcdef/')).toBe('/');
    expect(japanesePageOf('/chat/no-such-page/')).toBe('/');
  });

  it('leads each link from the address as it is now: a chat language keeps the query and the hash', () => {
    const here = { pathname: '/chat/brands/7/', search: '?product=5', hash: '#top' };
    expect(switcherHref(here, 'zh')).toBe('/chat/brands/7/?product=5&lang=zh#top');
    expect(switcherHref({ ...here, search: '?lang=en&product=5' }, 'ko')).toBe(
      '/chat/brands/7/?lang=ko&product=5#top',
    );
    expect(switcherHref({ pathname: '/chat/qr/AbCdEf0123456789/', search: '', hash: '' }, 'en')).toBe(
      '/chat/qr/AbCdEf0123456789/?lang=en',
    );
    expect(switcherHref(here, '"><script>')).toBe('/chat/brands/7/?product=5&lang=en#top');
  });

  it('leads each link to a path of this site: a path starting with // never names another host', () => {
    const doubled = { pathname: '//evil.example/chat/', search: '', hash: '' };
    expect(switcherHref(doubled, 'en')).toBe('/evil.example/chat/?lang=en');
    const more = { pathname: '///evil.example//chat/brands/', search: '?product=5', hash: '#top' };
    expect(switcherHref(more, 'zh')).toBe('/evil.example/chat/brands/?product=5&lang=zh#top');
  });

  it('leads 日本語 to the Japanese page the page names, else to the counterpart of its path', () => {
    const qr = { pathname: '/chat/qr/AbCdEf0123456789/', search: '?x=1', hash: '' };
    expect(switcherHref(qr, 'ja')).toBe('/qr/AbCdEf0123456789/?lang=ja');
    const brand = { pathname: '/chat/brands/7/', search: '?product=5', hash: '' };
    expect(switcherHref(brand, 'ja', '/area/2/products/5/')).toBe('/area/2/products/5/?lang=ja');
    // A named page that is not a plain path of this site is ignored.
    for (const bad of ['//evil.example/', 'https://evil.example/', '/a/?x=1', 'javascript:alert(1)', ''])
      expect(switcherHref(brand, 'ja', bad), bad).toBe('/brands/7/?lang=ja');
  });
});

describe('a chat page in the visitor language', () => {
  it('gets its lang, title and description before it is painted', () => {
    document.documentElement.setAttribute('data-title-ko', '채팅으로 쇼핑');
    document.documentElement.setAttribute('data-description-ko', '설명');
    document.head.innerHTML = '<meta name="description" content="English">';
    expect(applyChatLanguage(document, ['ko-KR', 'en'])).toBe('ko');
    expect(document.documentElement.lang).toBe('ko');
    expect(document.documentElement.getAttribute('data-chat-language')).toBe('ko');
    expect(document.title).toBe('채팅으로 쇼핑');
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe('설명');
  });

  it('marks Chinese as Simplified Chinese', () => {
    applyChatLanguage(document, ['zh-TW']);
    expect(document.documentElement.lang).toBe('zh-Hans');
  });
});

describe('the first step of the redirect on every Japanese page', () => {
  const paths = ['/', '/chat/', '/chat', '/brands/3/', '/chatter/', '/area/1/products/4/', '/cart/'];
  const languages = [[], ['ja-JP'], ['JA'], ['en-US', 'ja'], ['zh-TW'], ['fr'], [' ']];
  const cookies = [
    '',
    'locale=ja',
    'x=1; locale=en',
    'locale=KO',
    'locale=fr',
    'mylocale=ja',
    'locale=ja; b=2',
  ];

  it('lets through exactly the visitors the redirect would send to chat, bots aside', () => {
    for (const pathname of paths)
      for (const langs of languages)
        for (const cookie of cookies) {
          const expected = chatRedirect({ pathname, languages: langs, cookie, bot: false }) !== null;
          expect(mayGoToChat(pathname, langs[0] ?? '', cookie), `${pathname} ${langs} ${cookie}`).toBe(
            expected,
          );
        }
  });
});

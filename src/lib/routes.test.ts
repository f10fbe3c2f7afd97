import { leaveChat } from '../../tests/fixtures/mode.ts';
import { enterChat } from './mode.ts';
import {
  addressCompleteHref,
  addressHref,
  aliasFromPath,
  bagHref,
  homeHref,
  isAlias,
  orderHref,
  qrHref,
  qrTimeoutHref,
  shopHref,
  termsHref,
} from './mode-routes.ts';
import { areaHref, brandHref, chatBrandHref, chatProductHref, productHref, tagHref } from './routes.ts';

const ALIAS = 'aZ09_-'.repeat(4);

afterEach(leaveChat);

describe('the catalogue’s hrefs', () => {
  it('are the same in either mode', () => {
    const hrefs = () => [
      productHref(1, 82),
      areaHref(3),
      brandHref(12),
      tagHref(7),
      tagHref(7, 1),
      tagHref(7, 2),
    ];
    const web = hrefs();
    expect(web).toEqual([
      '/area/1/products/82/',
      '/area/3/',
      '/brands/12/',
      '/product-tags/7/',
      '/product-tags/7/',
      '/product-tags/7/page/2/',
    ]);
    enterChat('en');
    expect(hrefs()).toEqual(web);
  });
});

describe('chat mode’s brand and product screens', () => {
  it('open a brand on its chat page', () => {
    expect(chatBrandHref(5)).toBe('/chat/brands/5/');
  });

  it('open a product on its brand’s chat page, as product-rules.ts did without a language', () => {
    expect(chatProductHref(5, 82)).toBe('/chat/brands/5/?product=82');
  });

  it.each(['en', 'zh', 'ko'] as const)('tell it the language %s, as the scanner did', (language) => {
    expect(chatProductHref(5, 82, language)).toBe(`/chat/brands/5/?product=82&lang=${language}`);
  });
});

describe('aliases in per-visitor URLs', () => {
  it('accepts 16 to 64 URL-safe characters, as the contract says', () => {
    expect(isAlias('a'.repeat(16))).toBe(true);
    expect(isAlias('a'.repeat(64))).toBe(true);
    expect(isAlias('a'.repeat(15))).toBe(false);
    expect(isAlias('a'.repeat(65))).toBe(false);
    expect(isAlias(`${'a'.repeat(16)}.`)).toBe(false);
  });

  it('reads the alias after its section, with or without a trailing slash or /complete', () => {
    expect(aliasFromPath(`/qr/${ALIAS}/`, 'qr')).toBe(ALIAS);
    expect(aliasFromPath(`/order/${ALIAS}`, 'order')).toBe(ALIAS);
    expect(aliasFromPath(`/address/${ALIAS}/complete/`, 'address')).toBe(ALIAS);
  });

  it('reads the alias of chat mode’s pages as well', () => {
    expect(aliasFromPath(`/chat/qr/${ALIAS}/`, 'qr')).toBe(ALIAS);
    expect(aliasFromPath(`/chat/order/${ALIAS}/`, 'order')).toBe(ALIAS);
  });

  it('gives null for a missing, malformed or foreign alias (the page shows 404 without calling the API)', () => {
    expect(aliasFromPath('/qr/', 'qr')).toBeNull();
    expect(aliasFromPath('/qr/_/', 'qr')).toBeNull();
    expect(aliasFromPath('/qr/%E0%A4%A/', 'qr')).toBeNull();
    expect(aliasFromPath(`/qr/${ALIAS}<script>/`, 'qr')).toBeNull();
    expect(aliasFromPath(`/order/${ALIAS}/`, 'qr')).toBeNull();
  });
});

describe('the hrefs of the bag and the QR hand-off', () => {
  it('are the web catalogue’s pages on the web', () => {
    expect(homeHref()).toBe('/');
    expect(shopHref()).toBe('/area/');
    expect(bagHref()).toBe('/cart/');
    expect(termsHref()).toBe('/terms/');
    expect(qrHref(ALIAS)).toBe(`/qr/${ALIAS}/`);
    expect(qrTimeoutHref()).toBe('/qr/timeout/');
    expect(orderHref(ALIAS)).toBe(`/order/${ALIAS}/`);
    expect(addressHref(ALIAS)).toBe(`/address/${ALIAS}/`);
    expect(addressCompleteHref(ALIAS)).toBe(`/address/${ALIAS}/complete/`);
  });

  it('stay on chat mode’s pages in chat mode, the address step included', () => {
    enterChat('ko');
    expect(homeHref()).toBe('/chat/');
    expect(shopHref()).toBe('/chat/');
    expect(bagHref()).toBe('/chat/cart/');
    expect(termsHref()).toBe('/chat/terms/');
    expect(qrHref(ALIAS)).toBe(`/chat/qr/${ALIAS}/`);
    expect(qrTimeoutHref()).toBe('/chat/qr/timeout/');
    expect(orderHref(ALIAS)).toBe(`/chat/order/${ALIAS}/`);
    expect(addressHref(ALIAS)).toBe(`/chat/address/${ALIAS}/`);
    expect(addressCompleteHref(ALIAS)).toBe(`/chat/address/${ALIAS}/complete/`);
  });

  it('tell the QR page the visitor’s language when asked to', () => {
    enterChat('zh');
    expect(qrHref(ALIAS, 'zh')).toBe(`/chat/qr/${ALIAS}/?lang=zh`);
  });
});

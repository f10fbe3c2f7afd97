// @vitest-environment happy-dom
import { localeStrings } from '../../i18n/build-time.ts';
import { translate } from '../../i18n/translate.ts';
import { summaryPrice } from '../../lib/format/list-price.ts';
import { formatPrice } from '../../lib/format/price.ts';
import { installChatLanguage } from './chat-i18n.ts';

describe('chat mode strings', () => {
  it('speak English with its plural forms', () => {
    const en = localeStrings('en');
    expect(translate(en, 'en', 'bag.count', { count: 1 })).toBe('1 item');
    expect(translate(en, 'en', 'bag.count', { count: 3 })).toBe('3 items');
    expect(translate(en, 'en', 'chat.search.found', { count: 2, query: 'tea' })).toBe(
      'I found 2 matches for “tea”:',
    );
  });

  it('speak Simplified Chinese and Korean, which have one form', () => {
    const zh = localeStrings('zh');
    const ko = localeStrings('ko');
    expect(translate(zh, 'zh', 'bag.count', { count: 1 })).toBe('共1件商品');
    expect(translate(ko, 'ko', 'bag.count', { count: 2 })).toBe('상품 2개');
  });

  it('leave markup in a placeholder as text for React to escape, not as HTML entities', () => {
    const en = localeStrings('en');
    expect(translate(en, 'en', 'chat.search.none', { query: '<b>' })).toContain('“<b>”');
  });
});

describe('a chat page in Korean', () => {
  beforeEach(() => {
    vi.resetModules();
    document.documentElement.lang = 'ko';
  });
  afterEach(() => {
    document.documentElement.lang = '';
    vi.resetModules();
  });

  it('speaks Korean in the shared screens and the price label', async () => {
    const { strings } = await import('../../i18n/index.ts');
    const { bag } = await import('../../i18n/bag/part.ts');
    const t = await strings(bag);
    const chat = await import('./chat-i18n.ts');
    const price = await import('../../lib/format/price.ts');
    const listPrice = await import('../../lib/format/list-price.ts');
    chat.installChatLanguage('ko');
    expect(t('bag.count', { count: 2 })).toBe('상품 2개');
    expect(price.formatPrice(1234)).toBe('¥1,234(세금 포함)');
    expect(listPrice.summaryPrice({ price: 1000, maxPrice: 2000, compareAtPrice: null }).price).toBe(
      '¥1,000(세금 포함)부터',
    );
  });
});

describe('a Japanese page', () => {
  it('words prices in Japanese until chat mode is installed', () => {
    expect(formatPrice(1234)).toBe('¥1,234（税込）');
    expect(summaryPrice({ price: 1000, maxPrice: 2000, compareAtPrice: null }).price).toBe(
      '¥1,000（税込）〜',
    );
    expect(typeof installChatLanguage).toBe('function');
  });
});

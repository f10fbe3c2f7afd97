import { t } from '../../i18n/index.ts';
import { summaryPrice } from '../../lib/format/list-price.ts';
import { formatPrice } from '../../lib/format/price.ts';
import { createChatI18n, installChatI18n } from './chat-i18n.ts';

describe('chat mode strings', () => {
  it('speak English with its plural forms', async () => {
    const i18n = await createChatI18n('en');
    expect(i18n.t('bag.count', { count: 1 })).toBe('1 item');
    expect(i18n.t('bag.count', { count: 3 })).toBe('3 items');
    expect(i18n.t('chat.search.found', { count: 2, query: 'tea' })).toBe('I found 2 matches for “tea”:');
  });

  it('speak Simplified Chinese and Korean, which have one form', async () => {
    expect((await createChatI18n('zh')).t('bag.count', { count: 1 })).toBe('共1件商品');
    expect((await createChatI18n('ko')).t('bag.count', { count: 2 })).toBe('상품 2개');
  });

  it('leave markup in a placeholder as text for React to escape, not as HTML entities', async () => {
    const i18n = await createChatI18n('en');
    expect(i18n.t('chat.search.none', { query: '<b>' })).toContain('“<b>”');
  });

  it('once installed, make the shared screens and the price label speak the language', async () => {
    installChatI18n(await createChatI18n('ko'));
    expect(t('bag.title')).toBe('쇼핑백');
    expect(formatPrice(1234)).toBe('¥1,234(세금 포함)');
    expect(summaryPrice({ price: 1000, maxPrice: 2000, compareAtPrice: null }).price).toBe(
      '¥1,000(세금 포함)부터',
    );
  });
});

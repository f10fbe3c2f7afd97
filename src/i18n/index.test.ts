// @vitest-environment happy-dom
import { t } from './index.ts';

describe('UI strings', () => {
  it('gives the Japanese string for a key', () => {
    expect(t('error.home')).toBe('ホームに戻る');
  });

  it('fills placeholders and leaves unknown ones visible', () => {
    expect(t('area.products.count', { count: 12 })).toBe('12点の商品');
    expect(t('area.products.count')).toBe('{count}点の商品');
  });
});

describe("the page's language", () => {
  afterEach(() => {
    document.documentElement.lang = '';
    vi.resetModules();
  });

  it.each([
    ['en', 'Shopping bag'],
    ['zh-Hans', '购物袋'],
    ['ko', '쇼핑백'],
    ['ja', 'ショッピングバッグ'],
    ['fr', 'ショッピングバッグ'],
  ])('<html lang="%s"> shows %s', async (lang, title) => {
    document.documentElement.lang = lang;
    vi.resetModules();
    const { t } = await import('./index.ts');
    expect(t('bag.title')).toBe(title);
  });
});

// @vitest-environment happy-dom
import { bag } from './bag/part.ts';
import { strings } from './index.ts';
import { shared } from './shared/part.ts';

describe('UI strings', () => {
  it('gives the Japanese string for a key of the parts loaded', async () => {
    const t = await strings(shared, bag);
    expect(t('error.home')).toBe('ホームに戻る');
    expect(t('bag.empty.cta')).toBe('ギフトを探す');
  });

  it('fills placeholders and leaves unknown ones visible', async () => {
    const t = await strings(bag);
    expect(t('bag.count', { count: 12 })).toBe('12点の商品');
    expect(t('bag.count')).toBe('{count}点の商品');
  });

  it('knows only the keys of its parts: another part’s key is a type error, and shows as the key', async () => {
    const t = await strings(bag);
    // @ts-expect-error a key of the shared part, which this translator did not load
    expect(t('error.home')).toBe('error.home');
  });
});

describe("the page's language", () => {
  afterEach(() => {
    document.documentElement.lang = '';
    vi.resetModules();
  });

  it.each([
    ['en', 'Items in your bag'],
    ['zh-Hans', '购物袋中的商品'],
    ['ko', '쇼핑백에 담긴 상품'],
    ['ja', 'バッグの商品'],
    ['fr', 'バッグの商品'],
  ])('<html lang="%s"> shows %s', async (lang, title) => {
    document.documentElement.lang = lang;
    vi.resetModules();
    const { strings } = await import('./index.ts');
    const parts = await import('./bag/part.ts');
    const t = await strings(parts.bag);
    expect(t('bag.lines')).toBe(title);
  });
});

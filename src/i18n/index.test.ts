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

import { normalizeForSearch, searchBrands } from './brand-search.ts';

const brands = [
  { id: 1, name: '京菓子司 香月堂' },
  { id: 2, name: '洋菓子工房 ルミエール' },
  { id: 8, name: '珈琲焙煎所 月灯り' },
  { id: 9, name: 'Kitahama Store' },
];

describe('brand search', () => {
  it('finds brands whose name contains the query', () => {
    expect(searchBrands(brands, '香月').map((b) => b.id)).toEqual([1]);
    expect(searchBrands(brands, '菓子').map((b) => b.id)).toEqual([1, 2]);
  });

  it('lists every brand for an empty or blank query', () => {
    expect(searchBrands(brands, '')).toHaveLength(4);
    expect(searchBrands(brands, '  　')).toHaveLength(4);
  });

  it('matches katakana typed as hiragana and half-width kana', () => {
    expect(searchBrands(brands, 'るみえーる').map((b) => b.id)).toEqual([2]);
    expect(searchBrands(brands, 'ﾙﾐｴｰﾙ').map((b) => b.id)).toEqual([2]);
  });

  it('matches letters regardless of width and case, and ignores spaces', () => {
    expect(searchBrands(brands, 'ＫＩＴＡＨＡＭＡ').map((b) => b.id)).toEqual([9]);
    expect(searchBrands(brands, 'kitahamastore').map((b) => b.id)).toEqual([9]);
    expect(searchBrands(brands, '京菓子司　香月堂').map((b) => b.id)).toEqual([1]);
  });

  it('finds nothing when no name matches', () => {
    expect(searchBrands(brands, 'チョコ')).toEqual([]);
  });

  it('normalises the same text the same way', () => {
    expect(normalizeForSearch('ルミエール')).toBe(normalizeForSearch('るみえーる'));
  });
});

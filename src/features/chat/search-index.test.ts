import { sampleProduct } from '../../../tests/fixtures/catalogue.ts';
import type { Product } from '../../lib/catalog/types.ts';
import { buildSearchIndex, MAX_PRODUCTS, queryWords, search, searchKey } from './search-index.ts';

function titled(product: Product, title: string): Product {
  return { ...product, title };
}

const japanese = [
  titled(sampleProduct(1, [1], 1), '宇治抹茶 3缶入'),
  titled(sampleProduct(2, [2], 2), 'バウムクーヘン'),
  titled(sampleProduct(3, [2], 2), 'マドレーヌ 6個入'),
];
const english = [
  titled(sampleProduct(1, [1], 1), 'Uji Matcha, 3 tins'),
  titled(sampleProduct(2, [2], 2), 'Baumkuchen'),
  titled(sampleProduct(3, [2], 2), 'Crème Madeleines, 6 pieces'),
];
const tenants = [
  { id: 1, name: '茶舗 翠園', logoSrc: 'http://img.test/t/1.png', description: '', officialSiteUrl: null },
  {
    id: 2,
    name: '洋菓子工房 ルミエール',
    logoSrc: 'http://img.test/t/2.png',
    description: '',
    officialSiteUrl: null,
  },
];
const index = buildSearchIndex('en', english, japanese, tenants);

describe('type-to-find in chat', () => {
  it('finds a product by its name in the visitor language, whatever the case', () => {
    expect(search(index, 'matcha').products.map((p) => p.id)).toEqual([1]);
    expect(search(index, 'BAUM').products.map((p) => p.id)).toEqual([2]);
  });

  it('finds a product by its Japanese name, katakana or hiragana, full or half width', () => {
    expect(search(index, 'まどれーぬ').products.map((p) => p.id)).toEqual([3]);
    expect(search(index, 'ﾊﾞｳﾑ').products.map((p) => p.id)).toEqual([2]);
    expect(search(index, '抹茶').products.map((p) => p.id)).toEqual([1]);
  });

  it('ignores Latin accents and needs every word typed', () => {
    expect(search(index, 'creme madeleines').products.map((p) => p.id)).toEqual([3]);
    expect(search(index, 'creme baumkuchen').products).toEqual([]);
  });

  it('finds a brand by its name, and the brand products by the brand name', () => {
    const result = search(index, 'ルミエール');
    expect(result.brands.map((b) => b.id)).toEqual([2]);
    expect(result.products.map((p) => p.id)).toEqual([]);
    expect(search(index, 'ブランド2').products.map((p) => p.id)).toEqual([2, 3]);
  });

  it('opens a found product on its brand chat page', () => {
    expect(search(index, 'matcha').products[0]?.href).toBe('/chat/brands/1/?product=1');
  });

  it('shows at most six products and counts all that matched', () => {
    const many = Array.from({ length: 9 }, (_, i) => titled(sampleProduct(i + 1, [1]), `Tea ${i}`));
    const result = search(buildSearchIndex('en', many, many, tenants), 'tea');
    expect(result.products).toHaveLength(MAX_PRODUCTS);
    expect(result.count).toBe(9);
  });

  it('finds nothing for a query with nothing to search', () => {
    expect(queryWords('  、 ')).toEqual([]);
    expect(search(index, ' ')).toEqual({ brands: [], products: [], count: 0 });
  });

  it('compares names in one form', () => {
    expect(searchKey('Ｃｒèｍｅ ﾏｯﾁｬ')).toBe('cremeまっちゃ');
  });
});

import { pricedVariant, sampleProduct } from '../../../tests/fixtures/catalogue.ts';
import type { Product, Tenant } from '../../lib/catalog/types.ts';
import {
  buildSearchIndex,
  isSearchIndex,
  MAX_PRODUCTS,
  queryWords,
  type SearchTexts,
  search,
  searchKey,
} from './search-index.ts';

const tenants: Tenant[] = [
  { id: 1, name: '茶舗 翠園', logoSrc: 'http://img.test/t/1.png', description: '', officialSiteUrl: null },
  {
    id: 2,
    name: '洋菓子工房 ルミエール',
    logoSrc: 'http://img.test/t/2.png',
    description: '',
    officialSiteUrl: null,
  },
  {
    id: 3,
    name: '京菓子司 香月堂',
    logoSrc: 'http://img.test/t/3.png',
    description: '',
    officialSiteUrl: null,
  },
  { id: 4, name: 'こもれび', logoSrc: 'http://img.test/t/4.png', description: '', officialSiteUrl: null },
  {
    id: 5,
    name: '珈琲焙煎所 月灯り',
    logoSrc: 'http://img.test/t/5.png',
    description: '',
    officialSiteUrl: null,
  },
];

/** A product of brand `tenantId` titled `title`, its brand named `brand` (as the API names it in a language). */
function product(
  id: number,
  tenantId: number,
  title: string,
  brand: string,
  variants?: Product['variants'],
): Product {
  const base = sampleProduct(id, [1], tenantId, variants);
  return { ...base, title, tenant: { ...base.tenant, name: brand } };
}

const brandNames: Record<string, Record<number, string>> = {
  ja: {
    1: '茶舗 翠園',
    2: '洋菓子工房 ルミエール',
    3: '京菓子司 香月堂',
    4: 'こもれび',
    5: '珈琲焙煎所 月灯り',
  },
  en: {
    1: 'Suien Tea House',
    2: 'Pâtisserie Lumière',
    3: 'Kōgetsudō Kyoto Confectioners',
    4: 'こもれび',
    5: 'Tsukiakari Coffee Roastery',
  },
  zh: { 1: '翠园茶铺', 2: '露米埃尔西点工坊', 3: '京果子司 香月堂', 4: 'こもれび', 5: '月灯咖啡烘焙坊' },
  ko: {
    1: '스이엔 찻집',
    2: '양과자 공방 루미에르',
    3: '교토 화과자 고게쓰도',
    4: 'こもれび',
    5: '쓰키아카리 커피 로스터리',
  },
};
const titles: Record<string, string[]> = {
  ja: [
    '宇治抹茶 3缶入',
    'バウムクーヘン',
    'マドレーヌ 6個入',
    '本練り羊羹',
    'ドリップバッグ',
    'ガーゼタオル',
  ],
  en: [
    'Uji Matcha, 3 tins',
    'Baumkuchen',
    'Crème Madeleines, 6 pieces',
    'Neri Yokan',
    'Drip Bags',
    'Gauze Towel',
  ],
  zh: ['宇治抹茶 3罐装', '年轮蛋糕', '玛德琳蛋糕 6个装', '炼羊羹', '挂耳咖啡', '纱布毛巾'],
  ko: ['우지 말차 3캔', '바움쿠헨', '마들렌 6개입', '네리 양갱', '드립백', '거즈 타월'],
};
const brandOfProduct = [1, 2, 2, 3, 5, 4];
function catalogue(lang: string): Product[] {
  return (titles[lang] ?? []).map((title, i) => {
    const tenantId = brandOfProduct[i] ?? 1;
    return product(i + 1, tenantId, title, brandNames[lang]?.[tenantId] ?? '');
  });
}
const index = (lang: 'en' | 'zh' | 'ko') =>
  buildSearchIndex(lang, catalogue(lang), catalogue('ja'), tenants, catalogue('en'));
const en = index('en');
const zh = index('zh');
const ko = index('ko');
const productIds = (result: ReturnType<typeof search>) => result.products.map((p) => p.id);
const brandIds = (result: ReturnType<typeof search>) => result.brands.map((b) => b.id);

describe('type-to-find in chat', () => {
  it('finds a product by its name in the visitor language, whatever the case', () => {
    expect(productIds(search(en, 'matcha'))).toEqual([1]);
    expect(productIds(search(en, 'BAUM'))).toEqual([2]);
    expect(productIds(search(ko, '바움쿠헨'))).toEqual([2]);
  });

  it('finds a product by its Japanese name, katakana or hiragana, full or half width, or romanised', () => {
    expect(productIds(search(en, 'まどれーぬ'))).toEqual([3]);
    expect(productIds(search(en, 'ﾊﾞｳﾑ'))).toEqual([2]);
    expect(productIds(search(zh, '抹茶'))).toEqual([1]);
    expect(productIds(search(ko, 'dorippu'))).toEqual([5]);
  });

  it('finds a product by its English name in every language', () => {
    expect(productIds(search(zh, 'towel'))).toEqual([6]);
    expect(productIds(search(ko, 'Madeleines'))).toEqual([3]);
  });

  it('ignores Latin accents, spaces and width, and needs every word typed', () => {
    expect(productIds(search(en, 'creme madeleines'))).toEqual([3]);
    expect(productIds(search(en, 'ＣＲＥＭＥ'))).toEqual([3]);
    expect(productIds(search(en, 'creme baumkuchen'))).toEqual([]);
  });

  it('finds a brand by its name in the language, in English, in Japanese and romanised', () => {
    expect(brandIds(search(ko, '루미에르'))).toEqual([2]);
    expect(brandIds(search(en, 'Lumiere'))).toEqual([2]);
    expect(brandIds(search(zh, 'lumiere'))).toEqual([2]);
    expect(brandIds(search(en, 'Kougetsudo'))).toEqual([3]);
    expect(brandIds(search(ko, 'kogetsudou'))).toEqual([3]);
    expect(brandIds(search(en, 'ルミエール'))).toEqual([2]);
    expect(brandIds(search(zh, 'rumieru'))).toEqual([2]);
    expect(brandIds(search(en, 'komorebi'))).toEqual([4]);
  });

  it("finds a brand's products by its names, so a kind of goods in English finds them in any language", () => {
    expect(productIds(search(en, 'lumiere'))).toEqual([2, 3]);
    expect(productIds(search(zh, 'coffee'))).toEqual([5]);
    expect(brandIds(search(zh, 'coffee'))).toEqual([5]);
    expect(productIds(search(ko, 'COFFEE'))).toEqual([5]);
  });

  it('names a brand in the language where the API has it, romanised kana otherwise, else in Japanese', () => {
    const names = (i: ReturnType<typeof index>) => Object.fromEntries(i.brands.map((b) => [b.id, b.name]));
    expect(names(ko)).toMatchObject({ 2: '양과자 공방 루미에르', 4: 'Komorebi' });
    expect(names(en)).toMatchObject({ 3: 'Kōgetsudō Kyoto Confectioners', 4: 'Komorebi' });
    const untranslated = buildSearchIndex('zh', catalogue('ja'), catalogue('ja'), tenants, catalogue('en'));
    expect(untranslated.brands.find((b) => b.id === 3)).toMatchObject({ name: '京菓子司 香月堂', ja: true });
    expect(untranslated.brands.find((b) => b.id === 4)).toMatchObject({ name: 'Komorebi' });
    expect(untranslated.brands.find((b) => b.id === 4)?.ja).toBeUndefined();
  });

  it('gives each found product its brand name in the language and its chat link', () => {
    const [found] = search(ko, '말차').products;
    expect(found).toMatchObject({ tenantName: '스이엔 찻집', href: '/chat/brands/1/?product=1' });
  });

  it('counts and gives every match: the reply shows the first few and can show the rest', () => {
    const many = Array.from({ length: 9 }, (_, i) => product(i + 1, 1, `Tea ${i}`, 'Suien Tea House'));
    const result = search(buildSearchIndex('en', many, many, tenants), 'tea');
    expect(result.products).toHaveLength(9);
    expect(result.brands.map((b) => b.id)).toEqual([1]);
    expect(result.count).toBe(10);
    expect(MAX_PRODUCTS).toBeLessThan(9);
  });

  it('tells products with the same title apart by their options, only when both are found', () => {
    const option = (value: string) => ({
      name: 'count',
      value,
      displayName: 'Quantity',
      displayValue: value,
    });
    const boxes = (...values: string[]) =>
      values.map((value, i) => ({ ...pricedVariant(i + 1, 1000 * (i + 1)), options: [option(value)] }));
    const twins = [
      product(1, 1, 'Uji Matcha', 'Suien', boxes('Box of 3', 'Box of 6')),
      product(2, 1, 'Uji Matcha', 'Suien', boxes('Box of 10')),
      product(3, 1, 'Sencha', 'Suien', boxes('Box of 3')),
    ];
    const twinIndex = buildSearchIndex('en', twins, twins, tenants);
    expect(search(twinIndex, 'matcha').products.map((p) => p.detail)).toEqual([
      'Box of 3, Box of 6',
      'Box of 10',
    ]);
    expect(search(twinIndex, 'sencha').products.map((p) => p.detail)).toEqual([undefined]);
  });

  it('finds nothing for a query with nothing to search', () => {
    expect(queryWords('  、 ')).toEqual([]);
    expect(search(en, ' ')).toEqual({ brands: [], products: [], count: 0 });
  });

  it('compares names in one form: width, case, accents, kana and long vowels', () => {
    expect(searchKey('Ｃｒèｍｅ ﾏｯﾁｬ')).toBe('cremeまっちゃ');
    expect(searchKey('Kōgetsudō')).toBe(searchKey('Kougetsudou'));
    expect(searchKey('KOGETSUDO')).toBe(searchKey('kougetsudo'));
  });

  it('finds a Korean name whatever way ツ and タオル are written: 쓰, 츠 or 쯔; 타월 or 타올', () => {
    expect(brandIds(search(ko, '고게츠도'))).toEqual([3]);
    expect(brandIds(search(ko, '쯔키아카리'))).toEqual([5]);
    expect(productIds(search(ko, '츠키아카리'))).toEqual([5]);
    expect(productIds(search(ko, '거즈 타올'))).toEqual([6]);
    expect(searchKey('츠키')).toBe(searchKey('쓰키'));
    expect(searchKey('친구')).toBe('친구');
  });

  it('finds names and titles by the other spellings the build gives (Chinese in traditional characters)', () => {
    const traditional: SearchTexts = {
      spellings: (text) => [text.replaceAll('园', '園').replaceAll('纱', '紗').replaceAll('灯', '燈')],
    };
    const zhIndex = buildSearchIndex(
      'zh',
      catalogue('zh'),
      catalogue('ja'),
      tenants,
      catalogue('en'),
      traditional,
    );
    expect(brandIds(search(zhIndex, '翠園'))).toEqual([1]);
    expect(brandIds(search(zhIndex, '月燈'))).toEqual([5]);
    expect(productIds(search(zhIndex, '紗布毛巾'))).toEqual([6]);
    expect(productIds(search(zh, '紗布毛巾'))).toEqual([]);
  });

  it('finds products by the texts the build adds: their description, the everyday word for their goods', () => {
    const texts: SearchTexts = {
      product: (p) => (p.id === 6 ? ['피부에 부드러운 거즈', '수건'] : p.id === 1 ? ['녹차'] : []),
    };
    const koIndex = buildSearchIndex('ko', catalogue('ko'), catalogue('ja'), tenants, catalogue('en'), texts);
    expect(productIds(search(koIndex, '수건'))).toEqual([6]);
    expect(productIds(search(koIndex, '피부'))).toEqual([6]);
    expect(productIds(search(koIndex, '녹차'))).toEqual([1]);
    expect(productIds(search(ko, '수건'))).toEqual([]);
  });

  it('takes a fetched index only when it has the shape this code searches', () => {
    expect(isSearchIndex(JSON.parse(JSON.stringify(en)))).toBe(true);
    expect(isSearchIndex({ language: 'en', brands: [{ id: 1, name: 'x' }], products: [] })).toBe(false);
    expect(isSearchIndex(null)).toBe(false);
  });
});

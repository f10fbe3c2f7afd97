import { Catalog } from './catalog.ts';
import { Store } from './db.ts';
import { seededDb } from './test-helpers.ts';

describe('the catalogue as the server assembles it', () => {
  test('serves a whole catalogue in every language from memory once read, as a build reads it', () => {
    const store = new Store(seededDb(50));
    // Room for fewer products than the catalogue has in its four languages, as at 10,000 products.
    const catalog = new Catalog(store, 'http://localhost', { minCached: 60 });
    const assembled = vi.spyOn(store.productsByIds, 'all');
    const readAll = () => {
      for (const lang of ['ja', 'en', 'zh', 'ko'] as const) {
        for (let page = 1; page <= 5; page++) catalog.pageJson({}, page, 10, lang);
      }
    };
    readAll();
    expect(assembled).toHaveBeenCalledTimes(20);
    const first = JSON.parse(catalog.pageJson({}, 1, 10, 'zh'));
    assembled.mockClear();
    readAll();
    expect(assembled).not.toHaveBeenCalled();
    expect(JSON.parse(catalog.pageJson({}, 1, 10, 'zh'))).toEqual(first);
    expect(first.products).toHaveLength(10);
    expect(first.count).toBe(50);
  });
});

describe("a product's brand in a language", () => {
  const catalog = new Catalog(new Store(seededDb(50)), 'http://localhost');
  const brandIn = (lang: 'ja' | 'en' | 'zh' | 'ko', tenantId: number) =>
    JSON.parse(catalog.pageJson({ tenantIds: [tenantId] }, 1, 1, lang)).products[0].tenant;
  const brandOf = (lang: 'ja' | 'en' | 'zh' | 'ko') => brandIn(lang, 2);

  test('is named in that language where the data has the name', () => {
    expect(brandOf('ja').name).toBe('洋菓子工房 ルミエール');
    expect(brandOf('en').name).toBe('Pâtisserie Lumière');
    expect(brandOf('ko').name).toBe('양과자 공방 루미에르');
  });

  test('keeps its Japanese name in a language the data has none in, and all else as it is', () => {
    expect(brandIn('zh', 4).name).toBe('白鷺酒造');
    expect(brandOf('en')).toEqual({ ...brandOf('ja'), name: 'Pâtisserie Lumière' });
  });
});

describe('the brand list in a language', () => {
  const catalog = new Catalog(new Store(seededDb(50)), 'http://localhost');
  const named = (lang: 'ja' | 'en' | 'zh' | 'ko', areaId?: number) =>
    new Map(catalog.filters(areaId, lang).map((tenant) => [tenant.id, tenant]));

  test("names each brand as a product's brand is named in that language", () => {
    for (const lang of ['ja', 'en', 'zh', 'ko'] as const) {
      for (const [id, tenant] of named(lang)) {
        const product = JSON.parse(catalog.pageJson({ tenantIds: [id] }, 1, 1, lang)).products[0];
        if (product) expect(tenant).toEqual(product.tenant);
      }
    }
    expect(named('zh').get(2)?.name).toBe('露米埃尔西点工坊');
    expect(named('zh').get(4)?.name).toBe('白鷺酒造');
  });

  test('lists the same brands in the same order in every language, in an area too', () => {
    const ids = (lang: 'ja' | 'ko', areaId?: number) => [...named(lang, areaId).keys()];
    expect(ids('ko')).toEqual(ids('ja'));
    expect(ids('ko', 3)).toEqual(ids('ja', 3));
    for (const [id, tenant] of named('ko', 3)) expect(tenant).toEqual(named('ko').get(id));
  });
});

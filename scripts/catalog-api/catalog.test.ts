import { Catalog } from './catalog.ts';
import { Store } from './store.ts';
import { seededDatabase } from './test-helpers.ts';

describe('the catalogue as the server assembles it', () => {
  test('serves a whole catalogue in every language from memory once read, as a build reads it', async () => {
    const store = Store.of(await seededDatabase(50));
    // Room for fewer products than the catalogue has in its four languages, as at 10,000 products.
    const catalog = await Catalog.load(store, 'http://localhost', { minCached: 60 });
    const assembled = vi.spyOn(store, 'productsByIds');
    const readAll = async () => {
      for (const lang of ['ja', 'en', 'zh', 'ko'] as const) {
        for (let page = 1; page <= 5; page++) await catalog.pageJson({}, page, 10, lang);
      }
    };
    await readAll();
    expect(assembled).toHaveBeenCalledTimes(20);
    const first = JSON.parse(await catalog.pageJson({}, 1, 10, 'zh'));
    assembled.mockClear();
    await readAll();
    expect(assembled).not.toHaveBeenCalled();
    expect(JSON.parse(await catalog.pageJson({}, 1, 10, 'zh'))).toEqual(first);
    expect(first.products).toHaveLength(10);
    expect(first.count).toBe(50);
  });
});

describe("a product's brand in a language", () => {
  let catalog: Catalog;
  beforeAll(async () => {
    catalog = await Catalog.load(Store.of(await seededDatabase(50)), 'http://localhost');
  });
  const brandIn = async (lang: 'ja' | 'en' | 'zh' | 'ko', tenantId: number) =>
    JSON.parse(await catalog.pageJson({ tenantIds: [tenantId] }, 1, 1, lang)).products[0].tenant;
  const brandOf = (lang: 'ja' | 'en' | 'zh' | 'ko') => brandIn(lang, 2);

  test('is named in that language where the data has the name', async () => {
    expect((await brandOf('ja')).name).toBe('洋菓子工房 ルミエール');
    expect((await brandOf('en')).name).toBe('Pâtisserie Lumière');
    expect((await brandOf('ko')).name).toBe('양과자 공방 루미에르');
  });

  test('keeps its Japanese name in a language the data has none in, and all else as it is', async () => {
    expect((await brandIn('zh', 4)).name).toBe('白鷺酒造');
    expect(await brandOf('en')).toEqual({ ...(await brandOf('ja')), name: 'Pâtisserie Lumière' });
  });
});

describe('the brand list in a language', () => {
  let catalog: Catalog;
  beforeAll(async () => {
    catalog = await Catalog.load(Store.of(await seededDatabase(50)), 'http://localhost');
  });
  const named = async (lang: 'ja' | 'en' | 'zh' | 'ko', areaId?: number) =>
    new Map((await catalog.filters(areaId, lang)).map((tenant) => [tenant.id, tenant]));

  test("names each brand as a product's brand is named in that language", async () => {
    for (const lang of ['ja', 'en', 'zh', 'ko'] as const) {
      for (const [id, tenant] of await named(lang)) {
        const product = JSON.parse(await catalog.pageJson({ tenantIds: [id] }, 1, 1, lang)).products[0];
        if (product) expect(tenant).toEqual(product.tenant);
      }
    }
    expect((await named('zh')).get(2)?.name).toBe('露米埃尔西点工坊');
    expect((await named('zh')).get(4)?.name).toBe('白鷺酒造');
  });

  test('lists the same brands in the same order in every language, in an area too', async () => {
    const ids = async (lang: 'ja' | 'ko', areaId?: number) => [...(await named(lang, areaId)).keys()];
    expect(await ids('ko')).toEqual(await ids('ja'));
    expect(await ids('ko', 3)).toEqual(await ids('ja', 3));
    const all = await named('ko');
    for (const [id, tenant] of await named('ko', 3)) expect(tenant).toEqual(all.get(id));
  });
});

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

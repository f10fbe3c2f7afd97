import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sampleProduct, tenant } from '../../../tests/fixtures/catalogue.ts';
import type { Area, Product } from '../../lib/catalog/types.ts';
import { catalogueEntry, productPages, tagPagePaths } from './catalogue-data.ts';
import { writeSnapshot } from './snapshot.ts';

const area = (id: number, description = `売場${id}`): Area => ({
  id,
  place: 'a',
  imageSrc: `http://img.test/a/${id}.jpg`,
  description,
});

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'catalogue-data-'));
  vi.stubEnv('BUILD_ID', 'build-1');
  vi.stubEnv('BUILD_INPUTS', 'inputs-1');
  vi.stubEnv('CODE_VERSION', 'code-1');
  vi.stubEnv('CATALOGUE_SNAPSHOT', join(dir, 'snapshot.ndjson'));
});
afterEach(() => {
  vi.unstubAllEnvs();
  rmSync(dir, { recursive: true, force: true });
});

/** Writes a catalogue as the build's snapshot (a new build id each time, as a new build would). */
let builds = 0;
function build(areas: Area[], products: Product[]) {
  vi.stubEnv('BUILD_ID', `build-${++builds}`);
  writeSnapshot({ areas, tenants: [tenant(1, '香月堂')], products }, `build-${builds}`);
}

/** Each product page's cache key, by path. */
function keys() {
  return new Map(productPages().map((page) => [`${page.params.id}/${page.params.productId}`, page.cacheKey]));
}

describe('the pages’ one door to the catalogue', () => {
  it('hands each product page its product, its area and every area (the guide), and nothing else', () => {
    const areas = [area(1), area(2)];
    build(areas, [sampleProduct(7, [1, 2])]);
    const pages = productPages();
    expect(pages.map((page) => page.params)).toEqual([
      { id: '1', productId: '7' },
      { id: '2', productId: '7' },
    ]);
    for (const page of pages) {
      expect(Object.keys(page.props).sort()).toEqual(['area', 'areas', 'product']);
      expect(page.props.areas).toEqual(areas);
      expect(catalogueEntry(page.props.product).product.title).toBe('商品7');
    }
  });

  it("changes a product page's key when anything it is handed changes, and only that page's", () => {
    const products = [sampleProduct(7, [1]), sampleProduct(8, [1])];
    build([area(1)], products);
    const before = keys();
    build([area(1)], products);
    expect(keys()).toEqual(before);

    build([area(1)], [{ ...sampleProduct(7, [1]), title: '新しい名前' }, sampleProduct(8, [1])]);
    const retitled = keys();
    expect(retitled.get('1/7')).not.toBe(before.get('1/7'));
    expect(retitled.get('1/8')).toBe(before.get('1/8'));

    build([area(1, '新しい説明')], products);
    const described = keys();
    expect(described.get('1/7')).not.toBe(before.get('1/7'));
    expect(described.get('1/8')).not.toBe(before.get('1/8'));

    vi.stubEnv('BUILD_INPUTS', 'inputs-2');
    build([area(1)], products);
    expect(keys().get('1/8')).not.toBe(before.get('1/8'));
  });

  it("changes every product page's key with the code's version the page carries, not with the build's id", () => {
    const products = [sampleProduct(7, [1])];
    build([area(1)], products);
    const before = keys();
    build([area(1)], products);
    expect(keys()).toEqual(before);
    vi.stubEnv('CODE_VERSION', 'code-2');
    expect(keys().get('1/7')).not.toBe(before.get('1/7'));
  });

  it('hands each tag page its tag, its products as the cards show them and the page count; its key follows them', async () => {
    const tagged = (id: number, title = `商品${id}`): Product => ({
      ...sampleProduct(id, [1]),
      title,
      tags: [{ id: 5, name: 'お歳暮' }],
    });
    vi.stubEnv('TAG_PAGE_SIZE', '2');
    build([area(1)], [tagged(1), tagged(2), tagged(3)]);
    const tagKeys = async () =>
      new Map((await tagPagePaths()).map((page) => [page.params.page ?? 'first', page.cacheKey]));
    const pages = await tagPagePaths();
    expect(pages.map((page) => page.params)).toEqual([
      { id: '5', page: undefined },
      { id: '5', page: 'page/2' },
    ]);
    expect(Object.keys(pages[0]?.props ?? {}).sort()).toEqual(['page', 'pageCount', 'products', 'tag']);
    expect(pages[1]?.props.products.map((product) => product.title)).toEqual(['商品3']);
    const before = await tagKeys();

    // A product's new title changes the key of the page that lists it, and only that one.
    build([area(1)], [tagged(1), tagged(2), tagged(3, '新しい名前')]);
    const retitled = await tagKeys();
    expect(retitled.get('first')).toBe(before.get('first'));
    expect(retitled.get('page/2')).not.toBe(before.get('page/2'));

    // The tag's count is on every page of it.
    build([area(1)], [tagged(1), tagged(2), tagged(3), tagged(4)]);
    const grown = await tagKeys();
    expect(grown.get('first')).not.toBe(before.get('first'));

    vi.stubEnv('CODE_VERSION', 'code-2');
    expect((await tagKeys()).get('first')).not.toBe(grown.get('first'));
  });
});

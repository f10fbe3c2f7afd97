import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sampleProduct } from '../../../tests/fixtures/catalogue.ts';
import { productPayload } from '../../features/product/product-payload.ts';
import type { Area, Tenant } from '../../lib/catalog/types.ts';
import { writeSnapshot } from '../catalogue/snapshot.ts';
import { checkPayloadPages, writeProductPayloads } from './product-payloads.ts';

const area = (id: number): Area => ({
  id,
  place: 'a',
  imageSrc: `http://img.test/${id}.jpg`,
  description: '',
});
const tenant: Tenant = {
  id: 1,
  name: 'T',
  logoSrc: 'http://img.test/t.png',
  description: '',
  officialSiteUrl: null,
};

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'payloads-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("the product pages' payload files of a build", () => {
  it('writes one per (product, area) page in its folder, each the JSON the payload endpoint answers', async () => {
    const products = [sampleProduct(1, [1, 2]), sampleProduct(2, [2])];
    const snapshot = join(dir, 'snapshot.ndjson');
    writeSnapshot({ areas: [area(1), area(2)], tenants: [tenant], products }, 'build-1', snapshot);
    const out = join(dir, 'dist');
    // Written before Astro writes the pages: the folders are made.
    const pages = await writeProductPayloads(out, 'build-1', { snapshot });
    expect(pages.sort()).toEqual(['/area/1/products/1/', '/area/2/products/1/', '/area/2/products/2/']);
    const files = readdirSync(out, { recursive: true })
      .map(String)
      .filter((name) => name.endsWith('.json'))
      .sort();
    expect(files).toEqual([
      'area/1/products/1/_payload.json',
      'area/2/products/1/_payload.json',
      'area/2/products/2/_payload.json',
    ]);
    expect(readFileSync(join(out, 'area/2/products/1/_payload.json'), 'utf8')).toBe(
      JSON.stringify(productPayload(products[0] as (typeof products)[0], 2)),
    );
  });

  it("refuses another build's snapshot", async () => {
    const snapshot = join(dir, 'snapshot.ndjson');
    writeSnapshot(
      { areas: [area(1)], tenants: [tenant], products: [sampleProduct(1, [1])] },
      'build-1',
      snapshot,
    );
    await expect(writeProductPayloads(join(dir, 'dist'), 'build-2', { snapshot })).rejects.toThrow(
      /not of this build/,
    );
  });
});

describe("the build's product pages and their payload files", () => {
  const built = [
    '/',
    'area/1/',
    'area/1/products/1/',
    '/area/2/products/1',
    'area/2/products/2/',
    'brands/1/',
  ];

  it('match when every product page Astro built has a payload file and no payload file lacks its page', () => {
    expect(
      checkPayloadPages(built, ['/area/1/products/1/', '/area/2/products/1/', '/area/2/products/2/']),
    ).toBe(3);
  });

  it('fail the build when a product page has no payload file, naming it', () => {
    expect(() => checkPayloadPages(built, ['/area/1/products/1/', '/area/2/products/1/'])).toThrow(
      'the product page /area/2/products/2/ has no payload file',
    );
  });

  it('fail the build when a payload file was written for a page the build did not write, naming it', () => {
    expect(() =>
      checkPayloadPages(built, [
        '/area/1/products/1/',
        '/area/2/products/1/',
        '/area/2/products/2/',
        '/area/3/products/9/',
      ]),
    ).toThrow('a payload file was written for /area/3/products/9/, a page the build did not write');
  });
});

import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { productPayload } from '../features/product/product-payload.ts';
import { sampleProduct } from '../lib/catalog/fixtures.ts';
import { writeSnapshot } from '../lib/catalog/snapshot.ts';
import type { Area, Tenant } from '../lib/catalog/types.ts';
import { finishBuild, finishProductPages, stampBuildId, startBuild } from './product-payloads.ts';

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
  it('writes one per (product, area) page, each the JSON the payload endpoint answers', async () => {
    const products = [sampleProduct(1, [1, 2]), sampleProduct(2, [2])];
    const snapshot = join(dir, 'snapshot.ndjson');
    writeSnapshot({ areas: [area(1), area(2)], tenants: [tenant], products }, 'build-1', snapshot);
    const out = join(dir, 'dist');
    expect(
      await finishProductPages(pathToFileURL(`${out}/`), 'build-1', { snapshot, stampPages: false }),
    ).toEqual({ payloads: 3, stamped: 0 });
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
      JSON.stringify(productPayload(products[0] as (typeof products)[0], 2, 'build-1')),
    );
  });

  it("refuses another build's snapshot", async () => {
    const snapshot = join(dir, 'snapshot.ndjson');
    writeSnapshot(
      { areas: [area(1)], tenants: [tenant], products: [sampleProduct(1, [1])] },
      'build-1',
      snapshot,
    );
    await expect(finishProductPages(pathToFileURL(`${dir}/dist/`), 'build-2', { snapshot })).rejects.toThrow(
      /not of this build/,
    );
  });

  it("stamps a product page reused from the last build with this build's id, and leaves rendered ones alone", async () => {
    const snapshot = join(dir, 'snapshot.ndjson');
    writeSnapshot(
      { areas: [area(1)], tenants: [tenant], products: [sampleProduct(1, [1]), sampleProduct(2, [1])] },
      'build-2',
      snapshot,
    );
    const out = join(dir, 'dist');
    const page = (id: number, buildId: string) =>
      `<!DOCTYPE html><html lang="ja" data-build-id="${buildId}"><body>商品 ${id}: data-build-id="${buildId}"</body></html>`;
    mkdirSync(join(out, 'area/1/products/1'), { recursive: true });
    mkdirSync(join(out, 'area/1/products/2'), { recursive: true });
    writeFileSync(join(out, 'area/1/products/1/index.html'), page(1, 'build-1'));
    writeFileSync(join(out, 'area/1/products/2/index.html'), page(2, 'build-2'));
    expect(await finishProductPages(pathToFileURL(`${out}/`), 'build-2', { snapshot })).toEqual({
      payloads: 2,
      stamped: 1,
    });
    // Only the <html> attribute is the build's; the page's text stays as it was.
    expect(readFileSync(join(out, 'area/1/products/1/index.html'), 'utf8')).toBe(
      page(1, 'build-1').replace('lang="ja" data-build-id="build-1"', 'lang="ja" data-build-id="build-2"'),
    );
    expect(readFileSync(join(out, 'area/1/products/2/index.html'), 'utf8')).toBe(page(2, 'build-2'));
  });

  it('stamps a build id of another length too (the whole page rewritten)', async () => {
    const file = join(dir, 'index.html');
    writeFileSync(file, '<!DOCTYPE html><html lang="ja" data-build-id="b-1"><body>羊羹</body></html>');
    expect(await stampBuildId(pathToFileURL(file), '20261123T175805Z-d36g')).toBe(true);
    expect(readFileSync(file, 'utf8')).toBe(
      '<!DOCTYPE html><html lang="ja" data-build-id="20261123T175805Z-d36g"><body>羊羹</body></html>',
    );
    expect(await stampBuildId(pathToFileURL(file), '20261123T175805Z-d36g')).toBe(false);
  });

  it('fails the build when a product page is missing or carries no build id', async () => {
    const snapshot = join(dir, 'snapshot.ndjson');
    writeSnapshot(
      { areas: [area(1)], tenants: [tenant], products: [sampleProduct(1, [1])] },
      'build-1',
      snapshot,
    );
    const out = join(dir, 'dist');
    await expect(finishProductPages(pathToFileURL(`${out}/`), 'build-1', { snapshot })).rejects.toThrow(
      /ENOENT/,
    );
    mkdirSync(join(out, 'area/1/products/1'), { recursive: true });
    writeFileSync(join(out, 'area/1/products/1/index.html'), '<!DOCTYPE html><html lang="ja"></html>');
    await expect(
      stampBuildId(pathToFileURL(join(out, 'area/1/products/1/index.html')), 'build-1'),
    ).rejects.toThrow(/has no data-build-id/);
  });

  it('reuses no page after a build that did not finish: its cached pages may be newer than their record', async () => {
    const cache = pathToFileURL(`${join(dir, 'cache')}/`);
    const manifest = join(dir, 'cache', 'incremental-build.json');
    expect(await startBuild(cache, 'build-1')).toBe(false);
    writeFileSync(manifest, '{}');
    await finishBuild(cache);
    // A finished build leaves its record for the next one.
    expect(await startBuild(cache, 'build-2')).toBe(false);
    expect(existsSync(manifest)).toBe(true);
    // build-2 stops before it finishes: build-3 drops the record, so Astro renders every page.
    expect(await startBuild(cache, 'build-3')).toBe(true);
    expect(existsSync(manifest)).toBe(false);
  });
});

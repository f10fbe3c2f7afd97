/**
 * The build's catalogue loaded on a thread of its own: the collections get the checked lists first, a
 * reader of the snapshot waits until every check has passed and the file is written, and a refused
 * catalogue reaches every reader as the one line that names what was wrong.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { sampleProduct } from '../../../tests/fixtures/catalogue.ts';
import type { Area, Product, Tenant } from '../../lib/catalog/types.ts';
import {
  type CatalogueLoad,
  CatalogueRefused,
  currentLoad,
  settle,
  settled,
  sharedState,
  startCatalogueLoad,
  waitForCatalogue,
} from './catalogue-load.ts';
import { snapshotIndex } from './snapshot.ts';

const HANDLE = Symbol.for('gift-catalogue.catalogue-load');
const global = globalThis as typeof globalThis & { [HANDLE]?: CatalogueLoad };

const areas: Area[] = [
  { id: 1, place: 'a', imageSrc: 'http://img.test/a.jpg', description: 'A' },
  { id: 2, place: 'b', imageSrc: 'http://img.test/b.jpg', description: 'B' },
];
const tenants: Tenant[] = [
  { id: 1, name: '香月堂', logoSrc: 'http://img.test/t.png', description: '', officialSiteUrl: null },
];

/**
 * A catalog API answering the three lists the build loads, the brands named in English when asked in it (in
 * Japanese in any other language); `products` can be changed between builds.
 */
function catalogApi(products: () => Product[]): Promise<{ server: Server; url: string }> {
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://api.test');
    const json = (body: unknown) => {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify(body));
    };
    if (url.pathname === '/catalog/areas') return json(areas);
    if (url.pathname === '/catalog/products-filters') {
      const english = tenants.map((tenant) => ({ ...tenant, name: `${tenant.id} in English` }));
      return json(url.searchParams.get('lang') === 'en' ? english : tenants);
    }
    if (url.pathname === '/catalog/products') {
      const page = Number(url.searchParams.get('page'));
      const size = Number(url.searchParams.get('size'));
      const all = products();
      return json({ products: all.slice((page - 1) * size, page * size), count: all.length });
    }
    response.statusCode = 404;
    json({ code: 'NOT_FOUND', message: url.pathname });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }),
    ),
  );
}

/** A fake load whose outcome another thread settles after `ms`, as the loading thread would. */
function settledBy(outcome: string | null, ms: number): CatalogueLoad {
  const shared = sharedState();
  new Worker(
    `const { workerData } = require('node:worker_threads');
     const words = new Int32Array(workerData.shared, 0, 2);
     setTimeout(() => {
       if (workerData.reason !== null) {
         const { written } = new TextEncoder().encodeInto(workerData.reason, new Uint8Array(workerData.shared, 8));
         Atomics.store(words, 1, written);
         Atomics.store(words, 0, 2);
       } else Atomics.store(words, 0, 1);
       Atomics.notify(words, 0);
     }, ${ms});`,
    { eval: true, workerData: { shared, reason: outcome } },
  );
  const never = new Promise<never>(() => {});
  return { shared, lists: never, written: never };
}

let dir: string;
const SET = ['CATALOGUE_SNAPSHOT', 'BUILD_ID', 'BUILD_TIME', 'CATALOG_API_URL'] as const;
const before = Object.fromEntries(SET.map((name) => [name, process.env[name]]));
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'catalogue-load-'));
  process.env.CATALOGUE_SNAPSHOT = join(dir, 'snapshot.ndjson');
  process.env.BUILD_ID = '20261126T000000Z-test';
  process.env.BUILD_TIME = '2026-11-26T00:00:00.000Z';
});
afterEach(() => {
  delete global[HANDLE];
  for (const name of SET) {
    if (before[name] === undefined) delete process.env[name];
    else process.env[name] = before[name];
  }
  rmSync(dir, { recursive: true, force: true });
});

describe('a refused catalogue', () => {
  it('is one line, with no stack trace of where the build noticed it', () => {
    const refused = new CatalogueRefused(
      'GET /catalog/products?page=1&size=100: product 7 「焼き菓子」: title: x',
    );
    expect(refused.message).toBe(
      'the catalogue was not published: GET /catalog/products?page=1&size=100: product 7 「焼き菓子」: title: x',
    );
    expect(refused.stack ?? '').toBe('');
  });
});

describe('the outcome shared with a reader that waits', () => {
  it('reads as loading, then as written', () => {
    const shared = sharedState();
    expect(settled(shared, false)).toBeUndefined();
    settle(shared, { written: true });
    expect(settled(shared, false)).toEqual({ written: true });
  });

  it('carries the reason, in Japanese too, cut at a whole character when it is longer than its room', () => {
    const shared = sharedState();
    settle(shared, { refused: 'GET /catalog/products: products[0].title: 空です' });
    expect(settled(shared, true)).toEqual({ refused: 'GET /catalog/products: products[0].title: 空です' });

    const long = sharedState();
    settle(long, { refused: '商'.repeat(10_000) });
    const outcome = settled(long, false) as { refused: string };
    expect(outcome.refused.length).toBeGreaterThan(5000);
    expect(outcome.refused).toBe('商'.repeat(outcome.refused.length));
  });
});

describe('a reader of the snapshot', () => {
  it('goes on at once when no load was started (astro dev, the content loader wrote it)', () => {
    expect(currentLoad()).toBeUndefined();
    expect(() => waitForCatalogue()).not.toThrow();
  });

  it('waits until the loading thread says the snapshot is written', () => {
    global[HANDLE] = settledBy(null, 200);
    const started = performance.now();
    waitForCatalogue();
    expect(performance.now() - started).toBeGreaterThan(150);
  });

  it('is refused with the line naming what was wrong', () => {
    global[HANDLE] = settledBy('GET /catalog/products?page=1&size=100 → 503', 50);
    expect(() => waitForCatalogue()).toThrow(
      'the catalogue was not published: GET /catalog/products?page=1&size=100 → 503',
    );
  });
});

describe('loading the catalogue on its own thread', () => {
  let api: { server: Server; url: string } | undefined;
  afterEach(() => api?.server.close());

  it('hands over the checked lists, then writes the snapshot the pages read', async () => {
    const products = Array.from({ length: 230 }, (_, i) => sampleProduct(i + 1, [1 + (i % 2)]));
    api = await catalogApi(() => products);
    process.env.CATALOG_API_URL = api.url;
    const load = startCatalogueLoad();
    expect(currentLoad()).toBe(load);

    expect(await load.lists).toEqual({
      areas,
      tenants,
      tenantNames: [{ id: 1, names: { en: '1 in English' } }],
    });
    const written = await load.written;
    expect(written).toMatchObject({ products: 230, processed: 230 });
    waitForCatalogue();
    const index = snapshotIndex(process.env.BUILD_ID as string, (product) => product.id);
    expect(index.products).toEqual(products.map((product) => product.id));
  });

  it('refuses a catalogue that fails the cross-check: no snapshot, and every reader gets the reason', async () => {
    // Product 3 points at an area the list does not hold.
    api = await catalogApi(() => [sampleProduct(1, [1]), sampleProduct(2, [2]), sampleProduct(3, [9])]);
    process.env.CATALOG_API_URL = api.url;
    const load = startCatalogueLoad();
    await load.lists;
    const refused = await load.written.then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(CatalogueRefused);
    expect((refused as Error).message).toMatch(/^the catalogue was not published: .*\b3\b.*\b9\b/);
    expect(() => waitForCatalogue()).toThrow((refused as Error).message);
    expect(existsSync(process.env.CATALOGUE_SNAPSHOT as string)).toBe(false);
  });

  it('refuses the lists themselves when the areas call fails, naming the endpoint', async () => {
    api = await catalogApi(() => []);
    process.env.CATALOG_API_URL = `${api.url}/missing`;
    const load = startCatalogueLoad();
    await expect(load.lists).rejects.toThrow(
      /^the catalogue was not published: .*GET \/catalog\/(areas|products-filters) → 404/,
    );
    await expect(load.written).rejects.toBeInstanceOf(CatalogueRefused);
  });
});

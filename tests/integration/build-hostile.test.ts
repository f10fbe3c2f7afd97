/**
 * The build distrusts its catalog API. Against a hostile fixture API, each inconsistent or broken answer
 * stops the build with one line naming what is wrong (and no page is published), while what the contract
 * allows (a field the build does not know, a brand without a logo, text no screen can hold) publishes the
 * right pages. A rebuild reuses the pages of products that did not change, byte for byte what rendering
 * them again gives.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { checkSite } from '../../scripts/publisher/site-check.ts';
import { FULL_CHROMIUM } from '../../scripts/tools/browsers.mjs';
import { bin, copyWorkingTree, runNode, WITHOUT_TEST_RUNNER_ENV } from '../../scripts/tools/lib.mjs';
import type { Area, Product, Tenant } from '../../src/lib/catalog/types.ts';
import { sampleProduct } from '../fixtures/catalogue.ts';

const PORT = Number(process.env.IT_HOSTILE_PORT ?? 8823);
const API = `http://127.0.0.1:${PORT}`;

interface Answers {
  areas: unknown;
  tenants: unknown;
  /** The product list; each page answers `{ products, count }` unless `productPage` is set. */
  products: unknown[];
  productPage?: (page: number, size: number) => unknown;
  /** The product list in a language (`lang`, for chat's search); the Japanese list unless set. */
  translatedPage?: (lang: string, page: number, size: number) => unknown;
}

const area = (id: number, place: Area['place']): Area => ({
  id,
  place,
  imageSrc: `http://img.test/areas/${id}.jpg`,
  description: `BASE ${place.toUpperCase()}の説明`,
});
const tenant = (id: number): Tenant => ({
  id,
  name: `ブランド${id}`,
  logoSrc: `http://img.test/logos/${id}.png`,
  description: 'ブランドの説明',
  officialSiteUrl: null,
});
const product = (id: number, areas: number[], tenantId: number): Product => ({
  ...sampleProduct(id, areas, tenantId),
  tenant: tenant(tenantId),
  tags: [{ id: 1, name: 'ギフト' }],
});

/** A small consistent catalogue: two areas, two brands, three products. */
function consistent(): Answers {
  return {
    areas: [area(1, 'a'), area(2, 'b')],
    tenants: [tenant(1), tenant(2)],
    products: [product(1, [1], 1), product(2, [2], 2), product(3, [1, 2], 1)],
  };
}

let answers: Answers = consistent();
let server: Server;
let work: string;
/** The copy of the working tree the builds run in (copyWorkingTree), beside any build of the checkout. */
let source: string;

function json(value: unknown) {
  return JSON.stringify(value);
}

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'build-hostile-'));
  source = join(work, 'site');
  await copyWorkingTree(source);
  server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', API);
    response.setHeader('content-type', 'application/json');
    if (url.pathname === '/catalog/areas') {
      response.end(json(answers.areas));
    } else if (url.pathname === '/catalog/products-filters') {
      response.end(json(answers.tenants));
    } else if (url.pathname === '/catalog/products') {
      const page = Number(url.searchParams.get('page') ?? 1);
      const size = Number(url.searchParams.get('size') ?? 10);
      const lang = url.searchParams.get('lang');
      const translated = lang ? answers.translatedPage?.(lang, page, size) : undefined;
      const body = translated ??
        answers.productPage?.(page, size) ?? {
          products: answers.products.slice((page - 1) * size, page * size),
          count: answers.products.length,
        };
      response.end(json(body));
    } else {
      response.statusCode = 404;
      response.end(json({ code: 'NOT_FOUND', message: 'not found' }));
    }
  });
  await new Promise<void>((resolve) => server.listen(PORT, '127.0.0.1', resolve));
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(work, { recursive: true, force: true });
});

let builds = 0;
async function build(given: Answers, env: Record<string, string> = {}) {
  answers = given;
  const outDir = join(work, `build-${++builds}`);
  const result = await runNode([bin('astro/bin/astro.mjs'), 'build'], {
    cwd: source,
    env: {
      ...WITHOUT_TEST_RUNNER_ENV,
      CATALOG_API_URL: API,
      OUT_DIR: outDir,
      ASTRO_CACHE_DIR: join(work, 'cache'),
      SITE_URL: 'http://localhost:4321',
      CATALOG_BUILD_CONCURRENCY: '2',
      ...env,
    },
    quiet: true,
  });
  return { ...result, outDir };
}

/**
 * The build's failure output: the one line naming what was refused, said once, and no stack trace of
 * Astro's internals, location or cause after it: a content editor forwards it as it is. (Astro's own log
 * lines may still come after it: the two streams interleave.)
 */
function refusalOf(output: string): string | undefined {
  const lines = output.split('\n');
  const at = lines.findIndex((text: string) => text.includes('the catalogue was not published:'));
  if (at < 0) return undefined;
  const after = lines.slice(at + 1).filter((text) => /^\s+at |Stack trace|Location:|Caused by/.test(text));
  expect(after, output.slice(-1500)).toEqual([]);
  expect(lines[at]?.split('the catalogue was not published:')).toHaveLength(2);
  return lines[at];
}

/**
 * A build that must fail: non-zero exit, the one-line reason as its last output, no page written, and
 * nothing bundled: the build ends as soon as its catalogue is refused (this API answers at once, long
 * before Vite could have bundled the site).
 */
async function expectRefused(given: Answers, reason: string) {
  const result = await build(given);
  expect(result.code, result.output.slice(-1500)).not.toBe(0);
  const line = refusalOf(result.output);
  expect(line, result.output.slice(-1500)).toBeDefined();
  expect(line).toContain(reason);
  expect(result.output).not.toMatch(/\[vite\].* built in /);
  await expect(readFile(join(result.outDir, 'index.html'))).rejects.toThrow();
}

describe('a build against an inconsistent catalog API', () => {
  test('refuses an empty area list and an empty brand list, named as such', async () => {
    await expectRefused({ ...consistent(), areas: [] }, 'GET /catalog/areas answered an empty list');
    await expectRefused(
      { ...consistent(), tenants: [] },
      'GET /catalog/products-filters answered an empty list',
    );
  });

  test('refuses a product that points at an area or a brand the lists do not hold, naming each', async () => {
    const given = consistent();
    given.products.push(product(4, [7], 1), product(5, [1], 9));
    await expectRefused(
      given,
      'product 4: areas: area 7 is not in GET /catalog/areas; product 5: tenant.id: brand 9 is not in GET /catalog/products-filters',
    );
  });

  test('refuses two areas or two brands with one id, naming the duplicates', async () => {
    await expectRefused(
      { ...consistent(), areas: [area(1, 'a'), area(2, 'b'), area(2, 'c')] },
      'GET /catalog/areas lists the same id twice: 2',
    );
    await expectRefused(
      { ...consistent(), tenants: [tenant(1), tenant(2), tenant(1)] },
      'GET /catalog/products-filters lists the same id twice: 1',
    );
  });

  test('refuses an answer of the wrong shape, a null in a list and a field of the wrong type', async () => {
    await expectRefused(
      { ...consistent(), areas: { areas: [area(1, 'a')] } },
      'GET /catalog/areas: expected a list, received object',
    );
    const withNull = consistent();
    withNull.products.splice(1, 0, null);
    await expectRefused(withNull, 'GET /catalog/products?page=1&size=100: products[1] (no id):');
    const wrongType = consistent();
    wrongType.products[2] = { ...product(3, [1], 1), title: 42 };
    await expectRefused(wrongType, 'GET /catalog/products?page=1&size=100: product 3: title:');
    // A record is named by its id and title, as an editor finds it, not by its place in a page.
    const wrongPrice = consistent();
    wrongPrice.products[1] = { ...product(2, [2], 2), title: '季節の焼き菓子', videoSrc: 7 };
    await expectRefused(
      wrongPrice,
      'GET /catalog/products?page=1&size=100: product 2 「季節の焼き菓子」: videoSrc:',
    );
    await expectRefused(
      { ...consistent(), productPage: () => ({ items: [], total: 3 }) },
      'GET /catalog/products?page=1&size=100: count: expected a whole number',
    );
  });

  test("refuses a language's list that breaks the contract, naming the page or index and the call", async () => {
    const given: Answers = {
      ...consistent(),
      translatedPage: (lang) =>
        lang === 'zh' ? { products: [{ ...product(1, [1], 1), title: null }], count: 3 } : undefined,
    };
    const result = await build(given);
    expect(result.code, result.output.slice(-1500)).not.toBe(0);
    // Chat's search index and each chat brand page's built first page read the list in Chinese: whichever
    // asks first refuses it, in the one line.
    expect(refusalOf(result.output), result.output.slice(-1500)).toMatch(
      /(\/chat\/search\/zh\.json: GET \/catalog\/products\?page=1&size=100&lang=zh|\/chat\/brands\/\d+\/: GET \/catalog\/products\?tenant_ids=\d+&size=10&lang=zh): product 1: title:/,
    );
  });
});

describe('a build against a catalog API that stays within the contract', () => {
  test('publishes a field it does not know, a brand without a logo and a title no screen can hold', async () => {
    const given = consistent();
    const { logoSrc: _, ...withoutLogo } = tenant(2);
    given.areas = (given.areas as Area[]).map((a) => ({ ...a, floor: '3F' }));
    given.tenants = [{ ...tenant(1), ranking: 1 }, withoutLogo];
    const longTitle = `${'長'.repeat(1000)}${'W'.repeat(1000)}`;
    const emoji = '🎁'.repeat(60);
    given.products = [
      {
        ...product(1, [1], 1),
        title: longTitle,
        descriptionHtml: `<p>${'あ'.repeat(118)}${emoji}</p>`,
        badge: 'new',
      },
      { ...product(2, [2], 2), tenant: withoutLogo },
      product(3, [1, 2], 1),
    ];
    const result = await build(given);
    expect(result.code, result.output.slice(-2000)).toBe(0);

    const brand = await readFile(join(result.outDir, 'brands/2/index.html'), 'utf8');
    expect(brand).toContain('/images/fallback-logo.svg');
    const page = join(result.outDir, 'area/1/products/1/index.html');
    const html = await readFile(page, 'utf8');
    const description = /<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? '';
    expect(description).toMatch(/🎁…$/);
    expect(description).not.toMatch(/\uFFFD/);

    const browser = await chromium.launch({
      executablePath: FULL_CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    try {
      const tab = await browser.newPage({ viewport: { width: 320, height: 640 } });
      // The built site as a host would serve it (the page links its stylesheet from /_astro/): every
      // stylesheet it links is there. Anything else, the API's images included, is refused.
      const missing: string[] = [];
      await tab.route(/^https?:/, async (route) => {
        const url = new URL(route.request().url());
        if (url.origin !== 'http://site.test') return route.abort();
        const path = join(
          result.outDir,
          url.pathname.endsWith('/') ? `${url.pathname}index.html` : url.pathname,
        );
        if (!existsSync(path) && route.request().resourceType() === 'stylesheet') missing.push(url.pathname);
        return existsSync(path) ? route.fulfill({ path }) : route.fulfill({ status: 404 });
      });
      await tab.goto('http://site.test/area/1/products/1/');
      expect(missing).toEqual([]);
      expect(await tab.evaluate(() => document.styleSheets.length)).toBeGreaterThan(0);
      expect(await tab.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
      await mkdir('test-results', { recursive: true });
      await tab.screenshot({ path: 'test-results/long-title-320.png', fullPage: true });
    } finally {
      await browser.close();
    }
  });
});

describe("a description linking to a path the site does not have (an editor's link)", () => {
  const linking = (): Answers => {
    const given = consistent();
    given.products = [
      { ...product(1, [1], 1), descriptionHtml: '<p>催事は<a href="/relative130">こちら</a>から。</p>' },
      product(2, [2], 2),
      product(3, [1, 2], 1),
    ];
    return given;
  };

  test('publishes the page with the link as written, and the site check warns naming the product', async () => {
    const result = await build(linking());
    expect(result.code, result.output.slice(-2000)).toBe(0);
    const html = await readFile(join(result.outDir, 'area/1/products/1/index.html'), 'utf8');
    expect(html).toContain('<a href="/relative130" data-content-link>こちら</a>');
    const checked = await checkSite(result.outDir, {
      apiUrl: API,
      apiToken: 'gift-catalogue-public-token',
      siteOrigin: 'http://localhost:4321',
    });
    expect(checked.warnings).toEqual([
      'product 1: its description links to /relative130, a path the site does not have (published as written)',
    ]);
  });

  test("leads it to the store's main site when one is configured: no warning", async () => {
    const result = await build(linking(), { PUBLIC_STORE_SITE_URL: 'https://store.example.jp/' });
    expect(result.code, result.output.slice(-2000)).toBe(0);
    const html = await readFile(join(result.outDir, 'area/1/products/1/index.html'), 'utf8');
    expect(html).toContain('href="https://store.example.jp/relative130"');
    const checked = await checkSite(result.outDir, {
      apiUrl: API,
      apiToken: 'gift-catalogue-public-token',
      siteOrigin: 'http://localhost:4321',
    });
    expect(checked.warnings).toEqual([]);
  });
});

describe('a product that belongs to no area', () => {
  test('is left out of every list, link and index, with a warning naming it; the rest publishes', async () => {
    const given = consistent();
    given.products.push({ ...product(4, [], 1), title: '置き場所のない商品' });
    // Chat's index in English takes its products from the API in that language: one image there has
    // another scheme, and the product in no area is there too.
    given.translatedPage = (lang, page, size) =>
      lang === 'en'
        ? {
            products: (given.products as Product[])
              .slice((page - 1) * size, page * size)
              .map((entry) =>
                entry.id === 2
                  ? { ...entry, images: [{ id: 1, src: 'javascript:alert(1)' }, ...entry.images] }
                  : entry,
              ),
            count: given.products.length,
          }
        : undefined;
    const result = await build(given);
    expect(result.code, result.output.slice(-2000)).toBe(0);
    expect(result.output).toContain(
      'product 4 「置き場所のない商品」 is in no area: left out of every list and link (it has no page)',
    );
    const files = (await readdir(result.outDir, { recursive: true })).map(String);
    expect(files.filter((name) => /products\/4\//.test(name))).toEqual([]);
    for (const name of files.filter((file) => /\.(html|json|xml)$/.test(file))) {
      const text = await readFile(join(result.outDir, name), 'utf8');
      // No link to a page that was never built, in any page, payload, index or sitemap.
      expect(text, name).not.toMatch(/\/area\/0\/|products\/4\/|置き場所のない商品/);
      expect(text, name).not.toContain('javascript:');
    }
    const brand = await readFile(join(result.outDir, 'brands/1/index.html'), 'utf8');
    expect(brand).toContain('/area/1/products/1/');
    const index = JSON.parse(await readFile(join(result.outDir, 'chat/search/en.json'), 'utf8'));
    expect(index.products.map((entry: { id: number }) => entry.id)).toEqual([1, 2, 3]);
  });
});

describe('a rebuild after one product changed', () => {
  /** Every product page of a built site: path → bytes. */
  async function productPages(outDir: string) {
    const names = (await readdir(join(outDir, 'area'), { recursive: true }))
      .map(String)
      .filter((name) => /^\d+\/products\/\d+\/index\.html$/.test(name))
      .sort();
    return new Map(
      await Promise.all(
        names.map(async (name) => [name, await readFile(join(outDir, 'area', name))] as const),
      ),
    );
  }
  const reuseLine = (output: string) =>
    /\d+ keyed pages reused from the last build, \d+ rendered/.exec(output)?.[0];

  test("reuses the other products' pages, the same bytes a fresh build renders, and renders the changed one", async () => {
    const cache = join(work, 'reuse-cache');
    const first = await build(consistent(), { ASTRO_CACHE_DIR: cache, BUILD_ID: 'reuse-1' });
    expect(first.code, first.output.slice(-2000)).toBe(0);
    // Four product pages and the one page of the tag every product carries.
    expect(reuseLine(first.output)).toBe('0 keyed pages reused from the last build, 5 rendered');

    const changed = consistent();
    changed.products[0] = { ...product(1, [1], 1), title: '改訂した商品名' };
    // The rebuild and a build from an empty cache, as one build: the same id and time.
    const same = { BUILD_ID: 'reuse-2', BUILD_TIME: '2026-11-26T03:00:00.000Z' };
    const rebuild = await build(changed, { ASTRO_CACHE_DIR: cache, ...same });
    expect(rebuild.code, rebuild.output.slice(-2000)).toBe(0);
    // The changed product's page, and the tag's page that lists it by its title.
    expect(reuseLine(rebuild.output)).toBe('3 keyed pages reused from the last build, 2 rendered');
    // One page at a time: every page after the first takes the header, the area guide and the footer from
    // what the build rendered once (RenderOnce.astro), none renders them alongside another.
    const fresh = await build(changed, {
      ASTRO_CACHE_DIR: join(work, 'fresh-cache'),
      ASTRO_BUILD_CONCURRENCY: '1',
      ...same,
    });
    expect(fresh.code, fresh.output.slice(-2000)).toBe(0);
    expect(reuseLine(fresh.output)).toBe('0 keyed pages reused from the last build, 5 rendered');

    const rebuilt = await productPages(rebuild.outDir);
    const rendered = await productPages(fresh.outDir);
    expect([...rebuilt.keys()]).toEqual([
      '1/products/1/index.html',
      '1/products/3/index.html',
      '2/products/2/index.html',
      '2/products/3/index.html',
    ]);
    expect([...rebuilt.keys()]).toEqual([...rendered.keys()]);
    const { codeVersion } = JSON.parse(await readFile(join(rebuild.outDir, '_build/latest.json'), 'utf8'));
    for (const [name, bytes] of rebuilt) {
      expect(bytes.toString(), name).toBe(rendered.get(name)?.toString());
      expect(bytes.toString(), name).toContain(`data-code-version="${codeVersion}"`);
    }
    expect(rebuilt.get('1/products/1/index.html')?.toString()).toContain('改訂した商品名');
    // Beside every product page its payload file, and chat's search index in each language, written while
    // the pages rendered.
    for (const name of rebuilt.keys()) {
      const payload = JSON.parse(
        await readFile(join(rebuild.outDir, 'area', name.replace('index.html', '_payload.json')), 'utf8'),
      );
      expect(payload.kind, name).toBe('product');
    }
    for (const language of ['en', 'zh', 'ko']) {
      const index = JSON.parse(
        await readFile(join(rebuild.outDir, 'chat/search', `${language}.json`), 'utf8'),
      );
      expect(index.products.map((entry: { id: number }) => entry.id)).toEqual([1, 2, 3]);
    }
    // The area guide, rendered once per area for the build, marks each page's own area.
    const currentAreas = (html = '') =>
      [...html.matchAll(/<a href="\/area\/(\d+)\/"[^>]*aria-current="page"/g)].map((match) => match[1]);
    expect(currentAreas(rendered.get('1/products/3/index.html')?.toString())).toEqual(['1']);
    expect(currentAreas(rendered.get('2/products/3/index.html')?.toString())).toEqual(['2']);
  });
});

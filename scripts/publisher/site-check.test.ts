import { mkdir, mkdtemp, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { checkSite, internalPath, linksIn, linksOf, resolves } from './site-check.ts';

let tmp: string;
let api: http.Server;
let apiUrl: string;
/** The catalogue the fake API reports: product id → area ids (the API pages it 100 at a time). */
let catalogue: Record<number, number[]>;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'site-check-test-'));
  api = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://api');
    res.setHeader('content-type', 'application/json');
    if (req.headers['x-api-token'] !== 'token') {
      res.writeHead(401).end('{}');
    } else if (url.pathname === '/catalog/areas') {
      res.end(JSON.stringify([{ id: 1 }, { id: 2 }]));
    } else if (url.pathname === '/catalog/products') {
      const page = Number(url.searchParams.get('page'));
      const size = Number(url.searchParams.get('size'));
      const all = Object.entries(catalogue).map(([id, areas]) => ({ id: Number(id), areas }));
      res.end(JSON.stringify({ products: all.slice((page - 1) * size, page * size), count: all.length }));
    } else {
      res.writeHead(404).end('{}');
    }
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => api.close(resolve));
  await rm(tmp, { recursive: true, force: true });
});

async function put(root: string, file: string, body: string) {
  await mkdir(path.dirname(path.join(root, file)), { recursive: true });
  await writeFile(path.join(root, file), body);
}

/** A built site for the catalogue: the home page linking to everything, area and product pages. */
async function builtSite(): Promise<string> {
  const root = await mkdtemp(path.join(tmp, 'dist-'));
  const links: string[] = ['/area/1/', '/area/2', '/about', '/_astro/site.js', 'https://example.com/x'];
  for (const area of [1, 2]) await put(root, `area/${area}/index.html`, '<a href="../../">home</a>');
  for (const [id, areas] of Object.entries(catalogue)) {
    for (const area of areas) {
      await put(root, `area/${area}/products/${id}/index.html`, `<a href="/area/${area}/">back</a>`);
      await put(root, `area/${area}/products/${id}/_payload.json`, '{}');
      links.push(`/area/${area}/products/${id}/`);
    }
  }
  await put(root, 'about.html', '<p>about</p>');
  await put(root, '_astro/site.js', '');
  await put(
    root,
    'index.html',
    `${links.map((link) => `<a href="${link}">x</a>`).join('')}` +
      '<img src="/api/images/areas/1.jpg?width=768&amp;height=768"><a href="#main">skip</a>' +
      '<a href="mailto:a@example.jp">mail</a><link rel="canonical" href="http://localhost:4321/">',
  );
  return root;
}

const options = () => ({ apiUrl, apiToken: 'token', siteOrigin: 'http://localhost:4321' });

describe('the check of a fresh build', () => {
  beforeEach(() => {
    catalogue = {};
    for (let id = 1; id <= 130; id++) catalogue[id] = id % 3 === 0 ? [1, 2] : [1 + (id % 2)];
  });

  test('passes a complete build and counts its pages', async () => {
    const root = await builtSite();
    // 2 area pages, 173 product pages ((product, area) pairs over two API pages), home, about.
    expect(await checkSite(root, options())).toEqual({ pages: 2 + 130 + 43 + 2, warnings: [] });
  });

  test('rejects a build missing a product page the API calls for', async () => {
    const root = await builtSite();
    await rm(path.join(root, 'area/1/products/3'), { recursive: true });
    await expect(checkSite(root, options())).rejects.toThrow(
      /^172 product pages for the API's 173 \(product, area\) pairs; e\.g\. \/area\/1\/products\/3\/ or its payload is missing$/,
    );
  });

  test('rejects a product page without its payload file', async () => {
    const root = await builtSite();
    await unlink(path.join(root, 'area/2/products/3/_payload.json'));
    await expect(checkSite(root, options())).rejects.toThrow(
      /area\/2\/products\/3\/ or its payload is missing/,
    );
  });

  test('rejects a build with fewer pages than the catalogue, or a missing area page', async () => {
    const root = await builtSite();
    catalogue[131] = [2];
    await expect(checkSite(root, options())).rejects.toThrow(/173 product pages for the API's 174/);
    delete catalogue[131];
    await rm(path.join(root, 'area/2/index.html'));
    await expect(checkSite(root, options())).rejects.toThrow(
      /1 of 2 area pages are missing \(e\.g\. \/area\/2\/\)/,
    );
  });

  test('rejects a build with an internal link to no file, naming it and the page', async () => {
    const root = await builtSite();
    await put(root, 'about.html', '<a href="/brands/99/">brand</a><script src="/_astro/gone.js"></script>');
    await expect(checkSite(root, options())).rejects.toThrow(
      '2 internal links lead to no file of the build, e.g. /brands/99/ (linked from /about.html)',
    );
  });

  test("publishes a description's link to a path the site does not have, with a warning naming the product", async () => {
    const root = await builtSite();
    const description = '<p>催事は<a href="/relative130" data-content-link>こちら</a></p>';
    // Product 3 is in both areas: one warning for the product, its pages read by two threads.
    for (const area of [1, 2]) await put(root, `area/${area}/products/3/index.html`, description);
    expect(await checkSite(root, { ...options(), threads: 2 })).toEqual({
      pages: 2 + 130 + 43 + 2,
      warnings: [
        'product 3: its description links to /relative130, a path the site does not have (published as written)',
      ],
    });
  });

  test("still rejects the site's own link to no file on a page with an editor's link", async () => {
    const root = await builtSite();
    await put(
      root,
      'area/2/products/1/index.html',
      '<a href="/relative130" data-content-link>催事</a><a href="/brands/99/">brand</a>',
    );
    await expect(checkSite(root, options())).rejects.toThrow(
      '1 internal links lead to no file of the build, e.g. /brands/99/ (linked from /area/2/products/1/)',
    );
  });

  test('reads a path written in Japanese, as written or percent-encoded, and names a missing one as written', async () => {
    const root = await builtSite();
    await put(root, 'ギフト/index.html', '<p>ギフト</p>');
    await put(root, 'about.html', '<a href="/ギフト/">a</a><a href="/%E3%82%AE%E3%83%95%E3%83%88/">b</a>');
    expect((await checkSite(root, options())).warnings).toEqual([]);
    await put(root, 'about.html', '<a href="/ギフト/">a</a><a href="/お歳暮/">b</a>');
    await expect(checkSite(root, options())).rejects.toThrow(
      '1 internal links lead to no file of the build, e.g. /お歳暮/ (linked from /about.html)',
    );
  });

  test('checks every page in threads side by side, naming the first broken link in path order', async () => {
    const root = await builtSite();
    for (let n = 1; n <= 300; n++) {
      await put(
        root,
        `notes/${String(n).padStart(3, '0')}.html`,
        n % 100 === 7 ? `<a href="/gone/${n}/">x</a>` : '<p>note</p>',
      );
    }
    // Three threads: the broken links are in the first, second and third share of the pages.
    await expect(checkSite(root, { ...options(), threads: 3 })).rejects.toThrow(
      '3 internal links lead to no file of the build, e.g. /gone/7/ (linked from /notes/007.html)',
    );
  });

  test('rejects a build whose API read fails, saying which', async () => {
    const root = await builtSite();
    await expect(checkSite(root, { ...options(), apiToken: 'wrong' })).rejects.toThrow(
      'the check could not read /catalog/areas: 401',
    );
  });
});

describe("a rebuild's check, with the build's cache folder", () => {
  beforeEach(() => {
    catalogue = { 3: [1] };
  });

  /** The build's id in the site, and a page pack of that build in `cache` listing `paths` as they are now. */
  async function packed(root: string, cache: string, buildId: string, paths: string[]) {
    await put(root, '_build/latest.json', JSON.stringify({ buildId }));
    const pages = await Promise.all(
      paths.map(async (page) => {
        const bytes = await readFile(path.join(root, page.slice(1), 'index.html'));
        return [page, 'key', 0, bytes.length, crc32(bytes)];
      }),
    );
    await put(cache, 'pages/pages.json', JSON.stringify({ version: 1, file: `pages-${buildId}.bin`, pages }));
  }

  test('takes a page written from the pack with the bytes a check read before from that check, and resolves its links in the new build', async () => {
    const root = await builtSite();
    const cache = await mkdtemp(path.join(tmp, 'cache-'));
    await put(root, 'brands/7/index.html', '<p>brand</p>');
    await put(root, 'area/1/products/3/index.html', '<a href="/brands/7/">brand</a>');
    await packed(root, cache, 'build-1', ['/area/1/products/3']);
    expect((await checkSite(root, { ...options(), cacheDir: cache })).warnings).toEqual([]);

    // The next build: the brand's page is gone; the product's page is the pack's, as the check read it.
    await rm(path.join(root, 'brands/7'), { recursive: true });
    await put(root, '_build/latest.json', JSON.stringify({ buildId: 'build-2' }));
    await put(
      cache,
      'pages/pages.json',
      (await readFile(path.join(cache, 'pages/pages.json'), 'utf8')).replace(
        'pages-build-1.bin',
        'pages-build-2.bin',
      ),
    );
    // Not read again: what the file holds now (it is not what the pack says it wrote) is never looked at.
    await put(root, 'area/1/products/3/index.html', '<p>not read</p>');
    await expect(checkSite(root, { ...options(), cacheDir: cache })).rejects.toThrow(
      '1 internal links lead to no file of the build, e.g. /brands/7/ (linked from /area/1/products/3/)',
    );
  });

  test('reads a page again when its bytes differ from those the check read, or when the pack is of another build', async () => {
    const root = await builtSite();
    const cache = await mkdtemp(path.join(tmp, 'cache-'));
    await put(root, 'area/1/products/3/index.html', '<a href="/area/1/">back</a>');
    await packed(root, cache, 'build-1', ['/area/1/products/3']);
    expect((await checkSite(root, { ...options(), cacheDir: cache })).warnings).toEqual([]);

    await put(root, 'area/1/products/3/index.html', '<a href="/brands/8/">brand</a>');
    await packed(root, cache, 'build-2', ['/area/1/products/3']);
    await expect(checkSite(root, { ...options(), cacheDir: cache })).rejects.toThrow(/e\.g\. \/brands\/8\//);

    await put(root, 'area/1/products/3/index.html', '<a href="/brands/9/">brand</a>');
    await put(root, '_build/latest.json', JSON.stringify({ buildId: 'build-3' }));
    await expect(checkSite(root, { ...options(), cacheDir: cache })).rejects.toThrow(/e\.g\. \/brands\/9\//);
  });
});

describe('links', () => {
  test("tell an editor's link (marked) from the site's, a quoted > inside a tag notwithstanding", () => {
    expect(
      linksOf('<a title="a > b" href="/x/" data-content-link>x</a><a href="/y/" data-content-linker>y</a>'),
    ).toEqual([
      { link: '/x/', content: true },
      { link: '/y/', content: false },
    ]);
  });

  test("leave out a template's links, inert until a script fills them in", () => {
    expect(
      linksIn(
        '<a href="/a/"></a><template id="held"><a href="⟦href⟧">⟦title⟧</a><img src="⟦src⟧"></template><a href="/b/"></a>',
      ),
    ).toEqual(['/a/', '/b/']);
  });

  test('href and src values, entity-decoded', () => {
    expect(linksIn(`<a href="/a/?x=1&amp;y=2">a</a><img alt="" src='/b.png'><div data-href="/no">`)).toEqual([
      '/a/?x=1&y=2',
      '/b.png',
    ]);
  });

  test('internal ones are paths of the site; other origins, the API proxy and fragments are not', () => {
    const page = new URL('http://localhost:4321/area/1/');
    const site = 'https://gift.example.jp';
    expect(internalPath('products/2/', page, site)).toBe('/area/1/products/2/');
    expect(internalPath('/about?x=1#top', page, site)).toBe('/about');
    expect(internalPath('https://gift.example.jp/terms/', page, site)).toBe('/terms/');
    expect(internalPath('/api/images/a.jpg', page, site)).toBeNull();
    expect(internalPath('https://cdn.example.com/a.js', page, site)).toBeNull();
    expect(internalPath('#main', page, site)).toBeNull();
    expect(internalPath('mailto:a@example.jp', page, site)).toBeNull();
    expect(internalPath('/%E3%81%82/', page, site)).toBe('/あ/');
  });
});

describe('a site path served from the build', () => {
  const files = new Set(['index.html', 'about.html', 'area/1/index.html', '_astro/site.js', 'robots.txt']);

  test('is the file, the file with .html, or the folder with its index, as the server serves them', () => {
    expect(resolves(files, '/')).toBe(true);
    expect(resolves(files, '/robots.txt')).toBe(true);
    expect(resolves(files, '/about')).toBe(true);
    expect(resolves(files, '/area/1/')).toBe(true);
    expect(resolves(files, '/area/1')).toBe(true);
    // Dot segments resolve as a URL's do, never above the build's folder.
    expect(resolves(files, '/../index.html')).toBe(true);
  });

  test('is not a folder without an index, a missing file, or a path climbing out of the build', () => {
    expect(resolves(files, '/_astro/')).toBe(false);
    expect(resolves(files, '/_astro')).toBe(false);
    expect(resolves(files, '/about/')).toBe(false);
    expect(resolves(files, '/area/2/')).toBe(false);
    expect(resolves(files, '/../../etc/passwd')).toBe(false);
  });
});

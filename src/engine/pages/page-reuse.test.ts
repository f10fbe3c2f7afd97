import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AstroPrerenderer } from 'astro';
import { PLANNED_PAGES, plannedPagesLine } from './build-plan.ts';
import { PagePack, PagePackWriter } from './page-pack.ts';
import {
  BytesResponse,
  builtPages,
  PagesFromPack,
  pageFileWriter,
  removeAstroIncrementalFiles,
  reusingPrerenderer,
} from './page-reuse.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'page-reuse-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A page as the build with code version `version` renders it. */
const page = (id: number, version: string, text = `商品 ${id}`) =>
  Buffer.from(`<!DOCTYPE html><html lang="ja" data-code-version="${version}"><body>${text}</body></html>`);

/** A pack of `pages` (path → bytes, all under key `k`) committed by build `buildId`. */
async function committedPack(buildId: string, pages: Record<string, Buffer>, { owned = false } = {}) {
  const writer = new PagePackWriter(dir, buildId);
  for (const [path, bytes] of Object.entries(pages)) writer.add(path, 'k', bytes, { owned });
  await writer.commit();
}

describe("the last build's page pack", () => {
  it('gives back a page by its path and key, with or without the trailing slash', async () => {
    await committedPack('build-1', {
      '/area/1/products/1/': page(1, 'build-1'),
      '/area/1/products/2/': page(2, 'build-1'),
    });
    const pack = PagePack.open(dir);
    expect(pack?.size).toBe(2);
    expect(pack?.page('/area/1/products/2/', 'k')).toEqual(page(2, 'build-1'));
    expect(pack?.page('/area/1/products/2', 'k')).toEqual(page(2, 'build-1'));
    // Another key is another page: a product that changed is rendered again.
    expect(pack?.page('/area/1/products/2/', 'k2')).toBeUndefined();
    expect(pack?.page('/area/1/products/3/', 'k')).toBeUndefined();
    pack?.close();
  });

  it('holds the pages handed over to be written in the background once committed, in the order they came', async () => {
    const pages = Object.fromEntries(
      Array.from({ length: 200 }, (_, i) => [`/area/1/products/${i}/`, page(i, 'build-1', '商品'.repeat(i))]),
    );
    await committedPack('build-1', pages, { owned: true });
    const pack = PagePack.open(dir);
    expect(pack?.size).toBe(200);
    for (const [path, bytes] of Object.entries(pages)) expect(pack?.page(path, 'k')).toEqual(bytes);
    pack?.close();
  });

  it('lets a build wait for the pages handed over so far to be on disk before adding more', async () => {
    const writer = new PagePackWriter(dir, 'build-1');
    // Nothing handed over yet: nothing to wait for.
    await writer.settled();
    const bytes = page(1, 'build-1', '商品'.repeat(300_000));
    writer.add('/area/1/products/1/', 'k', bytes);
    await writer.settled();
    // The megabyte-sized page went to one write, which has ended: its bytes are in the file already.
    const file = readdirSync(dir).find((name) => name.endsWith('.bin')) ?? '';
    expect(readFileSync(join(dir, file)).subarray(0, bytes.length)).toEqual(bytes);
    await writer.commit();
  });

  it('lends its pages to a build with the same id as the one that wrote it (a fixed BUILD_ID)', async () => {
    const bytes = page(1, 'golden', '前回');
    await committedPack('golden', { '/area/1/products/1/': bytes });
    for (const round of [1, 2, 3]) {
      // The next build's pack is started before the last one is read, as page-reuse.ts does.
      const next = new PagePackWriter(dir, 'golden');
      const last = PagePack.open(dir);
      expect(last?.page('/area/1/products/1/', 'k'), `round ${round}`).toEqual(bytes);
      next.add('/area/1/products/1/', 'k', bytes);
      last?.close();
      await next.commit();
    }
  });

  it('holds every page when pages handed over and pages written at once come mixed, whatever their sizes', async () => {
    const writer = new PagePackWriter(dir, 'build-1');
    const pages: [string, Buffer][] = [];
    // Pages of 30 KB and of a few bytes: more than one write's worth of bytes, and of pages.
    for (let i = 0; i < 700; i++) {
      const bytes = page(i, 'build-1', i % 7 === 0 ? '商品説明'.repeat(2500) : `${i}`);
      pages.push([`/area/2/products/${i}/`, bytes]);
      writer.add(`/area/2/products/${i}/`, 'k', bytes, { owned: i % 5 !== 0 });
    }
    await writer.commit();
    const pack = PagePack.open(dir);
    expect(pack?.size).toBe(700);
    for (const [path, bytes] of pages) expect(pack?.page(path, 'k')).toEqual(bytes);
    pack?.close();
  });

  it('is not committed when the disk refuses its pages, and the last complete pack stays', async () => {
    await committedPack('build-1', { '/area/1/products/1/': page(1, 'build-1') });
    // The next pack's bytes go to a device that is always full.
    symlinkSync('/dev/full', join(dir, 'pages-build-2.bin'));
    const writer = new PagePackWriter(dir, 'build-2');
    writer.add('/area/1/products/1/', 'k', page(1, 'build-2'), { owned: true });
    await expect(writer.commit()).rejects.toThrow(/the page pack could not be written: .*ENOSPC/);
    const pack = PagePack.open(dir);
    expect(pack?.page('/area/1/products/1/', 'k')).toEqual(page(1, 'build-1'));
    pack?.close();
  });

  it('is none before the first build, and none when its index is damaged', async () => {
    expect(PagePack.open(dir)).toBeUndefined();
    await committedPack('build-1', { '/a/': page(1, 'build-1') });
    writeFileSync(
      join(dir, 'pages.json'),
      '{"version":1,"file":"pages-build-1.bin","pages":[["/a","k",-1,2,3]]}',
    );
    expect(PagePack.open(dir)).toBeUndefined();
    writeFileSync(join(dir, 'pages.json'), '{"version":1,"file":"../../etc/passwd","pages":[]}');
    expect(PagePack.open(dir)).toBeUndefined();
  });

  it('does not give back a page whose bytes were damaged or cut short', async () => {
    await committedPack('build-1', { '/a/': page(1, 'build-1'), '/b/': page(2, 'build-1') });
    const bytes = join(dir, 'pages-build-1.bin');
    const original = readFileSync(bytes);
    const damaged = Buffer.from(original);
    damaged[30] = (damaged[30] ?? 0) ^ 1;
    writeFileSync(bytes, damaged);
    let pack = PagePack.open(dir);
    expect(pack?.page('/a/', 'k')).toBeUndefined();
    expect(pack?.page('/b/', 'k')).toEqual(page(2, 'build-1'));
    pack?.close();
    writeFileSync(bytes, original.subarray(0, original.length - 5));
    pack = PagePack.open(dir);
    expect(pack?.page('/a/', 'k')).toEqual(page(1, 'build-1'));
    expect(pack?.page('/b/', 'k')).toBeUndefined();
    pack?.close();
  });

  it('stays the last complete one when a build stops before it finishes, until a build commits its own', async () => {
    await committedPack('build-1', { '/a/': page(1, 'build-1') });
    // build-2 renders a page and stops: it never commits.
    const stopped = new PagePackWriter(dir, 'build-2');
    stopped.add('/a/', 'k', page(1, 'build-2', '途中'));
    await stopped.close();
    const pack = PagePack.open(dir);
    expect(pack?.page('/a/', 'k')).toEqual(page(1, 'build-1'));
    pack?.close();
    await committedPack('build-3', { '/a/': page(1, 'build-3') });
    expect(readdirSync(dir).sort()).toEqual(['pages-build-3.bin', 'pages.json']);
  });
});

describe('a page handed to Astro', () => {
  const init = { status: 200, statusText: 'OK', headers: { 'content-type': 'text/html' } };

  it('gives its bytes back as they are, once, with the status and headers it was made with', async () => {
    const bytes = new Uint8Array(page(1, 'build-2'));
    const response = new BytesResponse(bytes, init);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html');
    // Looking at the body (as Astro does) reads nothing, however long the response waits.
    expect(response.body).not.toBeNull();
    await new Promise((resolve) => setImmediate(resolve));
    expect(response.bodyUsed).toBe(false);
    // The very bytes, not a copy of them.
    expect(await response.arrayBuffer()).toBe(bytes.buffer);
    expect(response.bodyUsed).toBe(true);
    await expect(response.text()).rejects.toThrow(TypeError);
  });

  it('reads as a stream, as text, as JSON, or as a copy, like any Response', async () => {
    const text = '{"商品":"器"}';
    const encoded = () => new TextEncoder().encode(text) as Uint8Array<ArrayBuffer>;
    expect(await new Response(new BytesResponse(encoded(), init).body).text()).toBe(text);
    expect(await new BytesResponse(encoded(), init).text()).toBe(text);
    expect(await new BytesResponse(encoded(), init).json()).toEqual({ 商品: '器' });
    expect(await (await new BytesResponse(encoded(), init).blob()).text()).toBe(text);
    const original = new BytesResponse(
      encoded(),
      new Response(null, { status: 404, statusText: 'Not Found' }),
    );
    const copy = original.clone();
    expect([copy.status, copy.statusText]).toEqual([404, 'Not Found']);
    expect(await copy.text()).toBe(text);
    expect(await original.text()).toBe(text);
    // A part of a larger buffer: only its own bytes.
    const part = new Uint8Array(Buffer.from(`xx${text}yy`)).subarray(2, 2 + encoded().length);
    expect(new TextDecoder().decode(await new BytesResponse(part, init).arrayBuffer())).toBe(text);
  });
});

describe("the build's prerenderer", () => {
  /** Astro's prerenderer stand-in: three keyed product pages and the home page; records what it renders. */
  function base() {
    const rendered: string[] = [];
    const prerenderer: AstroPrerenderer = {
      name: 'astro:default',
      getStaticPaths: async () =>
        [
          { pathname: '/', route: { type: 'page' } },
          { pathname: '/area/1/products/1', route: { type: 'page' }, cacheKey: 'k1' },
          { pathname: '/area/1/products/2', route: { type: 'page' }, cacheKey: 'k2-new' },
          { pathname: '/area/1/products/3', route: { type: 'page' }, cacheKey: 'k3' },
          { pathname: '/area/1/products/4', route: { type: 'page' }, cacheKey: 'k4' },
        ] as unknown as Awaited<ReturnType<AstroPrerenderer['getStaticPaths']>>,
      render: async (request) => {
        const path = new URL(request.url).pathname;
        rendered.push(path);
        if (path === '/area/1/products/3/') return new Response('gone', { status: 404 });
        return { response: new Response(page(path.length, 'build-2', path)) };
      },
    };
    return { prerenderer, rendered };
  }
  const render = async (prerenderer: AstroPrerenderer, path: string) => {
    const result = await prerenderer.render(new Request(`http://localhost${path}`), {
      routeData: {} as never,
    });
    const response = result instanceof Response ? result : result.response;
    return { status: response.status, text: await response.text() };
  };

  it('writes an unchanged keyed page from the last build without Astro, and renders the rest into its own pack', async () => {
    const last = new PagePackWriter(dir, 'build-1');
    last.add('/area/1/products/1', 'k1', page(1, 'build-1', '前回'));
    last.add('/area/1/products/2', 'k2-old', page(2, 'build-1', '前回'));
    last.add('/area/1/products/4', 'k4', page(4, 'build-1', '前回の4'));
    await last.commit();

    const { prerenderer: astro, rendered } = base();
    const next = new PagePackWriter(dir, 'build-2');
    const counts = { reused: 0, rendered: 0 };
    const out = join(dir, 'dist');
    const fromPack = new PagesFromPack();
    const told: number[] = [];
    const prerenderer = reusingPrerenderer(astro, {
      last: PagePack.open(dir),
      next,
      counts,
      write: pageFileWriter(out),
      fromPack,
      planned: (pages) => told.push(pages),
    });
    await prerenderer.setup?.();
    // Astro is given only the pages to render; the two unchanged ones are written by the time it is done.
    const paths = await prerenderer.getStaticPaths();
    expect(paths.map(({ pathname }) => pathname)).toEqual(['/', '/area/1/products/2', '/area/1/products/3']);
    // The plan counts what Astro writes.
    expect(told).toEqual([3]);
    // Listed as Astro lists the pages it wrote, for the sitemap and the payload files' check.
    expect(fromPack.pathnames).toEqual(['area/1/products/1/', 'area/1/products/4/']);
    expect(builtPages([{ pathname: '' }], fromPack)).toEqual([
      { pathname: '' },
      { pathname: 'area/1/products/1/' },
      { pathname: 'area/1/products/4/' },
    ]);

    // Its key changed: rendered again.
    expect((await render(prerenderer, '/area/1/products/2/')).text).toContain('/area/1/products/2/');
    // Not a page: answered as rendered, kept out of the pack.
    expect((await render(prerenderer, '/area/1/products/3/')).status).toBe(404);
    // No key: always rendered, never packed.
    expect((await render(prerenderer, '/')).text).toContain('<body>/</body>');
    expect(rendered).toEqual(['/area/1/products/2/', '/area/1/products/3/', '/']);
    expect(counts).toEqual({ reused: 2, rendered: 1 });

    await prerenderer.teardown?.();
    // The unchanged pages, as the last build's bytes, where Astro writes a page.
    expect(readFileSync(join(out, 'area/1/products/1/index.html'), 'utf8')).toBe(
      page(1, 'build-1', '前回').toString(),
    );
    expect(readFileSync(join(out, 'area/1/products/4/index.html'), 'utf8')).toBe(
      page(4, 'build-1', '前回の4').toString(),
    );
    await next.commit();
    // The next build can reuse the pages written from the pack as well as the one rendered.
    const pack = PagePack.open(dir);
    expect(pack?.size).toBe(3);
    expect(pack?.page('/area/1/products/1/', 'k1')).toEqual(page(1, 'build-1', '前回'));
    expect(pack?.page('/area/1/products/4/', 'k4')).toEqual(page(4, 'build-1', '前回の4'));
    expect(pack?.page('/area/1/products/2/', 'k2-new')?.toString()).toContain('/area/1/products/2/');
    pack?.close();
  });
});

describe('a reused page that cannot be written', () => {
  it('fails the build once Astro is done, naming why', async () => {
    const last = new PagePackWriter(dir, 'build-1');
    last.add('/area/1/products/1', 'k1', page(1, 'build-1'));
    await last.commit();
    const astro: AstroPrerenderer = {
      name: 'astro:default',
      getStaticPaths: async () =>
        [{ pathname: '/area/1/products/1', route: { type: 'page' }, cacheKey: 'k1' }] as unknown as Awaited<
          ReturnType<AstroPrerenderer['getStaticPaths']>
        >,
      render: async () => new Response('x'),
    };
    // The output folder's place is taken by a file: no folder can be made in it.
    const out = join(dir, 'dist');
    writeFileSync(out, '');
    const prerenderer = reusingPrerenderer(astro, {
      last: PagePack.open(dir),
      next: new PagePackWriter(dir, 'build-2'),
      counts: { reused: 0, rendered: 0 },
      write: pageFileWriter(out),
    });
    expect(await prerenderer.getStaticPaths()).toEqual([]);
    await expect(prerenderer.teardown?.()).rejects.toThrow(/ENOTDIR|EEXIST/);
  });
});

describe("the build's plan", () => {
  it('says how many pages Astro will write once it has listed them, endpoints left out', async () => {
    const astro: AstroPrerenderer = {
      name: 'astro:default',
      getStaticPaths: async () =>
        [
          { pathname: '/', route: { type: 'page' } },
          { pathname: '/area/1/products/1', route: { type: 'page' }, cacheKey: 'k1' },
          { pathname: '/_build/latest.json', route: { type: 'endpoint' } },
          { pathname: '/about', route: { type: 'page' } },
        ] as unknown as Awaited<ReturnType<AstroPrerenderer['getStaticPaths']>>,
      render: async () => new Response('x'),
    };
    const told: number[] = [];
    const prerenderer = reusingPrerenderer(astro, {
      last: undefined,
      next: new PagePackWriter(dir, 'build-1'),
      counts: { reused: 0, rendered: 0 },
      write: () => {
        throw new Error('no page is reused in a first build');
      },
      planned: (pages) => told.push(pages),
    });
    expect(await prerenderer.getStaticPaths()).toHaveLength(4);
    expect(told).toEqual([3]);
    // The line the build logs, which the local publisher reads back (scripts/publisher/astro-build.ts).
    expect(plannedPagesLine(3)).toBe('3 pages to write');
    expect(PLANNED_PAGES.exec(`09:05:07 [page-reuse] ${plannedPagesLine(1355)}`)?.[1]).toBe('1355');
  });
});

describe("Astro's own incremental build files", () => {
  it('are removed from the cache folder, the page copies only beside their record', () => {
    const cache = pathToFileURL(`${dir}/`);
    mkdirSync(join(dir, 'dist', 'area'), { recursive: true });
    writeFileSync(join(dir, 'dist', 'area', 'index.html'), '<html></html>');
    // No record: a folder named dist in a cache folder set elsewhere is left alone.
    removeAstroIncrementalFiles(cache);
    expect(existsSync(join(dir, 'dist', 'area', 'index.html'))).toBe(true);
    writeFileSync(join(dir, 'incremental-build.json'), '{}');
    removeAstroIncrementalFiles(cache);
    expect(readdirSync(dir)).toEqual([]);
  });
});

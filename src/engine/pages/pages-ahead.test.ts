import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AstroPrerenderer } from 'astro';
import { PagePack, PagePackWriter } from './page-pack.ts';
import { PagesFromPack, pageFileRemover, pageFileWriter, reusingPrerenderer } from './page-reuse.ts';
import { type PagesAhead, writePagesAhead } from './pages-ahead.ts';

let dir: string;
let out: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'pages-ahead-'));
  out = join(dir, 'dist');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const page = (id: number, text: string) =>
  Buffer.from(`<!DOCTYPE html><html lang="ja"><body>商品 ${id}: ${text}</body></html>`);
/** A page larger than one write's batch into the pack. */
const large = Buffer.concat([page(3, '大きい'), Buffer.alloc(1_500_000, 0x61)]);

/** The last build's pack: products 1 to 4, each under its key. */
async function lastPack() {
  const last = new PagePackWriter(dir, 'build-1');
  last.add('/area/1/products/1', 'k1', page(1, '前回'));
  last.add('/area/1/products/2', 'k2-old', page(2, '前回'));
  last.add('/area/1/products/3', 'k3', large);
  last.add('/area/1/products/4', 'k4', page(4, '前回'));
  await last.commit();
}

const html = (path: string) => join(out, path, 'index.html');

describe('product pages written ahead, while Astro bundles', () => {
  it('writes each page the last pack holds under the same key into the output folder and the new pack', async () => {
    await lastPack();
    const last = PagePack.open(dir);
    if (!last) throw new Error('no pack');
    const next = new PagePackWriter(dir, 'build-2');
    const ahead = writePagesAhead(
      [
        ['/area/1/products/1', 'k1'],
        ['/area/1/products/2', 'k2-new'],
        ['/area/1/products/3', 'k3'],
        ['/area/1/products/5', 'k5'],
      ],
      { last, outDir: out, packFile: next.path },
    );
    last.close();
    // The page whose key changed and the page the last build did not have are left to Astro.
    expect(ahead.pages.map(([path, key]) => [path, key])).toEqual([
      ['/area/1/products/1', 'k1'],
      ['/area/1/products/3', 'k3'],
    ]);
    expect(readFileSync(html('/area/1/products/1'))).toEqual(page(1, '前回'));
    expect(readFileSync(html('/area/1/products/3'))).toEqual(large);
    expect(existsSync(html('/area/1/products/2'))).toBe(false);
    expect(existsSync(html('/area/1/products/5'))).toBe(false);

    // The new pack goes on after them with the pages Astro renders; the next build reads all of them.
    next.adopt(ahead.length, ahead.pages);
    next.add('/area/1/products/2', 'k2-new', page(2, '今回'));
    await next.commit();
    const pack = PagePack.open(dir);
    expect(pack?.size).toBe(3);
    expect(pack?.page('/area/1/products/1', 'k1')).toEqual(page(1, '前回'));
    expect(pack?.page('/area/1/products/3', 'k3')).toEqual(large);
    expect(pack?.page('/area/1/products/2', 'k2-new')).toEqual(page(2, '今回'));
    pack?.close();
  });

  it('is adopted by a pack only before the pack has pages of its own', () => {
    const next = new PagePackWriter(dir, 'build-2');
    next.add('/area/1/products/1', 'k1', page(1, '今回'));
    expect(() => next.adopt(10, [])).toThrow(/before its own/);
  });
});

describe("the build's prerenderer, with pages written ahead", () => {
  /** Astro lists product 1 under its key, 2 under a new one, 3 under a changed one, and the home page; not 4. */
  function astro() {
    const rendered: string[] = [];
    const prerenderer: AstroPrerenderer = {
      name: 'astro:default',
      getStaticPaths: async () =>
        [
          { pathname: '/', route: { type: 'page' } },
          { pathname: '/area/1/products/1', route: { type: 'page' }, cacheKey: 'k1' },
          { pathname: '/area/1/products/2', route: { type: 'page' }, cacheKey: 'k2-new' },
          { pathname: '/area/1/products/3', route: { type: 'page' }, cacheKey: 'k3-changed' },
        ] as unknown as Awaited<ReturnType<AstroPrerenderer['getStaticPaths']>>,
      render: async (request) => {
        const path = new URL(request.url).pathname;
        rendered.push(path);
        return { response: new Response(`rendered ${path}`) };
      },
    };
    return { prerenderer, rendered };
  }

  /** Pages 1, 3 and 4 written ahead from the last pack (lastPack), as the worker writes them, into `next`. */
  function writtenAhead(next: PagePackWriter): PagesAhead {
    const last = PagePack.open(dir);
    if (!last) throw new Error('no pack');
    try {
      return writePagesAhead(
        [
          ['/area/1/products/1', 'k1'],
          ['/area/1/products/3', 'k3'],
          ['/area/1/products/4', 'k4'],
        ],
        { last, outDir: out, packFile: next.path },
      );
    } finally {
      last.close();
    }
  }

  it('counts a page written ahead only when Astro lists it under that key; removes one Astro does not list', async () => {
    await lastPack();
    const next = new PagePackWriter(dir, 'build-2');
    const written = writtenAhead(next);
    const { prerenderer: base, rendered } = astro();
    const counts = { reused: 0, rendered: 0, ahead: 0 };
    const fromPack = new PagesFromPack();
    const prerenderer = reusingPrerenderer(base, {
      last: PagePack.open(dir),
      next,
      counts,
      write: pageFileWriter(out),
      fromPack,
      ahead: () => ({ written: Promise.resolve(written), remove: pageFileRemover(out) }),
    });
    const paths = await prerenderer.getStaticPaths();
    // Product 1 was written ahead; 2 is new; 3's key changed, so Astro renders it over the page written ahead.
    expect(paths.map(({ pathname }) => pathname)).toEqual(['/', '/area/1/products/2', '/area/1/products/3']);
    expect(fromPack.pathnames).toEqual(['area/1/products/1/']);
    expect(counts).toMatchObject({ reused: 1, ahead: 1 });
    // Product 4 is in no list of this build: its page written ahead is gone.
    expect(existsSync(html('/area/1/products/4'))).toBe(false);
    expect(readFileSync(html('/area/1/products/1'))).toEqual(page(1, '前回'));

    for (const path of ['/area/1/products/2/', '/area/1/products/3/', '/']) {
      await prerenderer.render(new Request(`http://localhost${path}`), { routeData: {} as never });
    }
    expect(rendered).toEqual(['/area/1/products/2/', '/area/1/products/3/', '/']);
    await prerenderer.teardown?.();
    await next.commit();

    // This build's pack: the page written ahead that counted, and the keyed pages Astro rendered.
    const pack = PagePack.open(dir);
    expect(pack?.size).toBe(3);
    expect(pack?.page('/area/1/products/1', 'k1')).toEqual(page(1, '前回'));
    expect(pack?.page('/area/1/products/3', 'k3-changed')?.toString()).toBe('rendered /area/1/products/3/');
    expect(pack?.page('/area/1/products/4', 'k4')).toBeUndefined();
    pack?.close();
  });

  it('fails the build, naming why, when the pages could not be written ahead', async () => {
    const next = new PagePackWriter(dir, 'build-2');
    const prerenderer = reusingPrerenderer(astro().prerenderer, {
      last: undefined,
      next,
      counts: { reused: 0, rendered: 0 },
      write: pageFileWriter(out),
      ahead: () => ({
        written: Promise.reject(new Error('the pages of the last build could not be written ahead: ENOSPC')),
        remove: pageFileRemover(out),
      }),
    });
    await expect(prerenderer.getStaticPaths()).rejects.toThrow(/could not be written ahead: ENOSPC/);
    await next.close();
  });
});

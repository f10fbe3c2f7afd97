/**
 * Reuses the last build's page for every page whose cache key is unchanged, instead of rendering it again.
 *
 * A page opts in with a `cacheKey` in its `getStaticPaths` entry that names everything it is made of (the
 * product and tag pages, src/engine/catalogue/catalogue-data.ts). No page carries anything of one
 * build alone (its `<html data-code-version>` is made of the build's inputs), so a page is its key's bytes.
 * This integration wraps Astro's prerenderer: once Astro has listed its paths, every keyed page whose path
 * and key are in the last build's pack (page-pack.ts) is left out of the list Astro renders, so neither its
 * component nor Astro's own work for a page (its route's module, its request, its log line) runs for it, and
 * is written into the output folder with those bytes, as they are, while Astro renders the others. Any other keyed
 * page is rendered and its bytes go into this build's pack; pages without a key are always rendered.
 * The pages written from the pack are in the build's page list with Astro's own (`builtPages`), so the
 * sitemap and the payload files' check see every page of the site.
 *
 * Astro's experimental incremental build does the same with a file per keyed page in the cache; the one
 * pack avoids creating those files (page-pack.ts).
 */
import { existsSync, rmSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration, AstroPrerenderer } from 'astro';
import { buildInfo } from '../../lib/build-info.ts';
import { plannedPagesLine, reusedPagesLine } from './build-plan.ts';
import { PagePack, PagePackWriter, pagePath } from './page-pack.ts';

/**
 * Bytes in hand as a Response that gives them back as they are. A Response made from bytes copies them,
 * and reading it back builds a stream and copies them again: for every keyed page, two more passes over
 * its bytes and their garbage on the build's main thread. Astro reads a page's
 * Response once, whole; the body is a stream only for a reader that asks for one.
 */
export class BytesResponse extends Response {
  readonly #bytes: Uint8Array<ArrayBuffer>;
  #stream: ReadableStream<Uint8Array<ArrayBuffer>> | undefined;
  #used = false;

  /** `init`: status, status text and headers, as for a Response (another Response's own will do). */
  constructor(bytes: Uint8Array<ArrayBuffer>, init: ResponseInit) {
    super(null, init);
    this.#bytes = bytes;
  }

  /** The bytes, once: a body is read once, as a stream or whole. */
  #take(): Uint8Array<ArrayBuffer> {
    if (this.#used) throw new TypeError('the body of this response was already read');
    this.#used = true;
    return this.#bytes;
  }

  override get body(): ReadableStream<Uint8Array<ArrayBuffer>> {
    // Nothing is pulled before a reader asks (a stream fills its queue at once by default): Astro only
    // looks whether there is a body, then reads it whole.
    this.#stream ??= new ReadableStream(
      {
        pull: (controller) => {
          controller.enqueue(this.#take());
          controller.close();
        },
      },
      { highWaterMark: 0 },
    );
    return this.#stream;
  }

  override get bodyUsed(): boolean {
    return this.#used;
  }

  override async arrayBuffer(): Promise<ArrayBuffer> {
    const bytes = this.#take();
    return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
      ? bytes.buffer
      : bytes.slice().buffer;
  }

  override async bytes(): Promise<Uint8Array<ArrayBuffer>> {
    return this.#take();
  }

  override async text(): Promise<string> {
    return new TextDecoder().decode(this.#take());
  }

  override async json(): Promise<unknown> {
    return JSON.parse(await this.text());
  }

  override async blob(): Promise<Blob> {
    return new Blob([this.#take()], { type: this.headers.get('content-type') ?? '' });
  }

  override clone(): BytesResponse {
    if (this.#used) throw new TypeError('the body of this response was already read');
    return new BytesResponse(this.#bytes.slice(), this);
  }
}

interface Counts {
  reused: number;
  rendered: number;
}

/**
 * The pages a build wrote from the last build's pack, which Astro never saw, as Astro lists the pages it
 * wrote (`area/1/products/2/`). Shared by the integrations that need the build's whole page list.
 */
export class PagesFromPack {
  readonly pathnames: string[] = [];
}

/** Every page the build wrote: Astro's (`pages` of `astro:build:done`) and those written from the pack. */
export function builtPages(
  astroPages: readonly { pathname: string }[],
  fromPack: PagesFromPack,
): { pathname: string }[] {
  return [...astroPages, ...fromPack.pathnames.map((pathname) => ({ pathname }))];
}

/** Reused pages handed to this build's pack before waiting for its writes to end. */
const PAGES_BETWEEN_SETTLES = 512;
/** Reused pages being written into the output folder at once. */
const FILES_AT_ONCE = 16;

/** A page's path as Astro lists the pages it wrote: no leading slash, a trailing one (`area/1/products/2/`). */
const listedPath = (path: string) => `${pagePath(path).replace(/^\//, '')}/`;

/** Writes a page's bytes where Astro writes a page in the directory format: `{outDir}/{path}/index.html`. */
export function pageFileWriter(outDir: string): (path: string, bytes: Uint8Array) => Promise<void> {
  return async (path, bytes) => {
    const folder = join(outDir, pagePath(path));
    await mkdir(folder, { recursive: true });
    await writeFile(join(folder, 'index.html'), bytes);
  };
}

/**
 * Astro's prerenderer `base`, writing the pages of `last` whose key is unchanged with `write` and leaving
 * them out of the paths Astro renders, and putting the keyed pages it renders into `next`. `counts` and
 * `fromPack` are updated as pages go.
 */
export function reusingPrerenderer(
  base: AstroPrerenderer,
  {
    last,
    next,
    counts,
    write,
    fromPack = new PagesFromPack(),
    planned,
  }: {
    last: PagePack | undefined;
    next: PagePackWriter;
    counts: Counts;
    /** Writes a reused page's bytes into the output folder (pageFileWriter). */
    write: (path: string, bytes: Uint8Array) => Promise<void>;
    fromPack?: PagesFromPack;
    /** Told once how many pages (HTML, not endpoints) Astro will render and write, as soon as it is known. */
    planned?: (pages: number) => void;
  },
): AstroPrerenderer {
  const keys = new Map<string, string>();
  let writing: Promise<void> = Promise.resolve();

  /**
   * Writes the reused pages into the output folder and this build's pack, a few files at a time through the
   * thread pool, the pack's copies let go as they are written: never every page held at once.
   */
  async function writeReused(reused: readonly [path: string, key: string][]): Promise<void> {
    const inFlight = new Set<Promise<void>>();
    let sinceSettled = 0;
    for (const [path, key] of reused) {
      // The pack's read buffer is reused by its next read: the page is copied at once.
      const kept = last?.page(path, key);
      if (!kept) throw new Error(`the last build's page ${path} could no longer be read`);
      const bytes = Uint8Array.prototype.slice.call(kept) as Uint8Array<ArrayBuffer>;
      next.add(path, key, bytes, { owned: true });
      const written: Promise<void> = write(path, bytes).finally(() => inFlight.delete(written));
      inFlight.add(written);
      if (inFlight.size >= FILES_AT_ONCE) await Promise.race(inFlight);
      if (++sinceSettled === PAGES_BETWEEN_SETTLES) {
        sinceSettled = 0;
        await next.settled();
      }
    }
    await Promise.all(inFlight);
  }

  const prerenderer: AstroPrerenderer = {
    name: 'page-reuse',
    setup: async () => base.setup?.(),
    async getStaticPaths() {
      const paths = await base.getStaticPaths();
      const toRender: typeof paths = [];
      const reused: [path: string, key: string][] = [];
      for (const entry of paths) {
        const { pathname, cacheKey } = entry;
        if (cacheKey === undefined) {
          toRender.push(entry);
          continue;
        }
        const path = pagePath(pathname);
        // Only a page whose stored bytes check (length, CRC) is reused; any other is rendered.
        if (last?.page(path, cacheKey)) {
          reused.push([path, cacheKey]);
          fromPack.pathnames.push(listedPath(path));
          counts.reused++;
          continue;
        }
        keys.set(path, cacheKey);
        toRender.push(entry);
      }
      // Written while Astro renders the others; a failure fails the build at teardown.
      writing = writeReused(reused);
      writing.catch(() => {});
      planned?.(toRender.filter(({ route }) => route.type === 'page').length);
      return toRender;
    },
    async render(request, options) {
      const path = pagePath(new URL(request.url).pathname);
      const key = keys.get(path);
      if (key === undefined) return base.render(request, options);
      const result = await base.render(request, options);
      const response = result instanceof Response ? result : result.response;
      if (response.status !== 200 || !response.body) return result;
      const bytes = new Uint8Array(await response.arrayBuffer());
      counts.rendered++;
      // The bytes are this build's own, and only read from here on: by this build's pack and by Astro.
      next.add(path, key, bytes, { owned: true });
      const copy = new BytesResponse(bytes, response);
      return result instanceof Response ? copy : { ...result, response: copy };
    },
    async teardown() {
      await writing;
      last?.close();
      await next.close();
      await base.teardown?.();
    },
  };
  if (base.collectStaticImages) prerenderer.collectStaticImages = base.collectStaticImages.bind(base);
  return prerenderer;
}

/**
 * Astro's own incremental build, which this integration replaces, left its record and a copy of every keyed
 * page in the cache folder. They are removed, and the copies only beside that record: the cache folder is
 * configurable, and a folder named `dist` elsewhere is nobody's to delete.
 */
export function removeAstroIncrementalFiles(cacheDir: URL) {
  const record = new URL('incremental-build.json', cacheDir);
  if (!existsSync(record)) return;
  rmSync(new URL('dist/', cacheDir), { recursive: true, force: true });
  rmSync(record, { force: true });
}

/** `fromPack`: where the pages written from the last build's pack are listed (builtPages). */
export default function pageReuse(fromPack: PagesFromPack): AstroIntegration {
  let cacheDir: URL | undefined;
  let outDir: URL | undefined;
  let next: PagePackWriter | undefined;
  const counts: Counts = { reused: 0, rendered: 0 };
  const packDir = () => fileURLToPath(new URL('pages/', cacheDir));
  return {
    name: 'page-reuse',
    hooks: {
      'astro:config:done': ({ config }) => {
        cacheDir = config.cacheDir;
        outDir = config.outDir;
        if (config.build.format !== 'directory') {
          throw new Error('page-reuse writes pages as Astro does in the directory format (build.format)');
        }
      },
      'astro:build:start': ({ logger, setPrerenderer }) => {
        if (!cacheDir || !outDir) return;
        removeAstroIncrementalFiles(cacheDir);
        const dir = packDir();
        const { buildId } = buildInfo();
        const writer = new PagePackWriter(dir, buildId);
        next = writer;
        const write = pageFileWriter(fileURLToPath(outDir));
        setPrerenderer((base) =>
          reusingPrerenderer(base, {
            last: PagePack.open(dir),
            next: writer,
            counts,
            write,
            fromPack,
            // The plan in the log, for whoever watches the build (build-plan.ts).
            planned: (pages) => {
              if (counts.reused > 0) logger.info(reusedPagesLine(counts.reused));
              logger.info(plannedPagesLine(pages));
            },
          }),
        );
      },
      'astro:build:done': async ({ logger }) => {
        if (!next) return;
        // Every page was written: this build's pack is the one the next build reads.
        await next.commit();
        logger.info(`${counts.reused} keyed pages reused from the last build, ${counts.rendered} rendered`);
      },
    },
  };
}

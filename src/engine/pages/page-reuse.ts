/**
 * Reuses the last build's page for every page whose cache key is unchanged, instead of rendering it again.
 *
 * A page opts in with a `cacheKey` in its `getStaticPaths` entry that names everything it is made of (the
 * product pages: the build's inputs, the areas and the product's digest). No page carries anything of one
 * build alone (its `<html data-code-version>` is made of the build's inputs), so a page is its key's bytes.
 * This integration wraps Astro's prerenderer: a page whose path and key are in the last build's pack
 * (page-pack.ts) is answered with those bytes, as they are, and its component never runs; any other keyed
 * page is rendered and its bytes go into this build's pack.
 * Astro writes the page either way, so every page of the site is in the output, in the sitemap and in the
 * build's page list, as if rendered. Pages without a key are always rendered.
 *
 * Astro's experimental incremental build does the same with a file per keyed page in the cache; the one
 * pack avoids creating those files (page-pack.ts).
 */
import { existsSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration, AstroPrerenderer } from 'astro';
import { buildInfo } from '../../lib/build-info.ts';
import { plannedPagesLine } from './build-plan.ts';
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
 * Astro's prerenderer `base`, reusing pages of `last` and writing the keyed pages it renders to `next`.
 * `counts` is updated as pages go.
 */
export function reusingPrerenderer(
  base: AstroPrerenderer,
  {
    last,
    next,
    counts,
    planned,
  }: {
    last: PagePack | undefined;
    next: PagePackWriter;
    counts: Counts;
    /** Told once how many pages (HTML, not endpoints) Astro will write, as soon as it has listed them. */
    planned?: (pages: number) => void;
  },
): AstroPrerenderer {
  const keys = new Map<string, string>();
  const prerenderer: AstroPrerenderer = {
    name: 'page-reuse',
    setup: async () => base.setup?.(),
    async getStaticPaths() {
      const paths = await base.getStaticPaths();
      for (const { pathname, cacheKey } of paths) {
        if (cacheKey !== undefined) keys.set(pagePath(pathname), cacheKey);
      }
      planned?.(paths.filter(({ route }) => route.type === 'page').length);
      return paths;
    },
    async render(request, options) {
      const path = pagePath(new URL(request.url).pathname);
      const key = keys.get(path);
      if (key === undefined) return base.render(request, options);
      // From here to the Response, synchronously: the kept bytes are the pack's read buffer until the
      // Response copies them.
      const kept = last?.page(path, key);
      if (kept) {
        counts.reused++;
        // One copy of the pack's bytes, for this build's pack and for Astro, which only read it.
        const bytes = Uint8Array.prototype.slice.call(kept) as Uint8Array<ArrayBuffer>;
        next.add(path, key, bytes, { owned: true });
        return new BytesResponse(bytes, { status: 200, headers: { 'content-type': 'text/html' } });
      }
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

export default function pageReuse(): AstroIntegration {
  let cacheDir: URL | undefined;
  let next: PagePackWriter | undefined;
  const counts: Counts = { reused: 0, rendered: 0 };
  const packDir = () => fileURLToPath(new URL('pages/', cacheDir));
  return {
    name: 'page-reuse',
    hooks: {
      'astro:config:done': ({ config }) => {
        cacheDir = config.cacheDir;
      },
      'astro:build:start': ({ logger, setPrerenderer }) => {
        if (!cacheDir) return;
        removeAstroIncrementalFiles(cacheDir);
        const dir = packDir();
        const { buildId } = buildInfo();
        const writer = new PagePackWriter(dir, buildId);
        next = writer;
        setPrerenderer((base) =>
          reusingPrerenderer(base, {
            last: PagePack.open(dir),
            next: writer,
            counts,
            // The plan in the log, for whoever watches the build (build-plan.ts).
            planned: (pages) => logger.info(plannedPagesLine(pages)),
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

/**
 * A rebuild's unchanged product pages, written from the last build's pack while Astro bundles the site.
 *
 * Which product pages the build has, and each one's cache key, follow from the catalogue's snapshot alone
 * (productPages, src/engine/catalogue/catalogue-data.ts). So once the snapshot is written, a thread of its own
 * (pages-ahead-worker.ts) takes each product page whose path and key are in the last build's pack, writes
 * its bytes where Astro writes that page and into this build's pack, and says which it wrote. When Astro has
 * listed its pages, page-reuse.ts leaves those out of what Astro renders: only the pages Astro lists with the
 * same key count as written; any other written ahead is rendered over or removed. Without it, the same
 * pages were read, checked and written on the main thread after the bundling, as the build's longest step.
 */
import { closeSync, mkdirSync, openSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { PackEntry, PagePack } from './page-pack.ts';

/** What was written ahead: each page as this build's pack lists it, and how many bytes of the pack it fills. */
export interface PagesAhead {
  pages: PackEntry[];
  length: number;
}

/** Bytes gathered before one write into the pack. */
const BATCH_BYTES = 1 << 20;

/** Writes all of `bytes` at `position` of the file `fd` (a write may take only part). */
function writeAll(fd: number, bytes: Uint8Array, position: number): void {
  let done = 0;
  while (done < bytes.length) done += writeSync(fd, bytes, done, bytes.length - done, position + done);
}

/**
 * Writes each of `pages` (path `/area/1/products/2`, key) that `last` holds under that key into `outDir`, as
 * Astro writes a page in the directory format (`{path}/index.html`), and from the start of the bytes file
 * `packFile`, in order. Blocking: it runs on a thread of its own.
 */
export function writePagesAhead(
  pages: Iterable<readonly [path: string, key: string]>,
  { last, outDir, packFile }: { last: PagePack; outDir: string; packFile: string },
): PagesAhead {
  const written: PackEntry[] = [];
  const batch = Buffer.allocUnsafe(BATCH_BYTES);
  let inBatch = 0;
  let offset = 0;
  const fd = openSync(packFile, 'r+');
  const flush = () => {
    writeAll(fd, batch.subarray(0, inBatch), offset - inBatch);
    inBatch = 0;
  };
  try {
    for (const [path, key] of pages) {
      // A view of the pack's read window, valid until its next read: written and copied before it.
      const bytes = last.page(path, key);
      const crc = last.crc(path);
      if (!bytes || crc === undefined) continue;
      const folder = join(outDir, path);
      mkdirSync(folder, { recursive: true });
      writeFileSync(join(folder, 'index.html'), bytes);
      if (inBatch + bytes.length > BATCH_BYTES) flush();
      if (bytes.length > BATCH_BYTES) writeAll(fd, bytes, offset);
      else {
        batch.set(bytes, inBatch);
        inBatch += bytes.length;
      }
      written.push([path, key, offset, bytes.length, crc]);
      offset += bytes.length;
    }
    flush();
  } finally {
    closeSync(fd);
  }
  return { pages: written, length: offset };
}

type Outcome = { result: PagesAhead } | { error: string };

/** The worker's young generation, in MiB: its garbage is one page at a time (background-files.ts says why). */
const WORKER_YOUNG_GENERATION_MB = 32;

/**
 * Starts the thread writing the product pages of the written snapshot ahead (writePagesAhead) from the pack
 * in `packDir` into `outDir` and the bytes file `packFile`. Settles once it has ended: with what it wrote, or
 * why it could not.
 */
export function startPagesAhead(options: {
  outDir: string;
  packDir: string;
  packFile: string;
}): Promise<Outcome> {
  const worker = new Worker(new URL('./pages-ahead-worker.ts', import.meta.url), {
    workerData: options,
    resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB },
  });
  return new Promise<Outcome>((resolve) => {
    worker.once('message', (outcome: Outcome) => resolve(outcome));
    worker.once('error', (error) => resolve({ error: error.message }));
    worker.once('exit', (code) => resolve({ error: `the worker stopped with exit code ${code}` }));
  });
}

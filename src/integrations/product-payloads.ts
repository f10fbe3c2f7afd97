/**
 * Finishes every product page of a build once the pages are written: stamps a page Astro reused from the
 * last build (incremental build, astro.config.mjs) with this build's id, and writes the page's payload file.
 *
 * A reused page is the last build's bytes, whose `<html data-build-id>` names that build; the version
 * watch (src/features/site) compares it with `/_build/latest.json`, so it must name this one. The page's
 * cache key leaves the build id out and covers everything else it is made of, so after the stamp the page
 * is byte for byte what rendering it again would give.
 *
 * The payload file (`/area/{id}/products/{productId}/_payload.json`) is written from the build's snapshot. The same files as the endpoint beside the
 * page (src/pages/area/[id]/products/[productId]/[payload].json.ts) would write, byte for byte, at a tenth
 * of the cost: Astro's fixed cost per route (request, render context, response, file) made them 126 s of
 * the profiled 100,000-product build (docs/performance.md). The endpoint still answers them in `astro dev`.
 */
import { existsSync } from 'node:fs';
import { mkdir, open, readFile, rm, writeFile } from 'node:fs/promises';
import type { AstroIntegration } from 'astro';
import { productPayload } from '../features/product/product-payload.ts';
import { productHref } from '../features/product/product-rules.ts';
import { buildInfo } from '../lib/build-info.ts';
import { type PreparedProduct, snapshotProducts } from '../lib/catalog/snapshot.ts';
import { payloadPath } from '../lib/payload.ts';

/** Files written at once. */
const CONCURRENCY = 32;

/** Bytes at the start of a page within which `<html data-build-id>` is. */
const HEAD_BYTES = 1024;
const BUILD_ID_ATTRIBUTE = /data-build-id="([^"]*)"/;

/**
 * Gives the page at `file` the build id `buildId` when it names another build (a page reused from the
 * last build). Returns whether it changed the page.
 */
export async function stampBuildId(file: URL, buildId: string): Promise<boolean> {
  const handle = await open(file, 'r+');
  try {
    const buffer = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, HEAD_BYTES, 0);
    // Build ids are ASCII (BUILD_ID_PATTERN): a character is a byte.
    const found = BUILD_ID_ATTRIBUTE.exec(buffer.toString('latin1', 0, bytesRead));
    if (!found?.[1]) throw new Error(`${file.pathname} has no data-build-id on its <html>`);
    if (found[1] === buildId) return false;
    if (found[1].length === buildId.length) {
      // The same length (ids made by createBuildId always are): overwrite the id where it is.
      await handle.write(buildId, found.index + 'data-build-id="'.length, 'latin1');
      return true;
    }
  } finally {
    await handle.close();
  }
  const page = await readFile(file, 'utf8');
  await writeFile(file, page.replace(BUILD_ID_ATTRIBUTE, `data-build-id="${buildId}"`));
  return true;
}

/**
 * For every (product, area) page under `dir`: its build id stamped (stampPages) and its payload file
 * written. Returns how many payload files and how many pages it stamped.
 */
export async function finishProductPages(
  dir: URL,
  buildId: string,
  { snapshot, stampPages = true }: { snapshot?: string; stampPages?: boolean } = {},
): Promise<{ payloads: number; stamped: number }> {
  const { areas, products } = snapshotProducts(buildId, snapshot);
  const areaIds = new Set(areas.map((area) => area.id));
  let payloads = 0;
  let stamped = 0;
  const inFlight = new Set<Promise<void>>();
  const finish = async (entry: PreparedProduct, areaId: number) => {
    const page = productHref(areaId, entry.product.id);
    const file = new URL(`.${payloadPath(page)}`, dir);
    if (!stampPages) await mkdir(new URL('./', file), { recursive: true });
    // The page is there (or this throws): its folder is the payload's.
    else if (await stampBuildId(new URL(`.${page}index.html`, dir), buildId)) stamped++;
    await writeFile(file, JSON.stringify(productPayload(entry.product, areaId, buildId)));
    payloads++;
  };
  for (const entry of products) {
    for (const areaId of entry.product.areas) {
      if (!areaIds.has(areaId)) continue;
      const task = finish(entry, areaId).finally(() => inFlight.delete(task));
      inFlight.add(task);
      if (inFlight.size >= CONCURRENCY) await Promise.race(inFlight);
    }
  }
  await Promise.all(inFlight);
  return { payloads, stamped };
}

/** Astro's record of the last build's pages and keys in the cache folder (its incremental build). */
const INCREMENTAL_MANIFEST = 'incremental-build.json';
/** Present in the cache folder while a build runs; left behind by a build that did not finish. */
const BUILD_PENDING = 'incremental-build.pending';

/**
 * Called as a build starts: a build that did not finish (its mark is still there) may have written cached
 * pages that Astro's record does not describe (Astro writes a page's copy as it renders it, the record
 * after the last page), so the record is dropped and every page is rendered. Then marks this build.
 * Returns whether the record was dropped.
 */
export async function startBuild(cacheDir: URL, buildId: string): Promise<boolean> {
  const pending = new URL(BUILD_PENDING, cacheDir);
  const unfinished = existsSync(pending);
  if (unfinished) await rm(new URL(INCREMENTAL_MANIFEST, cacheDir), { force: true });
  await mkdir(cacheDir, { recursive: true });
  await writeFile(pending, buildId);
  return unfinished;
}

/** Called once a build has finished every page: its cached pages and Astro's record agree. */
export async function finishBuild(cacheDir: URL): Promise<void> {
  await rm(new URL(BUILD_PENDING, cacheDir), { force: true });
}

export default function productPayloads(): AstroIntegration {
  let cacheDir: URL | undefined;
  return {
    name: 'product-payloads',
    hooks: {
      'astro:config:done': ({ config }) => {
        cacheDir = config.cacheDir;
      },
      'astro:build:start': async ({ logger }) => {
        if (cacheDir && (await startBuild(cacheDir, buildInfo().buildId))) {
          logger.warn('the last build did not finish: every page is rendered again, none reused');
        }
      },
      'astro:build:done': async ({ dir, logger }) => {
        const started = performance.now();
        const { payloads, stamped } = await finishProductPages(dir, buildInfo().buildId);
        logger.info(
          `${payloads} product payload files, ${stamped} reused product pages stamped with this build's id, in ${Math.round(performance.now() - started)} ms`,
        );
        if (cacheDir) await finishBuild(cacheDir);
      },
    },
  };
}

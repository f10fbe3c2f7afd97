/**
 * Writes every product page's payload file once the pages are written:
 * `/area/{id}/products/{productId}/_payload.json`, from the build's snapshot, beside its page. The same
 * files as the endpoint beside the page (src/pages/area/[id]/products/[productId]/[payload].json.ts) would
 * write, byte for byte, at a tenth of the cost: Astro's fixed cost per route (request, render context,
 * response, file) made them 126 s of the profiled 100,000-product build (docs/performance.md). The endpoint
 * still answers them in `astro dev`.
 *
 * A page reused from the last build arrives stamped with this build's id (page-reuse.ts), so the pages
 * themselves are not opened here.
 */
import { writeFile } from 'node:fs/promises';
import type { AstroIntegration } from 'astro';
import { productPayload } from '../features/product/product-payload.ts';
import { productHref } from '../features/product/product-rules.ts';
import { buildInfo } from '../lib/build-info.ts';
import { type PreparedProduct, snapshotProducts } from '../lib/catalog/snapshot.ts';
import { payloadPath } from '../lib/payload.ts';

/** Files written at once. */
const CONCURRENCY = 32;

/**
 * Writes the payload file of every (product, area) page under `dir`, in the page's folder. Returns how many
 * it wrote; fails when a page's folder is missing (the page was not written).
 */
export async function finishProductPages(
  dir: URL,
  buildId: string,
  { snapshot }: { snapshot?: string } = {},
): Promise<{ payloads: number }> {
  const { areas, products } = snapshotProducts(buildId, snapshot);
  const areaIds = new Set(areas.map((area) => area.id));
  let payloads = 0;
  const inFlight = new Set<Promise<void>>();
  const finish = async (entry: PreparedProduct, areaId: number) => {
    const page = productHref(areaId, entry.product.id);
    const file = new URL(`.${payloadPath(page)}`, dir);
    try {
      await writeFile(file, JSON.stringify(productPayload(entry.product, areaId, buildId)));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      throw new Error(`the product page ${page} was not written: no folder for its payload file`, {
        cause: error,
      });
    }
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
  return { payloads };
}

export default function productPayloads(): AstroIntegration {
  return {
    name: 'product-payloads',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const started = performance.now();
        const { payloads } = await finishProductPages(dir, buildInfo().buildId);
        logger.info(`${payloads} product payload files in ${Math.round(performance.now() - started)} ms`);
      },
    },
  };
}

/**
 * Writes the payload file of every product page (`/area/{id}/products/{productId}/_payload.json`) in a
 * build, from the build's snapshot, once the pages are written. The same files as the endpoint beside the
 * page (src/pages/area/[id]/products/[productId]/[payload].json.ts) would write, byte for byte, at a tenth
 * of the cost: Astro's fixed cost per route (request, render context, response, file) made them 126 s of
 * the profiled 100,000-product build (docs/performance.md). The endpoint still answers them in `astro dev`.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import type { AstroIntegration } from 'astro';
import { productPayload } from '../features/product/product-payload.ts';
import { productHref } from '../features/product/product-rules.ts';
import { buildInfo } from '../lib/build-info.ts';
import { type PreparedProduct, streamSnapshot } from '../lib/catalog/snapshot.ts';
import { payloadPath } from '../lib/payload.ts';

/** Files written at once. */
const CONCURRENCY = 32;

/** Writes the payload files of every (product, area) page under `dir`; returns how many. */
export async function writeProductPayloads(dir: URL, buildId: string, snapshot?: string): Promise<number> {
  const { areas, products } = streamSnapshot(buildId, snapshot);
  const areaIds = new Set(areas.map((area) => area.id));
  let written = 0;
  const inFlight = new Set<Promise<void>>();
  const write = async (entry: PreparedProduct, areaId: number) => {
    const file = new URL(`.${payloadPath(productHref(areaId, entry.product.id))}`, dir);
    await mkdir(new URL('./', file), { recursive: true });
    await writeFile(file, JSON.stringify(productPayload(entry.product, areaId, buildId)));
    written++;
  };
  for (const entry of products) {
    for (const areaId of entry.product.areas) {
      if (!areaIds.has(areaId)) continue;
      const task = write(entry, areaId).finally(() => inFlight.delete(task));
      inFlight.add(task);
      if (inFlight.size >= CONCURRENCY) await Promise.race(inFlight);
    }
  }
  await Promise.all(inFlight);
  return written;
}

export default function productPayloads(): AstroIntegration {
  return {
    name: 'product-payloads',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const started = performance.now();
        const count = await writeProductPayloads(dir, buildInfo().buildId);
        logger.info(`${count} product payload files in ${Math.round(performance.now() - started)} ms`);
      },
    },
  };
}

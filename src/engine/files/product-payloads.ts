/**
 * Every product page's payload file, `/area/{id}/products/{productId}/_payload.json`, written from the
 * build's snapshot into the page's folder (made if Astro has not written the page yet), with no route of
 * their own: Astro's fixed cost per route was, at 100,000 products, a large share of the build. `astro dev`
 * serves the files the same code writes (background-files.ts).
 *
 * The build writes them on a second thread while its pages render (background-files.ts), then checks that
 * the pages with a payload file are exactly the product pages Astro built (`checkPayloadPages`).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { productPayload } from '../../features/product/product-payload.ts';
import { payloadPath } from '../../lib/payload.ts';
import { productHref } from '../../lib/routes.ts';
import { snapshotProducts } from '../catalogue/snapshot.ts';

/**
 * Files written between two turns of the thread's event loop (chat's search indexes are fetched on the same
 * thread meanwhile).
 */
const FILES_PER_TURN = 32;

/**
 * Writes the payload file of every (product, area) page under the folder `dir`, making each page's folder.
 * Returns the pages (`/area/1/products/2/`) it wrote a payload file for.
 *
 * The files are written with blocking calls: this runs on a thread of its own, at the lowest priority
 * (background-files-worker.ts), and a blocking write is done by that thread. Written through Node's thread
 * pool, four at a time, each file was four trips to the pool's threads, which run at the build's priority
 * and shared the second core with the pages' own writes.
 */
export async function writeProductPayloads(
  dir: string,
  buildId: string,
  { snapshot }: { snapshot?: string } = {},
): Promise<string[]> {
  const { areas, products } = snapshotProducts(buildId, snapshot);
  const areaIds = new Set(areas.map((area) => area.id));
  const pages: string[] = [];
  for (const entry of products) {
    for (const areaId of entry.product.areas) {
      if (!areaIds.has(areaId)) continue;
      const page = productHref(areaId, entry.product.id);
      mkdirSync(join(dir, page), { recursive: true });
      writeFileSync(join(dir, payloadPath(page)), JSON.stringify(productPayload(entry.product, areaId)));
      pages.push(page);
      if (pages.length % FILES_PER_TURN === 0) await nextTurn();
    }
  }
  return pages;
}

/** A product page's path as Astro lists it (`area/1/products/2/`, `/area/1/products/2`…): `/area/1/products/2/`. */
const PRODUCT_PAGE = /^\/?area\/(\d+)\/products\/(\d+)\/?$/;

/**
 * Fails unless the pages that got a payload file (`payloadPages`) are exactly the product pages among
 * `builtPages` (the build's page list): a product page without its payload, or a payload file beside no
 * page, is a damaged site. Returns how many there are.
 */
export function checkPayloadPages(builtPages: Iterable<string>, payloadPages: Iterable<string>): number {
  const built = new Set<string>();
  for (const path of builtPages) {
    const match = PRODUCT_PAGE.exec(path);
    if (match) built.add(productHref(Number(match[1]), Number(match[2])));
  }
  const withPayload = new Set(payloadPages);
  for (const page of built) {
    if (!withPayload.has(page)) throw new Error(`the product page ${page} has no payload file`);
  }
  for (const page of withPayload) {
    if (!built.has(page))
      throw new Error(`a payload file was written for ${page}, a page the build did not write`);
  }
  return built.size;
}

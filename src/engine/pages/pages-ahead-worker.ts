/**
 * The worker thread of pages-ahead.ts: every product page of the build's snapshot, with the key its route
 * gives it (productPages, the page's own door), written from the last build's pack when the pack holds it
 * under that key; then posts what it wrote (or why it could not) and ends.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { failureDetail } from '../../lib/errors.ts';
import { productHref } from '../../lib/routes.ts';
import { productPages } from '../catalogue/catalogue-data.ts';
import { PagePack, pagePath } from './page-pack.ts';
import { writePagesAhead } from './pages-ahead.ts';

const { outDir, packDir, packFile } = workerData as { outDir: string; packDir: string; packFile: string };

/** Each product page's path as the pack names it (`/area/1/products/2`) and its key. */
function* productPageKeys(): Generator<[string, string]> {
  for (const { params, cacheKey } of productPages()) {
    yield [pagePath(productHref(Number(params.id), Number(params.productId))), cacheKey];
  }
}

try {
  const last = PagePack.open(packDir);
  try {
    const result = last
      ? writePagesAhead(productPageKeys(), { last, outDir, packFile })
      : { pages: [], length: 0 };
    parentPort?.postMessage({ result });
  } finally {
    last?.close();
  }
} catch (error) {
  parentPort?.postMessage({ error: failureDetail(error) });
}

/**
 * The worker thread of background-files.ts: writes every product page's payload file and chat's search
 * index in each language into the build's output folder, then posts what it wrote (or why it could not)
 * and ends. It reads the build's snapshot and environment (the build id, the catalog API) as the pages do.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import type { ChatLanguage } from '../features/chat/language.ts';
import { chatSearchJson, type JapaneseCatalogue, SEARCH_LANGUAGES } from '../features/chat/search-build.ts';
import { japaneseTitlesOf } from '../features/chat/search-index.ts';
import { buildInfo } from '../lib/build-info.ts';
import { snapshotProducts } from '../lib/catalog/snapshot.ts';
import { DataNotFoundError, describeFailure } from '../lib/errors.ts';
import type { BackgroundFiles } from './background-files.ts';
import { writeProductPayloads } from './product-payloads.ts';

const { outDir } = workerData as { outDir: string };
const { buildId } = buildInfo();

/** Chat's search index in each language, one language at a time (each holds its products until written). */
async function writeSearchIndexes(): Promise<string[]> {
  const { tenants, products } = snapshotProducts(buildId);
  // Each entry's title as it is read: the entries themselves are not kept.
  const titles = japaneseTitlesOf(
    (function* () {
      for (const { product } of products) yield product;
    })(),
  );
  const written: string[] = [];
  for (const language of SEARCH_LANGUAGES) written.push(await writeSearchIndex(language, titles, tenants));
  return written;
}

async function writeSearchIndex(
  language: ChatLanguage,
  titles: ReadonlyMap<number, string>,
  tenants: JapaneseCatalogue['tenants'],
): Promise<string> {
  const path = `/chat/search/${language}.json`;
  const json = await chatSearchJson(language, { titles, tenants }).catch((error: unknown) => {
    throw new Error(
      `${path}: ${error instanceof DataNotFoundError ? describeFailure(error) : messageOf(error)}`,
    );
  });
  const file = join(outDir, path);
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, json);
  return path;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

try {
  const [payloadPages, searchIndexes] = await Promise.all([
    writeProductPayloads(outDir, buildId),
    writeSearchIndexes(),
  ]);
  const result: BackgroundFiles = { payloadPages, searchIndexes };
  parentPort?.postMessage({ result });
} catch (error) {
  parentPort?.postMessage({ error: messageOf(error) });
}

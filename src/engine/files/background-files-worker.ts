/**
 * The worker thread of background-files.ts: writes every product page's payload file and chat's search
 * index in each language into the build's output folder, then posts what it wrote (or why it could not)
 * and ends. It reads the build's snapshot and environment (the build id, the catalog API) as the pages do.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { constants, getPriority, setPriority } from 'node:os';
import { dirname, join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { titlesOf } from '../../features/chat/search-index.ts';
import { buildInfo, handedOn } from '../../lib/build-info.ts';
import { failureDetail } from '../../lib/errors.ts';
import { snapshotProducts } from '../catalogue/snapshot.ts';
import type { BackgroundFiles } from './background-files.ts';
import { chatSearchJsons, SEARCH_LANGUAGES } from './chat-search.ts';
import { writeProductPayloads } from './product-payloads.ts';

const { outDir, cacheDir } = workerData as { outDir: string; cacheDir: string | undefined };
const LOWEST_PRIORITY = constants.priority.PRIORITY_LOW;
const { buildId } = buildInfo();

/**
 * Chat's search index in each language, one language at a time (each holds its products until written);
 * the entries of products unchanged since the last build are that build's (search-entry-cache.ts).
 */
async function writeSearchIndexes(): Promise<{ paths: string[]; reusedEntries: number }> {
  const { tenants, products } = snapshotProducts(buildId);
  // Each entry's title as it is read: the entries themselves are not kept.
  const titles = titlesOf(
    (function* () {
      for (const { product } of products) yield product;
    })(),
  );
  const written: string[] = [];
  let reusedEntries = 0;
  try {
    const cache = cacheDir
      ? { folder: join(cacheDir, 'search-entries'), inputs: handedOn('buildInputs') ?? '' }
      : undefined;
    for await (const { language, json, reused } of chatSearchJsons({ titles, tenants }, cache)) {
      reusedEntries += reused;
      const path = `/chat/search/${language}.json`;
      const file = join(outDir, path);
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, json);
      written.push(path);
    }
  } catch (error) {
    // The language being fetched or written when it failed: the one after those written.
    throw new Error(`/chat/search/${SEARCH_LANGUAGES[written.length]}.json: ${failureDetail(error)}`);
  }
  return { paths: written, reusedEntries };
}

/**
 * The pages on the main thread are what the build waits for; this thread's files only have to be written by
 * the time the last page is. On two cores it would take CPU time from the pages, so it runs at the lowest
 * priority and takes the time the pages leave. On Linux a thread's priority is its own (`setPriority` with no
 * process id changes the calling thread only); elsewhere it would be the whole build's, so it is left alone.
 */
if (process.platform === 'linux') {
  try {
    setPriority(LOWEST_PRIORITY);
  } catch {
    // A system that refuses: the files are written at the build's priority, as before.
  }
}

try {
  const began = performance.now();
  const since = <T>(work: Promise<T>) =>
    work.then((value) => ({ value, ms: Math.round(performance.now() - began) }));
  const [payloads, search] = await Promise.all([
    since(writeProductPayloads(outDir, buildId)),
    since(writeSearchIndexes()),
  ]);
  const result: BackgroundFiles = {
    payloadPages: payloads.value,
    searchIndexes: search.value.paths,
    searchEntriesReused: search.value.reusedEntries,
    priority: getPriority(),
    msToPayloads: payloads.ms,
    msToSearchIndexes: search.ms,
  };
  parentPort?.postMessage({ result });
} catch (error) {
  parentPort?.postMessage({ error: failureDetail(error) });
}

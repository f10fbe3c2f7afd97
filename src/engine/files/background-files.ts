/**
 * The build's files that are not pages and need no page rendered: every product page's payload file
 * (product-payloads.ts) and chat's search index in each language (chat-search.ts). A worker thread
 * (background-files-worker.ts) writes them, started once Astro has emptied the output folder and the
 * catalogue is written, while Astro bundles and renders the pages on the main thread.
 *
 * Nothing is skipped or published early: once the pages are written the build waits for the worker, fails
 * with its reason if it could not write (an API error on a language's list, a snapshot of another build),
 * and fails unless the pages with a payload file are exactly the product pages Astro built.
 *
 * `astro dev` has no route for these files either: the same worker writes them into a folder of the cache
 * once the catalogue is loaded, and the dev server answers them from there.
 */
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { AstroIntegration } from 'astro';
import { CatalogueRefused, currentLoad } from '../catalogue/catalogue-load.ts';
import { builtPages, type PagesFromPack } from '../pages/page-reuse.ts';
import { checkPayloadPages } from './product-payloads.ts';

/** What the worker wrote. */
export interface BackgroundFiles {
  /** The product pages (`/area/1/products/2/`) given a payload file. */
  payloadPages: string[];
  /** The search index files (`/chat/search/en.json`). */
  searchIndexes: string[];
  /** Their entries taken from the last build (products unchanged in that language). */
  searchEntriesReused: number;
  /** The thread's scheduling priority (its nice value: 19 is the lowest). */
  priority: number;
  /** Milliseconds from the thread's start to its last payload file and to its last search index. */
  msToPayloads: number;
  msToSearchIndexes: number;
}

type Outcome = { result: BackgroundFiles } | { error: string };

/**
 * The most the worker's young generation may hold, in MiB. V8 sizes a thread's young generation from the
 * process's heap limit, which on a machine with a lot of memory made it as large as the page-rendering main
 * thread's; the worker's garbage is small and short-lived (one product at a time, one page of the API's list
 * at a time), and the build's peak memory was that much higher (docs/performance.md).
 */
const WORKER_YOUNG_GENERATION_MB = 32;

/** Starts the worker writing into the folder `outDir`; settles (never rejects) once it has ended. */
export function startBackgroundFiles(outDir: string, cacheDir?: string): Promise<Outcome> {
  const worker = new Worker(new URL('./background-files-worker.ts', import.meta.url), {
    workerData: { outDir, cacheDir },
    resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB },
  });
  return new Promise<Outcome>((resolve) => {
    worker.once('message', (outcome: Outcome) => resolve(outcome));
    worker.once('error', (error) => resolve({ error: error.message }));
    worker.once('exit', (code) => resolve({ error: `the worker stopped with exit code ${code}` }));
  });
}

/** The paths of the files the worker writes: a product page's payload, a language's search index. */
const BACKGROUND_FILE = /^\/(area\/\d+\/products\/\d+\/_payload|chat\/search\/(en|zh|ko))\.json$/;

/** The worker's files written after the catalogue's load, once it is written. */
function afterLoad(folder: string, cacheDir: string | undefined): Promise<Outcome> {
  const loaded = currentLoad()?.written ?? Promise.resolve();
  return loaded.then(
    () => startBackgroundFiles(folder, cacheDir),
    (error: CatalogueRefused): Outcome => ({ error: error.reason }),
  );
}

/** `fromPack`: the pages written from the last build's pack, which Astro does not list (page-reuse.ts). */
export default function backgroundFiles(fromPack: PagesFromPack): AstroIntegration {
  let outDir: URL | undefined;
  let cacheDir: URL | undefined;
  let started: { at: number; outcome: Promise<Outcome> } | undefined;
  return {
    name: 'background-files',
    hooks: {
      'astro:config:done': ({ config }) => {
        outDir = config.outDir;
        cacheDir = config.cacheDir;
      },
      'astro:server:setup': ({ server }) => {
        if (!cacheDir) return;
        const cache = fileURLToPath(cacheDir);
        const folder = join(cache, 'dev-files');
        // A product removed since the last `astro dev` has no file left.
        const outcome = rm(folder, { recursive: true, force: true }).then(() => afterLoad(folder, cache));
        server.middlewares.use((request, response, next) => {
          const path = new URL(request.url ?? '/', 'http://dev').pathname;
          if (!BACKGROUND_FILE.test(path)) return next();
          outcome
            .then(async (written) => {
              if ('error' in written) throw new Error(written.error);
              const body = await readFile(join(folder, path));
              response.setHeader('Content-Type', 'application/json; charset=utf-8');
              response.end(body);
            })
            .catch(() => next());
        });
      },
      // Called once Astro has emptied the output folder, before it bundles. The thread starts as soon as the
      // catalogue is written, while Astro bundles: at the lowest priority it takes only the time the bundler
      // leaves, and its files are written by the time the pages are.
      'astro:build:setup': () => {
        if (!outDir || started) return;
        started = {
          at: performance.now(),
          outcome: afterLoad(fileURLToPath(outDir), cacheDir && fileURLToPath(cacheDir)),
        };
      },
      'astro:build:done': async ({ pages, logger }) => {
        if (!started) throw new Error('the payload files and search indexes were never started');
        const outcome = await started.outcome;
        // The one line, without a stack trace (CatalogueRefused).
        if ('error' in outcome) throw new CatalogueRefused(outcome.error);
        const {
          payloadPages,
          searchIndexes,
          searchEntriesReused,
          priority,
          msToPayloads,
          msToSearchIndexes,
        } = outcome.result;
        const payloads = checkPayloadPages(
          builtPages(pages, fromPack).map((page) => page.pathname),
          payloadPages,
        );
        logger.info(
          `${payloads} product payload files and ${searchIndexes.length} search indexes, written beside the pages in ${Math.round(performance.now() - started.at)} ms by a thread at priority ${priority} (its payload files done ${msToPayloads} ms after it started, its search indexes ${msToSearchIndexes} ms, ${searchEntriesReused} of their entries from the last build)`,
        );
      },
    },
  };
}

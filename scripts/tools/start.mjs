// `npm start`: the whole product on the reference catalog API. Starts the API (seeding its SQLite file on
// first start), builds the site from it, and serves dist/ with netlify.toml's rules and the /api proxy.
//
//   node scripts/tools/start.mjs [--skip-build] [--no-api]
//     --skip-build  serve the existing dist/ (tests build once and share it)
//     --no-api      use the catalog API at CATALOG_API_URL instead of starting the reference one
//   CATALOG_API_RESET=1 reseeds the reference API's database first.
import { existsSync } from 'node:fs';
import { createServer } from '../parity-server/serve.mjs';
import { bin, runNode, startNode, stop, waitForHttp } from './lib.mjs';

const args = new Set(process.argv.slice(2));
const port = Number(process.env.PORT ?? 4321);
const host = process.env.HOST ?? '127.0.0.1';
const siteUrl = process.env.SITE_URL ?? `http://localhost:${port}`;
const apiPort = Number(process.env.CATALOG_API_PORT ?? 8787);
const apiUrl = process.env.CATALOG_API_URL ?? `http://127.0.0.1:${apiPort}`;
const distDir = process.env.DIST_DIR ?? 'dist';

let api;
async function shutdown(code) {
  await stop(api);
  process.exit(code);
}
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));

try {
  if (!args.has('--no-api')) {
    // CATALOG_API_RESET=1 reseeds the database, so a test run starts from the same catalogue and stock.
    const apiArgs = process.env.CATALOG_API_RESET === '1' ? ['--reset'] : [];
    api = startNode(['scripts/catalog-api/main.ts', ...apiArgs], {
      env: {
        CATALOG_API_PORT: String(apiPort),
        // Browsers reach the API (images, the store-counter view) through the site's /api proxy.
        CATALOG_PUBLIC_URL: process.env.CATALOG_PUBLIC_URL ?? `${siteUrl}/api`,
      },
    });
    api.on('exit', (code) => {
      if (code) {
        console.error(`catalog API exited with ${code}`);
        process.exit(code);
      }
    });
  }
  await waitForHttp(`${apiUrl}/healthz`, 60_000);

  if (!args.has('--skip-build') || !existsSync(`${distDir}/index.html`)) {
    const build = await runNode([bin('astro/bin/astro.mjs'), 'build'], {
      env: { CATALOG_API_URL: apiUrl, SITE_URL: siteUrl, OUT_DIR: distDir },
    });
    if (build.code !== 0) throw new Error(`the build failed (exit ${build.code})`);
  }

  const server = createServer({ root: distDir, apiUrl });
  await server.ready;
  server.listen(port, host, () => console.log(`storefront on ${siteUrl} (catalog API ${apiUrl})`));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await shutdown(1);
}

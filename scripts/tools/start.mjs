// `npm start`: the whole product on the reference catalog API. Starts the API (seeding its SQLite file on
// first start), builds the site from it, and serves dist/ with netlify.toml's rules and the /api proxy.
// Then it keeps the site current as production does (scripts/publisher/): a rebuild schedule, and the
// editor page /editor/ with its 「今すぐ公開」 button; each rebuild goes into a fresh directory under
// PUBLISH_DIR, is checked, and is swapped in atomically.
//
//   node scripts/tools/start.mjs [--skip-build] [--no-api]
//     --skip-build  serve the existing dist/ (tests build once and share it)
//     --no-api      use the catalog API at CATALOG_API_URL instead of starting the reference one
//   CATALOG_API_RESET=1 reseeds the reference API's database first.
//   WAIT_FOR_PICTURES=1 serves the site only once the API has rendered the catalogue's pictures ahead in
//                     the formats browsers fetch (GET /healthz/pictures): the end-to-end suite's first pages
//                     then find them on disk.
//   PUBLISH_SCHEDULE  cron pattern of the rebuild schedule (Japan time), @hourly by default; off = none
//   PUBLISH_DIR       where rebuilds go (default <DIST_DIR>-builds); the last 3 are kept, and the last builds
//                     are listed in <PUBLISH_DIR>-history.json beside it, for the editor page after a restart
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { DEFAULT_CATALOG_API_TOKEN } from '../../src/lib/catalog/config.ts';
import { createServer } from '../parity-server/serve.mjs';
import { astroBuild } from '../publisher/astro-build.ts';
import { editorRoutes } from '../publisher/editor.ts';
import { Publisher } from '../publisher/publisher.ts';
import { fetchCatalogVersion } from '../publisher/rebuild-check.ts';
import { liveSiteCheck, readLiveBuild, scheduleFrom, startSchedule } from '../publisher/schedule.ts';
import { checkSite } from '../publisher/site-check.ts';
import { BUILD_NODE_OPTIONS, buildCacheDir, buildEnv } from './build-env.mjs';
import { bin, ROOT, runNode, startNode, stop, waitForHttp } from './lib.mjs';

const args = new Set(process.argv.slice(2));
const port = Number(process.env.PORT ?? 4321);
const host = process.env.HOST ?? '127.0.0.1';
const siteUrl = process.env.SITE_URL ?? `http://localhost:${port}`;
const apiPort = Number(process.env.CATALOG_API_PORT ?? 8787);
const apiUrl = process.env.CATALOG_API_URL ?? `http://127.0.0.1:${apiPort}`;
const distDir = process.env.DIST_DIR ?? 'dist';
const publishDir = process.env.PUBLISH_DIR ?? `${distDir}-builds`;
const apiToken = process.env.PUBLIC_CATALOG_API_TOKEN ?? DEFAULT_CATALOG_API_TOKEN;

let api;
let schedule;
const building = new AbortController();
async function shutdown(code) {
  schedule?.stop();
  // A rebuild under way stops with the server (its directory is never swapped in).
  building.abort();
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
        // One JSON line per request is the production log; here only warnings and errors reach the terminal.
        CATALOG_LOG_LEVEL: process.env.CATALOG_LOG_LEVEL ?? 'warn',
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

  let firstBuild = null;
  if (!args.has('--skip-build') || !existsSync(`${distDir}/index.html`)) {
    const started = Date.now();
    const build = await runNode([...BUILD_NODE_OPTIONS, bin('astro/bin/astro.mjs'), 'build'], {
      env: { ...buildEnv(), CATALOG_API_URL: apiUrl, SITE_URL: siteUrl, OUT_DIR: distDir },
    });
    if (build.code !== 0) throw new Error(`the build failed (exit ${build.code})`);
    const files = await readdir(distDir, { recursive: true });
    firstBuild = {
      startedAt: new Date(started).toISOString(),
      durationMs: Date.now() - started,
      pages: files.filter((name) => name.endsWith('.html')).length,
    };
  }

  if (process.env.WAIT_FOR_PICTURES === '1') {
    const started = Date.now();
    await waitForHttp(`${apiUrl}/healthz/pictures`, 30 * 60_000);
    console.log(`catalogue pictures ready (waited ${((Date.now() - started) / 1000).toFixed(1)} s)`);
  }

  // The server asks the publisher for its root on every request; the publisher asks the server to ready
  // each new build's rules before swapping it in.
  let server;
  const publisher = new Publisher({
    initialRoot: distDir,
    buildsDir: publishDir,
    historyFile: `${publishDir}-history.json`,
    build: astroBuild({ apiUrl, siteUrl, signal: building.signal }),
    check: async (dir) => {
      // The builds' cache folder: a page written from the page pack, as a check read it before, is not read again.
      const checked = await checkSite(dir, {
        apiUrl,
        apiToken,
        siteOrigin: new URL(siteUrl).origin,
        cacheDir: buildCacheDir(ROOT),
      });
      for (const warning of checked.warnings) console.warn(`site check: ${warning}`);
      return checked;
    },
    prepare: (dir) => server.prepare(dir),
    catalogVersion: () => fetchCatalogVersion(apiUrl, apiToken),
  });
  if (firstBuild) {
    publisher.record({
      trigger: 'start',
      cause: 'npm start',
      outcome: 'published',
      reason: null,
      ...firstBuild,
    });
  }
  const pattern = scheduleFrom(process.env);
  server = createServer({
    root: () => publisher.root,
    apiUrl,
    before: editorRoutes({
      publisher,
      apiUrl,
      schedule: pattern,
      nextThemeAt: async () => (await readLiveBuild(publisher.root))?.nextThemeAt ?? null,
    }),
  });
  await server.ready;
  schedule = startSchedule(
    pattern,
    publisher,
    liveSiteCheck({ root: () => publisher.root, apiUrl, apiToken }),
  );
  server.listen(port, host, () => {
    console.log(`storefront on ${siteUrl} (catalog API ${apiUrl})`);
    console.log(
      `editor page ${siteUrl}/editor/; rebuild schedule ${pattern ?? 'off'}; rebuilds in ${publishDir}`,
    );
  });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await shutdown(1);
}

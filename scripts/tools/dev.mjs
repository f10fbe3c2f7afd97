// `npm run dev`: Astro's dev server with hot reload, on the reference catalog API. Starts the API (seeding
// its SQLite file on first start) unless CATALOG_API_URL names one, then `astro dev` with `/api` proxied to
// it (src/engine/files/api-proxy.ts), so every page, island and the bag work as on the built site. Both stop
// when this process is stopped.
//
//   PORT (4321), CATALOG_API_PORT (8787), CATALOG_API_URL: as for `npm start`; other arguments go to astro dev.
import { bin, startNode, stop, waitForHttp } from './lib.mjs';

const port = Number(process.env.PORT ?? 4321);
const apiPort = Number(process.env.CATALOG_API_PORT ?? 8787);
const apiUrl = process.env.CATALOG_API_URL ?? `http://127.0.0.1:${apiPort}`;

let api;
let dev;
async function shutdown(code) {
  await Promise.all([stop(dev), stop(api)]);
  process.exit(code);
}
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));

if (!process.env.CATALOG_API_URL) {
  api = startNode(['scripts/catalog-api/main.ts'], {
    env: {
      CATALOG_API_PORT: String(apiPort),
      // Browsers reach the API (images, the store-counter view) through the dev server's /api proxy.
      CATALOG_PUBLIC_URL: process.env.CATALOG_PUBLIC_URL ?? `http://localhost:${port}/api`,
    },
  });
  api.on('exit', (code) => {
    if (code) shutdown(code);
  });
}
await waitForHttp(`${apiUrl}/healthz`, 60_000);
dev = startNode([bin('astro/bin/astro.mjs'), 'dev', '--port', String(port), ...process.argv.slice(2)], {
  env: { CATALOG_API_URL: apiUrl, SITE_URL: process.env.SITE_URL ?? `http://localhost:${port}` },
});
dev.on('exit', (code) => shutdown(code ?? 0));

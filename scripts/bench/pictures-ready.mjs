// How soon after `npm start` on a fresh database a product page's pictures come fast. Starts
// scripts/tools/start.mjs on its own ports, database, output folder and build cache (removed afterwards),
// then, every few seconds from the moment the site is served, opens a product page nobody has opened yet
// (the first product's, then the next product's, and so on) in a fresh browser context as the end-to-end
// suite's phone does (Chromium, 390 px, Pixel 7's density) and times each picture it loads, from its
// request being sent to its last byte. It stops visiting once the API reports its pictures rendered in the
// formats browsers fetch (GET /healthz/pictures), and waits for the WebP fallbacks to report their time too.
//
//   node scripts/bench/pictures-ready.mjs [--port 4321] [--api-port 8787]
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, devices } from '@playwright/test';
import { FULL_CHROMIUM } from '../tools/browsers.mjs';
import { startNode, stop, waitForHttp } from '../tools/lib.mjs';

const { values } = parseArgs({
  options: { port: { type: 'string', default: '4321' }, 'api-port': { type: 'string', default: '8787' } },
});
const site = `http://localhost:${values.port}`;
const api = `http://127.0.0.1:${values['api-port']}`;
const token = process.env.PUBLIC_CATALOG_API_TOKEN ?? 'gift-catalogue-public-token';
/** The suite's limit for one picture (tests/e2e/fixtures/test.ts). */
const LIMIT_MS = 2000;

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** Opens `path` in a fresh context and gives the time of every picture it loaded, slowest first. */
async function visit(browser, path) {
  const context = await browser.newContext({
    ...devices['Pixel 7'],
    viewport: { width: 390, height: 844 },
    locale: 'ja-JP',
  });
  const times = [];
  context.on('requestfinished', (request) => {
    if (request.resourceType() !== 'image') return;
    const { requestStart, responseEnd } = request.timing();
    if (responseEnd >= 0)
      times.push({ url: request.url(), ms: Math.round(responseEnd - Math.max(requestStart, 0)) });
  });
  const page = await context.newPage();
  await page.goto(`${site}${path}`, { waitUntil: 'load', timeout: 120_000 });
  await context.close();
  return times.sort((a, b) => b.ms - a.ms);
}

const work = await mkdtemp(join(tmpdir(), 'pictures-ready-'));
const started = Date.now();
const server = startNode(['scripts/tools/start.mjs'], {
  stdio: ['ignore', 'pipe', 'inherit'],
  env: {
    PORT: values.port,
    CATALOG_API_PORT: values['api-port'],
    CATALOG_API_URL: api,
    CATALOG_API_DB: join(work, 'catalog.sqlite'),
    DIST_DIR: join(work, 'dist'),
    ASTRO_CACHE_DIR: join(work, 'cache'),
    SITE_URL: site,
    PUBLISH_SCHEDULE: 'off',
  },
});
const queueLines = [];
server.stdout.on('data', (chunk) => {
  for (const line of chunk.toString().split('\n')) {
    if (line.includes('ready on disk')) queueLines.push(`+${seconds(Date.now() - started)}  ${line}`);
  }
});
const browser = await chromium.launch({ executablePath: FULL_CHROMIUM });
try {
  await waitForHttp(`${site}/`, 20 * 60_000);
  console.log(`+${seconds(Date.now() - started)}  site served`);
  const answer = await fetch(`${api}/catalog/products?size=100`, { headers: { 'X-Api-Token': token } });
  const paths = (await answer.json()).products
    .filter((product) => product.images.length > 0)
    .map((product) => `/area/${product.areas[0]}/products/${product.id}/`);
  let firstUnderLimit = null;
  for (const path of paths) {
    const ready = (await fetch(`${api}/healthz/pictures`)).ok;
    const at = Date.now() - started;
    const times = await visit(browser, path);
    const slowest = times[0];
    console.log(
      `+${seconds(at)}  ${path}: ${times.length} pictures, slowest ${slowest?.ms ?? 0} ms` +
        `${slowest ? ` (${new URL(slowest.url).pathname}${new URL(slowest.url).search})` : ''}` +
        `${ready ? ', pictures ready' : ''}`,
    );
    if (firstUnderLimit === null && times.every((time) => time.ms <= LIMIT_MS)) firstUnderLimit = at;
    if (ready) break;
    await new Promise((resolve) => setTimeout(resolve, 5000));
  }
  while (queueLines.length < 2) await new Promise((resolve) => setTimeout(resolve, 1000));
  for (const line of queueLines) console.log(line);
  if (firstUnderLimit !== null)
    console.log(`first visit with every picture under ${LIMIT_MS} ms: +${seconds(firstUnderLimit)}`);
} finally {
  await browser.close();
  await stop(server);
  await rm(work, { recursive: true, force: true });
}

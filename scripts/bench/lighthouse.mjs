// Lighthouse per page type: the four category scores on the home page, an area page, a brand page and a
// product page, mobile with Lighthouse's default (simulated) throttling, in Debian's Chromium, ja-JP. The
// median of several runs per page, since single Performance runs vary. Figures, not tests: record them in
// docs/performance.md. Targets: Performance ≥ 98, Accessibility, Best Practices and SEO 100.
//
//   node scripts/bench/lighthouse.mjs [--url http://localhost:4321] [--runs 3]
//     --url   audit a site that is already served (else the reference API and the site are started here)
//     --runs  runs per page (median reported)
//   CHROMIUM_PATH (/usr/bin/chromium), LIGHTHOUSE_PORT / LIGHTHOUSE_API_PORT (4399 / 8799)
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { FULL_CHROMIUM } from '../tools/browsers.mjs';
import { startNode, stop, waitForHttp } from '../tools/lib.mjs';

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const TARGETS = { performance: 98, accessibility: 100, 'best-practices': 100, seo: 100 };
/**
 * A browser language for Chromium: `--lang` names the interface's, but only `--accept-lang` sets what
 * pages read (`navigator.languages`, Accept-Language). Without it headless Chromium says en-US, and the
 * Japanese pages send it on to chat.
 */
export const languageFlags = (tag) => [`--lang=${tag}`, `--accept-lang=${tag},${tag.split('-')[0]}`];

export const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  ...languageFlags('ja-JP'),
];

/** The pages to audit: one per page type. The brand page is skipped when the build has none. */
async function pagesOf(base) {
  const token = process.env.PUBLIC_CATALOG_API_TOKEN ?? 'gift-catalogue-public-token';
  const response = await fetch(`${base}/api/catalog/products?size=1`, { headers: { 'X-Api-Token': token } });
  const product = (await response.json()).products?.[0];
  const pages = [
    { type: 'home', path: '/' },
    { type: 'area', path: '/area/1/' },
    { type: 'brand', path: '/brands/1/' },
    { type: 'product', path: product ? `/area/${product.areas[0]}/products/${product.id}/` : undefined },
    // No camera here: the page as it is until one starts. Not indexed, so its SEO reads below 100 by design.
    { type: 'scanner', path: '/scan/' },
  ];
  const found = [];
  for (const page of pages) {
    const ok = page.path && (await fetch(`${base}${page.path}`)).status === 200;
    if (ok) found.push(page);
    else console.log(`  ${page.type.padEnd(8)} skipped: ${page.path ?? 'no product'} is not in this build`);
  }
  return found;
}

/**
 * Requests every image a page references once, so the reference API's on-the-fly resizing is cached as a
 * production image CDN's would be: the runs measure the page, not the first resize of each image.
 */
async function warmUp(url) {
  const html = await (await fetch(url)).text();
  const urls = new Set();
  for (const match of html.matchAll(/\b(?:src|srcset)="([^"]+)"/g)) {
    for (const candidate of match[1].split(',')) {
      const value = candidate.trim().split(/\s+/)[0]?.replaceAll('&amp;', '&');
      if (value && !value.endsWith('.js')) urls.add(new URL(value, url).href);
    }
  }
  await Promise.all([...urls].map((image) => fetch(image).then((response) => response.arrayBuffer())));
}

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
};

/** Debian's Chromium for Lighthouse, headless, ja-JP. */
export function launchChrome() {
  return chromeLauncher.launch({
    chromePath: FULL_CHROMIUM,
    chromeFlags: CHROME_FLAGS,
  });
}

/**
 * One Lighthouse run: the four scores (0–100), the main metrics and the audits that lost points, for
 * finding out why. `cookie` goes with every request (a shopper's bag); `redirects` when the page is meant to
 * send the browser on (else a run that ends elsewhere fails).
 */
export async function audit(url, port, { cookie, redirects = false } = {}) {
  const run = () =>
    lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      locale: 'ja',
      onlyCategories: CATEGORIES,
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    });
  let result = await run();
  // A trace Chromium failed to record (NO_NAVSTART and the like) says nothing about the page: once more.
  if (result?.lhr.runtimeError) result = await run();
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  if (!redirects && lhr.finalDisplayedUrl !== url) {
    throw new Error(`${url} ended on ${lhr.finalDisplayedUrl}: the audit would measure another page`);
  }
  const scores = Object.fromEntries(
    CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
  );
  const lost = CATEGORIES.flatMap((id) =>
    (lhr.categories[id]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => `${ref.id} ${lhr.audits[ref.id]?.displayValue ?? lhr.audits[ref.id]?.score}`),
  );
  const metrics = Object.fromEntries(METRICS.map((id) => [id, lhr.audits[id]?.numericValue ?? Number.NaN]));
  return { scores, lost, metrics };
}

/** The metrics each run reports: milliseconds, but CLS (a score). */
const METRICS = [
  'first-contentful-paint',
  'largest-contentful-paint',
  'total-blocking-time',
  'cumulative-layout-shift',
];

/**
 * Each metric's median over the runs, and its line for the report: FCP, LCP (with every run's figure: they
 * move by a few tenths between runs), TBT, CLS.
 */
export function medianMetrics(results) {
  const metrics = Object.fromEntries(
    METRICS.map((id) => [id, median(results.map((result) => result.metrics[id]))]),
  );
  const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
  const runs = results.map((result) => seconds(result.metrics['largest-contentful-paint'])).join(' / ');
  const line =
    `FCP ${seconds(metrics['first-contentful-paint'])}, LCP ${seconds(metrics['largest-contentful-paint'])}` +
    ` (runs: ${runs}), TBT ${Math.round(metrics['total-blocking-time'])} ms,` +
    ` CLS ${metrics['cumulative-layout-shift'].toFixed(3)} (medians)`;
  return { metrics, line };
}

/** Audits every page type of the site at `base`; returns one row per page with median scores. */
export async function lighthouseBench(base, { runs = 3 } = {}) {
  const chrome = await launchChrome();
  const rows = [];
  try {
    for (const page of await pagesOf(base)) {
      await warmUp(`${base}${page.path}`);
      const results = [];
      for (let run = 0; run < runs; run++) results.push(await audit(`${base}${page.path}`, chrome.port));
      const scores = Object.fromEntries(
        CATEGORIES.map((id) => [id, median(results.map((r) => r.scores[id]))]),
      );
      // Lost points of the run with the median Performance score; each metric's median.
      const { lost } = results.find((r) => r.scores.performance === scores.performance) ?? results[0];
      const { metrics, line } = medianMetrics(results);
      rows.push({ ...page, scores, lost, metrics });
      const missed = CATEGORIES.filter((id) => scores[id] < TARGETS[id]);
      console.log(
        `  ${page.type.padEnd(8)} ${CATEGORIES.map((id) => `${id} ${scores[id]}`).join(', ')}  ${page.path}` +
          (missed.length ? `  ← under target: ${missed.join(', ')}` : ''),
      );
      console.log(`           ${line}`);
      if (lost.length) console.log(`           below full marks: ${lost.join('; ')}`);
    }
  } finally {
    chrome.kill();
  }
  return rows;
}

/** Starts the reference API and the built site (as `npm start` does) on free ports of a temp dir. */
export async function withServedSite(fn) {
  const port = Number(process.env.LIGHTHOUSE_PORT ?? 4399);
  const apiPort = Number(process.env.LIGHTHOUSE_API_PORT ?? 8799);
  const work = await mkdtemp(join(tmpdir(), 'lighthouse-'));
  const base = `http://localhost:${port}`;
  const site = startNode(['scripts/tools/start.mjs'], {
    env: {
      PORT: String(port),
      CATALOG_API_PORT: String(apiPort),
      CATALOG_API_URL: `http://127.0.0.1:${apiPort}`,
      CATALOG_API_DB: join(work, 'catalog.sqlite'),
      DIST_DIR: join(work, 'dist'),
      ASTRO_CACHE_DIR: join(work, 'astro-cache'),
      SITE_URL: base,
      // The bench pays at the counter, which moves the catalogue version: no rebuild may swap the site mid-run.
      PUBLISH_SCHEDULE: 'off',
    },
    stdio: 'ignore',
  });
  try {
    await waitForHttp(`${base}/`, 240_000);
    return await fn(base);
  } finally {
    await stop(site);
    await rm(work, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const argv = process.argv.slice(2);
  const arg = (name) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
  const runs = Number(arg('--runs') ?? 3);
  const url = arg('--url');
  console.log(`Lighthouse ${runs}× per page (median), mobile, default throttling, ja-JP:`);
  const rows = url
    ? await lighthouseBench(url, { runs })
    : await withServedSite((base) => lighthouseBench(base, { runs }));
  console.log(JSON.stringify(rows.map(({ type, path, scores }) => ({ type, path, ...scores }))));
}

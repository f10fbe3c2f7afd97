// JavaScript per page type as a real browser loads it: Chromium (Playwright) opens each page of a served
// site twice, as a first visitor (empty storage: the onboarding dialog opens, from its inline script) and as a
// returning visitor (onboarding already seen), and every script response in its network log is counted,
// with the document's inline scripts, in gzip bytes (level 9, per file, as scripts/bench/js-bytes.mjs
// counts), beside the bytes the server actually sent. Budgets per page type are checked on both visits.
//
//   node scripts/bench/js-visits.mjs --url http://localhost:4321
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { FULL_CHROMIUM } from '../tools/browsers.mjs';
import { inlineScripts } from './js-bytes.mjs';

/**
 * Gzip budgets (docs/performance.md): the pages whose only interactive part is the header, the product page,
 * the product lists (area, brand, wishlist), the bag, chat's pages, and the scanner before its camera starts.
 */
export const BUDGETS = {
  plain: 5 * 1024,
  product: 10 * 1024,
  list: 80 * 1024,
  bag: 90 * 1024,
  chat: 100 * 1024,
  scanner: 80 * 1024,
};
const PLAIN = BUDGETS.plain;

const ONBOARDING_KEY = 'onboarding-seen:v1';

/** Page types of the site, one page each; `budget` in gzip bytes (none for the per-visitor pages). */
export async function pageTypes(base) {
  const token = process.env.PUBLIC_CATALOG_API_TOKEN ?? 'gift-catalogue-public-token';
  const answer = await fetch(`${base}/api/catalog/products?size=1`, { headers: { 'X-Api-Token': token } });
  const product = (await answer.json()).products?.[0];
  if (!product) throw new Error(`${base} has no product to measure`);
  const tag = product.tags?.[0];
  return [
    { type: 'home', path: '/', budget: PLAIN },
    { type: 'about', path: '/about/', budget: PLAIN },
    { type: 'terms', path: '/terms/', budget: PLAIN },
    { type: 'tokushoho', path: '/tokushoho/', budget: PLAIN },
    { type: 'tag list', path: '/product-tags/', budget: PLAIN },
    ...(tag ? [{ type: 'tag', path: `/product-tags/${tag.id}/`, budget: PLAIN }] : []),
    { type: 'brand list', path: '/brands/', budget: PLAIN },
    // The 404 page has never had a budget: it is the plain page plus the script that names the path.
    { type: 'not found', path: '/no/such/page/', status: 404 },
    { type: 'product', path: `/area/${product.areas[0]}/products/${product.id}/`, budget: BUDGETS.product },
    { type: 'area', path: `/area/${product.areas[0]}/`, budget: BUDGETS.list },
    { type: 'brand', path: `/brands/${product.tenant.id}/`, budget: BUDGETS.list },
    // The area and brand lists once awake, as for a shopper who goes on to the next page or uses the filter.
    { type: 'area, awake', path: `/area/${product.areas[0]}/`, budget: BUDGETS.list, wake: true },
    { type: 'brand, awake', path: `/brands/${product.tenant.id}/`, budget: BUDGETS.list, wake: true },
    { type: 'wishlist', path: '/wishlist/', budget: BUDGETS.list },
    // The bag's and the QR's pages mark the first-visit dialog seen instead of opening it.
    { type: 'cart', path: '/cart/', budget: BUDGETS.bag, dialog: false },
    { type: 'qr timeout', path: '/qr/timeout/', dialog: false },
    // No camera is granted: the scanner's page as it is until the camera starts.
    { type: 'scanner', path: '/scan/', budget: BUDGETS.scanner },
    // Chat's pages, in the language of the visitor's browser (English here); they mark the first-visit
    // dialog seen instead of opening it (src/features/onboarding/).
    { type: 'chat', path: '/chat/', budget: BUDGETS.chat, locale: 'en-US', dialog: false },
    {
      type: 'chat brand',
      path: `/chat/brands/${product.tenant.id}/`,
      budget: BUDGETS.chat,
      locale: 'en-US',
      dialog: false,
    },
    { type: 'chat bag', path: '/chat/cart/', budget: BUDGETS.chat, locale: 'en-US', dialog: false },
  ];
}

/** One visit: the scripts the browser loaded (network log) and the document's inline scripts. */
async function visit(browser, base, page, { returning }) {
  const context = await browser.newContext({
    locale: page.locale ?? 'ja-JP',
    viewport: { width: 390, height: 844 },
    ...(returning
      ? {
          storageState: {
            cookies: [],
            origins: [{ origin: base, localStorage: [{ name: ONBOARDING_KEY, value: 'true' }] }],
          },
        }
      : {}),
  });
  try {
    const tab = await context.newPage();
    const scripts = new Map();
    const pending = [];
    tab.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      pending.push(
        (async () => {
          const body = await response.body();
          const sizes = await response.request().sizes();
          scripts.set(new URL(response.url()).pathname, { body, sent: sizes.responseBodySize });
        })(),
      );
    });
    const response = await tab.goto(`${base}${page.path}`, { waitUntil: 'load' });
    if (response?.status() !== (page.status ?? 200)) {
      throw new Error(`${page.path} answered ${response?.status()}, expected ${page.status ?? 200}`);
    }
    await tab.waitForLoadState('networkidle');
    if (page.wake) {
      if (!returning) {
        // A first visitor closes the welcome before scrolling (it holds the page still while open).
        await tab.getByRole('dialog').waitFor({ state: 'visible', timeout: 10_000 });
        await tab.keyboard.press('Escape');
        await tab.getByRole('dialog').waitFor({ state: 'hidden', timeout: 10_000 });
      }
      // The list wakes when touched or focused (or as its end nears the screen, when it has more to load):
      // a product link in it takes the focus. Hydrated, it has loaded every script it needs. (The area's
      // brand filter, an island inside the list's, stays asleep until the shopper touches it.)
      await tab.locator('astro-island [data-testid="product-list"] a').first().focus();
      await tab.waitForFunction(() => !document.activeElement?.closest('astro-island[ssr]'), null, {
        timeout: 15_000,
      });
      await tab.waitForLoadState('networkidle');
    }
    if (!returning && page.dialog !== false && !page.wake) {
      // The first visit's proof that the dialog's code ran: the dialog is open.
      await tab.getByRole('dialog').waitFor({ state: 'visible', timeout: 10_000 });
    }
    await Promise.all(pending);
    const inline = inlineScripts(await response.text());
    const files = [...scripts.values()];
    const gzip =
      inline.reduce((sum, code) => sum + gzipSync(code, { level: 9 }).length, 0) +
      files.reduce((sum, file) => sum + gzipSync(file.body, { level: 9 }).length, 0);
    const raw =
      inline.reduce((sum, code) => sum + Buffer.byteLength(code), 0) +
      files.reduce((sum, file) => sum + file.body.length, 0);
    const sent = files.reduce((sum, file) => sum + file.sent, 0);
    return { files: files.length, inline: inline.length, raw, gzip, sent, urls: [...scripts.keys()] };
  } finally {
    await context.close();
  }
}

/** Every page type, first and returning visit; rows with `within` false break a budget. */
export async function jsVisits(base) {
  const browser = await chromium.launch({
    executablePath: FULL_CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  const rows = [];
  try {
    for (const page of await pageTypes(base)) {
      const first = await visit(browser, base, page, { returning: false });
      const again = await visit(browser, base, page, { returning: true });
      const within = page.budget === undefined || (first.gzip <= page.budget && again.gzip <= page.budget);
      rows.push({ ...page, first, returning: again, within });
    }
  } finally {
    await browser.close();
  }
  return rows;
}

/** The rows as a table for the console. */
export function printVisits(rows) {
  console.log('  page        first visit (gzip / sent / files)   returning visit            budget');
  for (const row of rows) {
    const cell = (v) =>
      `${String(v.gzip).padStart(7)} / ${String(v.sent).padStart(6)} / ${v.files}+${v.inline}`;
    const budget = row.budget === undefined ? '—' : `${row.budget}${row.within ? '' : '  ← OVER'}`;
    console.log(
      `  ${row.type.padEnd(11)} ${cell(row.first).padEnd(33)} ${cell(row.returning).padEnd(26)} ${budget}`,
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const argv = process.argv.slice(2);
  const url = argv.includes('--url') ? argv[argv.indexOf('--url') + 1] : undefined;
  if (!url) throw new Error('usage: node scripts/bench/js-visits.mjs --url http://localhost:4321');
  const rows = await jsVisits(url);
  printVisits(rows);
  if (rows.some((row) => !row.within)) process.exitCode = 1;
}

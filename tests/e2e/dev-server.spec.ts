/**
 * `npm run dev` is a working loop: the reference API started beside Astro's dev server, `/api` proxied to
 * it, so pages, islands and the bag work with hot reload. Driven once: home, a product, add to bag.
 */
import type { ChildProcess } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { startNode, stop, waitForHttp } from '../../scripts/tools/lib.mjs';
import { picturesCacheDir } from '../../scripts/tools/picture-cache.mjs';
import { DEFAULT_CATALOG_API_TOKEN } from '../../src/lib/catalog/config.ts';
import type { Product } from '../../src/lib/catalog/types.ts';
import { expect, test } from './fixtures/test.ts';

const SHARED_PORT = Number(process.env.E2E_PORT ?? 4390);
const SHARED_API_PORT = Number(process.env.E2E_API_PORT ?? 8790);
const PORT = Number(process.env.E2E_DEV_PORT ?? SHARED_PORT + 9);
const API_PORT = Number(process.env.E2E_DEV_API_PORT ?? SHARED_API_PORT + 9);
const DEV = `http://localhost:${PORT}`;
const DB = `.data/e2e-dev-${API_PORT}.sqlite`;
/**
 * How long a first visit may wait for `astro dev` to compile what it asks for: seconds on a quiet machine,
 * more than 30 s when `npm test`'s other steps share two cores with it (load 15 in CI).
 */
const FIRST_COMPILE_MS = 90_000;

let server: ChildProcess;
let log = '';

test.describe('the dev server', () => {
  test.describe.configure({ mode: 'serial' });
  // A first visit to `astro dev` compiles the page and pre-bundles its dependencies, and its /api proxy
  // holds the page's pictures meanwhile: seconds in the browser, while the API, which the suite's picture
  // check times (tests/e2e/fixtures/test.ts), answers each from disk in milliseconds.

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    await rm(DB, { force: true });
    server = startNode(['scripts/tools/dev.mjs'], {
      stdio: 'pipe',
      env: {
        PORT: String(PORT),
        CATALOG_API_PORT: String(API_PORT),
        CATALOG_API_DB: DB,
        // The pictures the suite's API rendered before the suite began, in the folder end-to-end runs share
        // (scripts/tools/picture-cache.mjs): the dev API's answer within the suite's 2 s, as a developer's
        // second start would (rendering them afresh takes minutes of a busy runner).
        CATALOG_IMAGE_CACHE_DIR: process.env.CATALOG_IMAGE_CACHE_DIR || picturesCacheDir(process.env),
      },
    });
    server.stdout?.on('data', (chunk) => (log += chunk));
    server.stderr?.on('data', (chunk) => (log += chunk));
    try {
      await waitForHttp(`${DEV}/`, 110_000);
    } catch (error) {
      throw new Error(`${String(error)}\n${log}`);
    }
  });

  test.afterAll(async () => {
    // dev.mjs stops its API when astro dev ends; both get the signal with the process group.
    await stop(server);
    await rm(DB, { force: true });
  });

  test('serves the home page, a product and a working bag through its /api proxy', async ({ page }) => {
    test.slow();
    await page.goto(`${DEV}/`);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(page.locator('main a[href^="/brands/"]').first()).toBeVisible();

    // Product 1 has stock in the seed; its page is reached through the dev server's /api proxy's data.
    const response = await page.request.get(`${DEV}/api/catalog/products/1`, {
      headers: { 'X-Api-Token': DEFAULT_CATALOG_API_TOKEN },
    });
    expect(response.status()).toBe(200);
    const product = (await response.json()) as Product;
    await page.goto(`${DEV}/area/${product.areas[0]}/products/${product.id}/`);
    // Vite pre-bundles the dependencies a page discovers and reloads it when done, once or more on a first
    // visit: the heading stays on screen only after that (the built site's is there at once).
    await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible({
      timeout: FIRST_COMPILE_MS,
    });
    const bag = page.getByRole('banner').getByRole('link', { name: /バッグ/ });
    await expect(bag).toHaveAccessibleName('バッグ');
    const image = page.locator('main picture img').first();
    await expect(image).toHaveJSProperty('complete', true);
    expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    // The dev server compiles the page's scripts on first request: the options' element must be running
    // before its button does anything (on the built site it is at once).
    await page.waitForFunction(() => customElements.get('variant-picker') !== undefined, null, {
      timeout: FIRST_COMPILE_MS,
    });
    await page.getByRole('button', { name: 'バッグに入れる' }).click();
    await expect(bag).toHaveAccessibleName('バッグ 1点', { timeout: FIRST_COMPILE_MS });
  });
});

/**
 * The site works at any origin it is opened at: its own pictures are written root-relative, so at
 * 127.0.0.1 instead of the configured localhost (or on a deploy preview) none is broken or blocked by the
 * page's policy (the fixture fails the test on any policy violation).
 */
import { DEFAULT_CATALOG_API_TOKEN } from '../../src/lib/catalog/config.ts';
import type { Product } from '../../src/lib/catalog/types.ts';
import { expect, test } from './fixtures/test.ts';

const PORT = Number(process.env.E2E_PORT ?? 4390);
const ORIGIN = `http://127.0.0.1:${PORT}`;

test('pictures load and none is blocked when the site is opened at another origin', async ({ page }) => {
  const response = await page.request.get(`${ORIGIN}/api/catalog/products/1`, {
    headers: { 'X-Api-Token': DEFAULT_CATALOG_API_TOKEN },
  });
  const product = (await response.json()) as Product;
  for (const path of [
    '/',
    `/area/${product.areas[0]}/`,
    `/area/${product.areas[0]}/products/${product.id}/`,
  ]) {
    await page.goto(`${ORIGIN}${path}`, { waitUntil: 'load' });
    const images = await page.locator('img').evaluateAll((all) =>
      (all as HTMLImageElement[]).map((img) => ({
        src: img.currentSrc || img.src,
        loaded: img.complete && img.naturalWidth > 0,
        lazy: img.loading === 'lazy',
      })),
    );
    expect(images.length, path).toBeGreaterThan(0);
    for (const image of images) {
      expect(new URL(image.src).origin, `${path}: ${image.src}`).toBe(ORIGIN);
      if (!image.lazy) expect(image.loaded, `${path}: ${image.src}`).toBe(true);
      else expect((await page.request.get(image.src)).status(), image.src).toBe(200);
    }
  }
});

/**
 * The Japanese shopper on a phone over a slow network: the area list holds still while it loads more.
 *
 * Seed facts used (scripts/catalog-api/README.md and seed.ts): BASE A (area 1) has 25 products, so its list
 * comes in three pages of 10.
 */
import { AreaPage, settled } from './fixtures/browse.ts';
import { expect, test } from './fixtures/test.ts';

declare global {
  interface Window {
    /** Every layout shift the page has had without recent input, summed (tests only). */
    __layoutShift?: number;
  }
}

/** A next page of a list comes this long after it is asked for: slow 4G with a busy API. */
const NEXT_PAGE_DELAY_MS = 1500;

test.describe('a list that holds still', () => {
  test('flicking through BASE A to its end on a phone moves nothing on screen (layout shift ≤ 0.05)', async ({
    page,
  }) => {
    test.slow();
    // Every layout shift from the first paint on, summed: stricter than the score's largest window.
    await page.addInitScript(() => {
      window.__layoutShift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
        })[]) {
          if (!entry.hadRecentInput) window.__layoutShift = (window.__layoutShift ?? 0) + entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.route('**/api/catalog/products?*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, NEXT_PAGE_DELAY_MS));
      await route.continue();
    });
    const area = new AreaPage(page);
    await area.goto(1);
    await settled(page);

    // A thumb's flicks: a screen's worth at a time, faster than the next page comes.
    for (let flick = 0; flick < 120 && !(await area.end.isVisible()); flick += 1) {
      await page.mouse.wheel(0, 600);
      await page.waitForTimeout(200);
    }
    await expect(area.end).toBeVisible();
    await expect(area.products).toHaveCount(25);
    // The page footer never came up under the list before its end: it is below "No more results!".
    const footer = page.getByRole('contentinfo');
    const [endBox, footerBox] = [await area.end.boundingBox(), await footer.boundingBox()];
    expect(footerBox?.y).toBeGreaterThan((endBox?.y ?? 0) + (endBox?.height ?? 0));

    const shift = await page.evaluate(() => window.__layoutShift ?? 0);
    test.info().annotations.push({ type: 'layout shift', description: shift.toFixed(4) });
    expect(shift).toBeLessThanOrEqual(0.05);
  });
});


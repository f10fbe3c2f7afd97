/**
 * The Japanese shopper on a phone over a slow network: the area list holds still while it loads more, the
 * bag draws the bag the visitor holds at once, and the welcome dialog opens with the page or not at all.
 *
 * Seed facts used (scripts/catalog-api/README.md and seed.ts): BASE A (area 1) has 25 products, so its list
 * comes in three pages of 10.
 */
import type { Page } from '@playwright/test';
import { AreaPage, ProductPage, settled } from './fixtures/browse.ts';
import { expect, test } from './fixtures/test.ts';

declare global {
  interface Window {
    /** Every layout shift the page has had without recent input, summed (tests only). */
    __layoutShift?: number;
  }
}

/** A next page of a list comes this long after it is asked for: slow 4G with a busy API. */
const NEXT_PAGE_DELAY_MS = 1500;

/** Something held back until the test lets it through: `opened` settles once `open` is called. */
function gate() {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/** Adds BASE A's first product to the bag on its page, as a shopper does; its title. */
async function addFirstProductOfBaseA(page: Page): Promise<{ title: string }> {
  await page.goto('/area/1/');
  const area = new AreaPage(page);
  await area.ready();
  const link = area.products.first().getByRole('link');
  const title = (await link.textContent()) ?? '';
  await link.click();
  const product = new ProductPage(page);
  await product.ready();
  await product.addToBag.click();
  await expect(product.bagLink(1)).toBeVisible();
  return { title };
}

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

test.describe('the bag at once', () => {
  test('draws the lines the visitor holds before the API answers, then takes the answer', async ({
    page,
  }) => {
    // A product added on its page: the tab holds the bag the API answered the add with.
    const { title } = await addFirstProductOfBaseA(page);

    // The bag read is slow (slow 4G, a busy API): the lines show long before it lands.
    const apiAnswers = gate();
    await page.route('**/api/catalog/cart', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      await apiAnswers.opened;
      await route.continue();
    });
    await page.goto('/cart/');
    const line = page.getByTestId('bag-line');
    await expect(line).toHaveCount(1);
    await expect(line.getByRole('heading', { name: title })).toBeVisible();
    // Until the API has answered, the line cannot be changed (its answer would undo the change).
    await expect(line.getByRole('button', { name: /数量を1つ増やす/ })).toBeDisabled();
    apiAnswers.open();
    await expect(line.getByRole('button', { name: /数量を1つ増やす/ })).toBeEnabled();
    await expect(page.getByRole('button', { name: '店頭でのお支払いに進む' })).toBeEnabled();
  });
});

test.describe('the bag before React', () => {
  test('draws the lines the visitor holds before React has come, and React takes them over moving nothing', async ({
    page,
  }) => {
    // A product added on its page: the tab holds the bag, and the page asks for the bag page's first script.
    // Its line offers のし and a message card (BASE A's goods take のし; a shipped line offers a card): that
    // part's code comes after React's.
    const { title } = await addFirstProductOfBaseA(page);
    const bagHtml = await (await page.request.get('/cart/')).text();
    const heldScript = /<script type="module" async src="([^"]+)"/.exec(bagHtml)?.[1];
    expect(heldScript, "the bag page's first script").toBeDefined();
    for (const href of ['/cart/', heldScript]) {
      await expect(page.locator(`link[rel="prefetch"][href="${href}"]`)).toHaveCount(1);
    }

    // React's file is slow to come (slow 4G): the held lines are on screen long before.
    const react = gate();
    await page.route(/\/_astro\/react\.[\w-]+\.js$/, async (route) => {
      await react.opened;
      await route.continue();
    });
    // The API's answer may change the bag (another spec's order took the stock): held until the take-over
    // is measured, so only the take-over can move anything then. Its pictures come as they would.
    const apiAnswers = gate();
    await page.route(/\/api\/catalog\//, async (route) => {
      await apiAnswers.opened;
      await route.continue();
    });
    await page.addInitScript(() => {
      window.__layoutShift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) {
          window.__layoutShift = (window.__layoutShift ?? 0) + entry.value;
        }
      }).observe({ type: 'layout-shift' });
    });
    await page.goto('/cart/', { waitUntil: 'commit' });
    const line = page.getByTestId('bag-line');
    await expect(line).toHaveCount(1);
    await expect(line.getByRole('heading', { name: title })).toBeVisible();
    await expect(page.getByRole('heading', { name: '1点の商品' })).toBeVisible();
    await expect(page.getByTestId('bag-totals')).toBeVisible();
    // Nothing can be changed or paid before the API has answered.
    await expect(line.getByRole('button', { name: /数量を1つ増やす/ })).toBeDisabled();
    await expect(page.getByRole('button', { name: '店頭でのお支払いに進む' })).toBeDisabled();
    // React has not come: the island has not drawn yet.
    await expect(page.locator('astro-island[ssr]')).toHaveCount(1);
    await line.evaluate((element) => element.setAttribute('data-drawn-before-react', ''));
    const parts = [
      line,
      line.getByRole('heading'),
      page.getByTestId('bag-totals'),
      page.getByRole('button', { name: '店頭でのお支払いに進む' }),
      page.getByRole('contentinfo'),
    ];
    const before = await Promise.all(parts.map((part) => part.boundingBox()));
    // From here on, only the take-over could move anything.
    await page.evaluate(() => {
      window.__layoutShift = 0;
    });

    react.open();
    await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
    await expect(page.locator('[data-drawn-before-react]')).toHaveCount(0);
    await expect(line).toHaveCount(1);
    expect(await Promise.all(parts.map((part) => part.boundingBox()))).toEqual(before);
    expect(await page.evaluate(() => window.__layoutShift)).toBe(0);
    // Then the line's のし part, into the place kept for it from the first drawing on: nothing moves.
    await expect(line.getByTestId('line-gift')).toBeVisible();
    expect(await Promise.all(parts.map((part) => part.boundingBox()))).toEqual(before);
    expect(await page.evaluate(() => window.__layoutShift)).toBe(0);
    apiAnswers.open();
    // Then the API's answer: the line can be changed, the bag paid.
    await expect(line.getByRole('button', { name: /数量を1つ増やす/ })).toBeEnabled();
    await expect(page.getByRole('button', { name: '店頭でのお支払いに進む' })).toBeEnabled();
  });
});

test.describe('the welcome dialog on a first visit', () => {
  test.use({ returningVisitor: false });

  test('is open in the first paint, never later, so an early tap cannot land on it', async ({ page }) => {
    await page.addInitScript(() => {
      const w = window as Window & { __dialogOpenAt?: number };
      new MutationObserver(() => {
        if (w.__dialogOpenAt === undefined && document.querySelector('dialog[open]')) {
          w.__dialogOpenAt = performance.now();
        }
      }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['open'] });
    });
    const loaded: string[] = [];
    page.on('response', (response) => loaded.push(new URL(response.url()).pathname));
    await page.goto('/');
    const dialog = page.getByRole('dialog', { name: 'ギフトカタログへようこそ' });
    await expect(dialog).toBeVisible();
    const { openAt, firstPaint } = await page.evaluate(() => ({
      openAt: (window as Window & { __dialogOpenAt?: number }).__dialogOpenAt ?? Number.POSITIVE_INFINITY,
      firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
    }));
    expect(openAt).toBeLessThanOrEqual(firstPaint);
    // It needs no code of its own to come first.
    expect(loaded.filter((path) => path.includes('onboarding'))).toEqual([]);
    // Closed, it stays closed: the next page opens without it.
    await dialog.getByRole('button', { name: 'はじめる' }).click();
    await expect(dialog).toBeHidden();
    // The dialog marks itself seen in its close event, a task after it hides: a shopper's next tap comes
    // after it, a navigation the test starts from outside the page may not.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('onboarding-seen:v1'))).toBe('true');
    await page.goto('/about/');
    await settled(page);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});

/**
 * The Japanese shopper's smaller points on a phone (390 px): the brand filter shows what it did, shipping
 * is charged and printed once per order, the QR page holds still as its QR comes, small links are targets a
 * thumb hits (44 px), Japanese lines break between phrases, and an option is written one way everywhere.
 *
 * Seed facts used (scripts/catalog-api/README.md and seed.ts): BASE A (area 1) has 25 products; its brand
 * 京菓子司 香月堂 has products there.
 */
import type { Page } from '@playwright/test';
import { BagPage, pickProducts } from './fixtures/bag.ts';
import { AreaPage, apiProducts, ProductPage, settled } from './fixtures/browse.ts';
import { expect, test } from './fixtures/test.ts';

/** Sums every layout shift without recent input from the first paint (the page's script reads it). */
async function watchLayoutShift(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as Window & { __layoutShift?: number };
    w.__layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[]) {
        if (!entry.hadRecentInput) w.__layoutShift = (w.__layoutShift ?? 0) + entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

const layoutShift = (page: Page) =>
  page.evaluate(() => (window as Window & { __layoutShift?: number }).__layoutShift ?? 0);

/** How many lines an element's text takes. */
const lineCount = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    });

/** Whether `word` sits on one line wherever it appears in the element's text. */
const wordOnOneLine = (locator: ReturnType<Page['locator']>, word: string) =>
  locator.evaluate((element, word) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    let found = false;
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (let at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + 1)) {
        found = true;
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + word.length);
        const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        if (tops.size !== 1) return false;
      }
    }
    return found;
  }, word);

test.describe('the brand filter on a phone', () => {
  test('says what the ticked brand finds, and takes the shopper to it', async ({ page }) => {
    const area = new AreaPage(page);
    await area.goto(1);
    await area.selectBrands(['京菓子司 香月堂']);
    // The list starts below the open filter: the filter itself says what the tick did, in view.
    const show = page.getByRole('button', { name: /^結果を見る（\d+点）$/ });
    await expect(show).toBeInViewport();
    const found = Number((await show.textContent())?.match(/\d+/)?.[0]);
    await show.click();
    await expect(page.getByRole('checkbox', { name: '京菓子司 香月堂' })).toBeHidden();
    await expect(page.getByText(`${found}点の商品`, { exact: true })).toBeInViewport();
    await expect(area.products.first()).toBeInViewport();
    await expect(area.products.first()).toContainText('京菓子司 香月堂');
  });
});

test.describe('shipping, once per order', () => {
  test('"送料 ¥880" is printed once, in the totals, not on every shipped line', async ({ page, request }) => {
    const bag = new BagPage(page);
    // The two cheapest lines of twenty, both shipped (the API adds every line as shipped): together under
    // the free-shipping subtotal, so the charge applies, once.
    const price = (pick: { product: { variants: { id: number; price: number }[] }; variantId: number }) =>
      pick.product.variants.find((variant) => variant.id === pick.variantId)?.price ??
      Number.POSITIVE_INFINITY;
    const picks = (await pickProducts(request, 20, { qty: 1 }))
      .sort((a, b) => price(a) - price(b))
      .slice(0, 2);
    for (const pick of picks) await bag.add(pick);
    await bag.open();
    await bag.settled();
    const server = await bag.serverBag();
    expect(server.shippingCharge).toBe(880);
    await expect(bag.lines).toHaveCount(2);
    for (const line of await bag.lines.all()) {
      await expect(line.getByRole('radio', { name: /^配送する/ })).toBeChecked();
    }
    await expect(page.getByTestId('ship-price')).toHaveCount(0);
    await expect(page.getByText(/送料/)).toHaveText(['送料']);
    await expect(bag.total('shipping')).toHaveText('¥880（税込）');
  });
});

test.describe('the QR page', () => {
  test('holds still as its QR comes: the QR has its place before it is drawn', async ({ page, request }) => {
    const bag = new BagPage(page);
    const [pick] = await pickProducts(request, 1, { qty: 1, offset: 3 });
    if (pick) await bag.add(pick);
    await bag.open();
    await bag.settled();
    await watchLayoutShift(page);
    // The draft order comes late (a slow network): the page shows its place meanwhile.
    await page.route('**/api/catalog/cart/qr/*', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await bag.pay();
    await expect(page.getByTestId('qr-code').getByRole('img')).toBeVisible();
    await settled(page);
    expect(await layoutShift(page)).toBeLessThanOrEqual(0.01);
    // Its lead ends on a phrase, not on a lone 「さい。」.
    const lead = page.getByText('このQRコードを店頭カウンターのスタッフにお見せください。');
    expect(await wordOnOneLine(lead, 'ください')).toBe(true);
  });
});

test.describe('targets a thumb hits', () => {
  const atLeast44 = async (locator: ReturnType<Page['locator']>) => {
    for (const each of await locator.all()) {
      const box = await each.boundingBox();
      expect(box?.height, (await each.textContent()) ?? '').toBeGreaterThanOrEqual(44);
      expect(box?.width, (await each.textContent()) ?? '').toBeGreaterThanOrEqual(44);
    }
  };

  test('the language links, the breadcrumbs and the bag’s product names are 44 px', async ({
    page,
    request,
  }) => {
    await page.goto('/');
    await atLeast44(page.getByRole('navigation', { name: '他の言語（チャット）' }).getByRole('link'));
    const [product] = await apiProducts(request);
    await new ProductPage(page).goto(`/area/${product?.areas[0]}/products/${product?.id}/`);
    await atLeast44(page.getByRole('navigation', { name: 'パンくずリスト' }).getByRole('link'));
    const bag = new BagPage(page);
    const [pick] = await pickProducts(request, 1, { qty: 1, offset: 5 });
    if (pick) await bag.add(pick);
    await bag.open();
    await atLeast44(bag.lines.getByRole('heading').getByRole('link'));
  });
});

test.describe('Japanese as it is read', () => {
  test('lines break between phrases: 「ギフトラッピングをする」 stays whole on a phone', async ({
    page,
    request,
  }) => {
    const bag = new BagPage(page);
    const [pick] = await pickProducts(request, 1, { qty: 1, offset: 7 });
    if (pick) await bag.add(pick);
    await bag.open();
    const label = page.getByText('ギフトラッピングをする', { exact: true });
    await expect(label).toBeVisible();
    expect(
      await lineCount(page, 'label:has(> input[type="checkbox"]) > span:text-is("ギフトラッピングをする")'),
    ).toBe(1);
    // The footer's links keep their words whole: 「表記」, never 「表／記」.
    expect(await wordOnOneLine(page.getByRole('contentinfo'), '表記')).toBe(true);
  });

  test('an option reads 「個数：6個入」 in the bag as on the product page', async ({ page, request }) => {
    const products = await apiProducts(request);
    const product = products.find(
      (each) =>
        each.areas.length > 0 &&
        each.variants.some((variant) => variant.options.length === 1 && variant.totalStock > 5),
    );
    const variant = product?.variants.find((each) => each.options.length === 1 && each.totalStock > 5);
    const option = variant?.options[0];
    if (!product || !variant || !option) throw new Error('the seed has no product with one option');
    const bag = new BagPage(page);
    await bag.add({ product, variantId: variant.id });
    await bag.open();
    await expect(bag.lines.first()).toContainText(`${option.displayName}：${option.displayValue}`);
  });
});

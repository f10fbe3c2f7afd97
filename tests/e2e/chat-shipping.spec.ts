import type { Page } from '@playwright/test';
import { DEFAULT_CATALOG_API_TOKEN } from '../../src/lib/catalog/config.ts';
import type { Product, ProductPage } from '../../src/lib/catalog/types.ts';
import { BagPage, completeAtCounter, pickProducts, signInStaff } from './fixtures/bag.ts';
import { ja, ko } from './fixtures/strings.ts';
import { expect, test } from './fixtures/test.ts';

/**
 * A tourist ships, at 390 px: after payment the order page puts the address step first, in the visitor's
 * language and in Japanese; the address form takes a name in Hangul with its reading in Latin letters and
 * a Korean phone number written with its country code, and tells a Korean 010… number from a Japanese one.
 * Screenshots of the Korean order and address pages are kept in test-results/.
 */
test.use({ viewport: { width: 390, height: 844 } });

const headers = { 'X-Api-Token': DEFAULT_CATALOG_API_TOKEN };

/** A one-variant product in stock, from the end of the catalogue (other specs use its start). */
async function aProductToShip(page: Page, lang: string, skip: number): Promise<Product> {
  const response = await page.request.get(`/api/catalog/products?size=100&lang=${lang}`, { headers });
  const found = ((await response.json()) as ProductPage).products
    .reverse()
    .filter((p) => p.variants.length === 1 && (p.variants[0]?.totalStock ?? 0) >= 5)[skip];
  if (!found) throw new Error('the seed has no one-variant product in stock');
  return found;
}

/** Fails unless the address step's link is on the first screen, before the order's lines. */
async function expectAddressStepFirst(page: Page, linkName: string, linesTitle: string) {
  const link = page.getByRole('link', { name: linkName });
  await expect(link).toBeVisible();
  await expect(link).toHaveCount(1);
  const box = await link.boundingBox();
  expect(box && box.y + box.height, 'the link is on the first screen').toBeLessThanOrEqual(844);
  const lines = page.getByRole('heading', { name: linesTitle, exact: true });
  const linesBox = await lines.boundingBox();
  expect(box && linesBox && box.y < linesBox.y, 'the link comes before the lines').toBe(true);
}

test.describe('shipping to a tourist in Korean', () => {
  test.use({ locale: 'ko-KR' });

  test('the address step comes first after payment; a Hangul name and a Korean phone are taken', async ({
    page,
  }) => {
    test.slow();
    const product = await aProductToShip(page, 'ko', 2);
    await page.goto(`/chat/brands/${product.tenant.id}/?product=${product.id}`);
    const panel = page.getByTestId('chat-product');
    await panel.getByRole('button', { name: ko['product.addToBag'] }).click();
    await panel.getByRole('link', { name: ko['product.viewBag'] }).click();
    await page.getByTestId('bag-line').getByRole('radio', { name: ko['bag.receive.ship'] }).check();
    await expect(page.getByTestId('bag-totals').locator('[data-total="shipping"]')).toBeVisible();
    await page.getByRole('button', { name: ko['bag.pay'] }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('checkbox').check();
    await dialog.getByRole('button', { name: ko['confirm.submit'] }).click();
    await expect(page).toHaveURL(/\/chat\/qr\/[A-Za-z0-9_-]+\/(\?lang=\w+)?$/);
    const alias = new URL(page.url()).pathname.split('/')[3] ?? '';
    await signInStaff(page);
    await completeAtCounter(page, new URL(`/api/store/qr/${alias}`, page.url()).toString());
    await expect(page).toHaveURL(/\/chat\/order\/[A-Za-z0-9_-]+\/$/, { timeout: 15_000 });

    await expect(page.getByRole('heading', { name: ko['order.addressStep.title'] })).toBeVisible();
    await expectAddressStepFirst(page, ko['order.shipment.enterAddress'], ko['order.lines']);
    // A paid order names its total as paid.
    await expect(page.getByText(ko['bag.totals.paidTotal'], { exact: true })).toBeVisible();
    await expect(page.getByText(ko['bag.totals.grandTotal'], { exact: true })).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('ko-order-awaiting-address.png'), fullPage: true });

    await page.getByRole('link', { name: ko['order.shipment.enterAddress'] }).click();
    await expect(page).toHaveURL(/\/chat\/address\/[A-Za-z0-9_-]{16,64}\/$/);
    /** A field by its label, followed by its required or optional mark only. */
    const field = (key: keyof typeof ko) => new RegExp(`^${ko[key]}\\s+\\S+$`);
    await page.getByRole('textbox', { name: field('address.postalCode') }).fill('1500001');
    await page.getByRole('combobox', { name: field('address.prefecture') }).selectOption('東京都');
    await page.getByRole('textbox', { name: field('address.city') }).fill('渋谷区神宮前');
    await page.getByRole('textbox', { name: field('address.street') }).fill('1-2-3');
    await page.getByRole('textbox', { name: field('address.name') }).fill('김민지');
    const phone = page.getByRole('textbox', { name: field('address.phone') });
    await phone.fill('010-1234-5678');
    await page.getByRole('button', { name: ko['address.submit'] }).click();
    await expect(page.getByTestId('error-summary')).toBeFocused();
    // A Korean 010… is not taken as a Japanese number; a Hangul name needs its reading.
    await expect(page.getByTestId('phone-error')).toHaveText(ko['address.error.phoneInternational']);
    await expect(page.getByTestId('nameKana-error')).toHaveText(
      ko['address.error.required'].replace('{label}', ko['address.nameKana']),
    );
    // The hint of the reading, beside it, says Latin letters are fine.
    const reading = page.getByRole('textbox', { name: field('address.nameKana') });
    const hint = ko['address.nameKana.hint'].replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    await expect(reading).toHaveAccessibleDescription(new RegExp(hint));
    await reading.fill('Kim Minji');
    await phone.fill('+82 10-1234-5678');
    await page.screenshot({ path: test.info().outputPath('ko-address-form.png'), fullPage: true });
    await page.getByRole('button', { name: ko['address.submit'] }).click();
    await expect(page).toHaveURL(/\/chat\/address\/[A-Za-z0-9_-]{16,64}\/complete\/$/);
    const summary = page.getByTestId('address-summary');
    await expect(summary).toContainText('김민지（Kim Minji）');
    await expect(summary).toContainText('+821012345678');
    await page.screenshot({ path: test.info().outputPath('ko-address-complete.png'), fullPage: true });
    await page.getByRole('link', { name: ko['address.backToOrder'] }).click();
    await expect(page.getByTestId('address-step')).toHaveCount(0);
    await expect(page.getByTestId('address-summary')).toContainText('+821012345678');
    await page.screenshot({ path: test.info().outputPath('ko-order-address-received.png'), fullPage: true });
  });
});

test.describe('shipping in Japanese', () => {
  test('the address step comes first after payment, and a Japanese number is kept as written', async ({
    page,
  }) => {
    test.slow();
    const [pick] = await pickProducts(page.request, 1, { offset: 6 });
    if (!pick) throw new Error('no product');
    const bag = new BagPage(page);
    await page.goto('/');
    await bag.add(pick);
    await bag.open();
    await bag.line(pick.product.title).getByRole('radio', { name: ja['bag.receive.ship'] }).check();
    await bag.settled();
    const alias = await bag.pay();
    await signInStaff(page);
    await completeAtCounter(page, new URL(`/api/store/qr/${alias}`, page.url()).toString());
    await expect(page).toHaveURL(/\/order\/[A-Za-z0-9_-]+\/$/, { timeout: 15_000 });
    await expectAddressStepFirst(page, ja['order.shipment.enterAddress'], ja['order.lines']);
  });
});

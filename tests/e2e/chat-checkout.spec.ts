import type { Page } from '@playwright/test';
import { productOptions } from '../../src/features/product/variant-options.ts';
import { DEFAULT_CATALOG_API_TOKEN } from '../../src/lib/catalog/config.ts';
import type { Product, ProductPage } from '../../src/lib/catalog/types.ts';
import { completeAtCounter, signInStaff } from './fixtures/bag.ts';
import { en, ko, zh } from './fixtures/strings.ts';
import { expect, test } from './fixtures/test.ts';

/**
 * Checkout as a visitor from abroad meets it, at 390 px in the visitor's language: a new line the store
 * holds is picked up there, shipping and wrapping say their price before they are chosen, the address
 * step takes a name in Latin letters and speaks the language, and a sold-out option says so in words.
 */
test.use({ viewport: { width: 390, height: 844 } });

const headers = { 'X-Api-Token': DEFAULT_CATALOG_API_TOKEN };

async function products(page: Page, lang: string): Promise<Product[]> {
  const response = await page.request.get(`/api/catalog/products?size=100&lang=${lang}`, { headers });
  return ((await response.json()) as ProductPage).products;
}

/** A one-variant product the store holds, from the end of the catalogue (other specs use its start). */
async function aProductInStore(page: Page, lang: string, skip = 0): Promise<Product> {
  const found = (await products(page, lang))
    .reverse()
    .filter((p) => p.variants.length === 1 && (p.variants[0]?.stockInShop ?? 0) >= 3)[skip];
  if (!found) throw new Error('the seed has no one-variant product in the store');
  return found;
}

/** Opens a product in chat and adds it to the bag, then opens the bag. */
async function addInChat(
  page: Page,
  product: Product,
  strings: { 'product.addToBag': string; 'product.viewBag': string },
) {
  await page.goto(`/chat/brands/${product.tenant.id}/?product=${product.id}`);
  const panel = page.getByTestId('chat-product');
  await panel.getByRole('button', { name: strings['product.addToBag'] }).click();
  await panel.getByRole('link', { name: strings['product.viewBag'] }).click();
  await expect(page).toHaveURL(/\/chat\/cart\/$/);
}

test.describe('checkout in English', () => {
  test.use({ locale: 'en-US' });

  test('a line the store holds is picked up there; shipping and wrapping show their price first', async ({
    page,
  }) => {
    const product = await aProductInStore(page, 'en');
    await addInChat(page, product, en);
    const line = page.getByTestId('bag-line');
    await expect(line.getByRole('radio', { name: en['bag.receive.store'] })).toBeChecked();
    // Neither is chosen, and each already says what it costs.
    const ship = line.getByRole('radio', { name: en['bag.receive.ship'] });
    await expect(ship).not.toBeChecked();
    await expect(line.getByTestId('ship-price')).toHaveText(
      product.variants[0] && product.variants[0].price >= 11_000
        ? en['bag.receive.shipFree']
        : en['bag.receive.shipCharge'].replace('{price}', '¥880 (tax incl.)'),
    );
    const wrapping = page.getByRole('checkbox', { name: en['bag.wrapping.label'] });
    await expect(wrapping).not.toBeChecked();
    await expect(page.getByTestId('wrapping-price')).toHaveText(
      en['bag.wrapping.fee'].replace('{price}', '¥330 (tax incl.)'),
    );
    // No shipping in the totals: the line is picked up.
    await expect(page.getByTestId('bag-totals').locator('[data-total="shipping"]')).toHaveCount(0);
  });
});

test.describe('checkout in Chinese', () => {
  test.use({ locale: 'zh-CN' });

  test('the address step takes a name in Latin letters and refuses a bad postcode in Chinese', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const product = await aProductInStore(page, 'zh', 1);
    await addInChat(page, product, zh);
    await page.getByTestId('bag-line').getByRole('radio', { name: zh['bag.receive.ship'] }).check();
    await expect(page.getByTestId('bag-totals').locator('[data-total="shipping"]')).toBeVisible();
    await page.getByRole('button', { name: zh['bag.pay'] }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('checkbox').check();
    await dialog.getByRole('button', { name: zh['confirm.submit'] }).click();
    await expect(page).toHaveURL(/\/chat\/qr\/[A-Za-z0-9_-]+\/(\?lang=\w+)?$/);
    const alias = new URL(page.url()).pathname.split('/')[3] ?? '';
    await signInStaff(page);
    await completeAtCounter(page, new URL(`/api/store/qr/${alias}`, page.url()).toString());
    await expect(page).toHaveURL(/\/chat\/order\/[A-Za-z0-9_-]+\/$/, { timeout: 15_000 });

    await page.getByRole('link', { name: zh['order.shipment.enterAddress'] }).click();
    await expect(page).toHaveURL(/\/chat\/address\/[A-Za-z0-9_-]{16,64}\/$/);
    await expect(page.getByRole('heading', { level: 1, name: zh['address.title'] })).toBeVisible();
    /** A field by its label, which its required or optional mark follows. */
    const field = (key: keyof typeof zh) => new RegExp(`^${zh[key]}\\s`);
    const postal = page.getByRole('textbox', { name: field('address.postalCode') });
    await postal.fill('123-45');
    await page.getByRole('combobox', { name: field('address.prefecture') }).selectOption('東京都');
    await page.getByRole('textbox', { name: field('address.city') }).fill('渋谷区神宮前');
    await page.getByRole('textbox', { name: field('address.street') }).fill('1-2-3');
    await page.getByRole('textbox', { name: field('address.name') }).fill('Jane Smith');
    await page.getByRole('textbox', { name: field('address.phone') }).fill('090-1234-5678');
    await page.getByRole('button', { name: zh['address.submit'] }).click();
    await expect(page.getByTestId('error-summary')).toBeFocused();
    await expect(page.getByTestId('postalCode-error')).toHaveText(zh['address.error.postalFormat']);
    // Only the postcode is wrong: the reading may stay empty for a name in Latin letters.
    await expect(page.getByTestId('nameKana-error')).toHaveCount(0);

    await postal.fill('1500001');
    await page.getByRole('button', { name: zh['address.submit'] }).click();
    await expect(page).toHaveURL(/\/chat\/address\/[A-Za-z0-9_-]{16,64}\/complete\/$/);
    await expect(page.getByTestId('address-summary')).toContainText('Jane Smith');
  });
});

test.describe('checkout in Korean', () => {
  test.use({ locale: 'ko-KR' });

  test('a sold-out option says so in Korean, not only struck through', async ({ page }) => {
    const withSoldOut = (await products(page, 'ko')).find(
      (p) =>
        p.variants.some((v) => v.totalStock > 0) &&
        productOptions(p.variants).some((axis) => axis.values.some((value) => value.disabled)),
    );
    if (!withSoldOut) throw new Error('the seed has no product with a sold-out option beside one in stock');
    const soldOut = productOptions(withSoldOut.variants)
      .flatMap((axis) => axis.values)
      .find((value) => value.disabled);
    await page.goto(`/chat/brands/${withSoldOut.tenant.id}/?product=${withSoldOut.id}`);
    const option = page
      .getByTestId('chat-product')
      .locator('label', { hasText: soldOut?.displayValue ?? '' });
    await expect(option.getByRole('radio')).toBeDisabled();
    await expect(option.getByTestId('sold-out-note')).toHaveText(ko['product.soldOut']);
  });
});

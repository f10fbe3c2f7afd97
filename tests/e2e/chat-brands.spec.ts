import en from '../../src/i18n/en.json' with { type: 'json' };
import ko from '../../src/i18n/ko.json' with { type: 'json' };
import zh from '../../src/i18n/zh.json' with { type: 'json' };
import { aProductIn, brands, CHAT_LOCALES, expectNoJapanese } from './fixtures/chat.ts';
import { expectNoAxeViolations } from './fixtures/pages.ts';
import { expect, test } from './fixtures/test.ts';

const STRINGS: Record<string, Record<string, string>> = { en, zh, ko };

/** /chat/brands and /chat/brands/{id}: the catalogue's lists and a product, in the visitor's language. */
for (const { locale, lang } of CHAT_LOCALES) {
  test.describe(`chat brands in ${locale}`, () => {
    test.use({ locale });

    test('lists the brands, then a brand’s products in the visitor language', async ({ page }) => {
      const all = await brands(page);
      const names = all.map((b) => b.name);
      const product = await aProductIn(page, lang);
      await page.goto('/chat/brands/');
      await expectNoJapanese(page, lang, names);
      await expectNoAxeViolations(page);
      await page.locator(`a[href="/chat/brands/${product.tenant.id}/"]`).first().click();
      await expect(page).toHaveURL(new RegExp(`/chat/brands/${product.tenant.id}/$`));
      const list = page.getByTestId('product-list');
      await expect(list.getByRole('link').first()).toBeVisible();
      await expectNoJapanese(page, lang, names);
      await expectNoAxeViolations(page);
    });

    test('opens a product in the visitor language and adds it to the bag as the product page does', async ({
      page,
    }) => {
      const names = (await brands(page)).map((b) => b.name);
      const product = await aProductIn(page, lang);
      await page.goto(`/chat/brands/${product.tenant.id}/?product=${product.id}`);
      const panel = page.getByTestId('chat-product');
      await expect(panel.getByRole('heading', { level: 2 })).toHaveText(product.title);
      await expectNoJapanese(page, lang, names);
      await expectNoAxeViolations(page);
      await panel.getByRole('button').last().click();
      await expect(panel.locator('[aria-live="polite"]').getByRole('link')).toHaveAttribute(
        'href',
        '/chat/cart/',
      );
      await expect(page.locator('[data-bag-badge]')).toBeVisible();
      await expectNoJapanese(page, lang, names);
    });
  });
}

for (const { locale, lang } of CHAT_LOCALES) {
  test.describe(`chat brands in ${locale} when the catalog API is down`, () => {
    test.use({ locale });

    test('shows the error in the visitor language with a retry, and the bag keeps what it holds', async ({
      page,
    }) => {
      const s = (key: string): string => STRINGS[lang]?.[key] ?? key;
      const product = await aProductIn(page, lang);
      await page.goto(`/chat/brands/${product.tenant.id}/?product=${product.id}`);
      const panel = page.getByTestId('chat-product');
      await panel.getByRole('button', { name: s('product.addToBag') }).click();
      await expect(page.locator('[data-bag-badge]')).toBeVisible();

      // The brand's list is not cached yet (a list seen within 10 minutes would be shown from the cache).
      await page.evaluate(() => sessionStorage.removeItem('area-cache:v1'));
      await page.route('**/api/catalog/products?*', (route) => route.abort());
      await page.goto(`/chat/brands/${product.tenant.id}/`);
      await expect(page.getByText(s('list.error'))).toBeVisible();
      await expectNoJapanese(
        page,
        lang,
        (await brands(page)).map((b) => b.name),
      );
      await expect(page.locator('[data-bag-badge]')).toBeVisible();
      await page.unroute('**/api/catalog/products?*');
      await page.getByRole('button', { name: s('list.retry') }).click();
      await expect(page.getByTestId('product-list').getByRole('link', { name: product.title })).toBeVisible();

      await page.goto('/chat/cart/');
      await expect(page.getByText(product.title, { exact: true }).first()).toBeVisible();
    });
  });
}

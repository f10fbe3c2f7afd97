import { aProductIn, brands, CHAT_LOCALES, expectNoJapanese } from './fixtures/chat.ts';
import { expectNoAxeViolations } from './fixtures/pages.ts';
import { expect, test } from './fixtures/test.ts';

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
      await page.getByRole('link', { name: product.tenant.name }).click();
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

test.describe('chat brands when the catalog API is down', () => {
  test.use({ locale: 'en-US' });

  test('shows the error in English with a retry, and the list once the API answers', async ({ page }) => {
    const product = await aProductIn(page, 'en');
    await page.route('**/api/catalog/products?*', (route) => route.abort());
    await page.goto(`/chat/brands/${product.tenant.id}/`);
    await expect(page.getByText('Oops something went wrong!')).toBeVisible();
    await page.unroute('**/api/catalog/products?*');
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByTestId('product-list').getByRole('link', { name: product.title })).toBeVisible();
  });
});

import type { Page, TestInfo } from '@playwright/test';
import { completeAtCounter, signInStaff } from './fixtures/bag.ts';
import { aProductIn, brands, CHAT_LOCALES, expectNoJapanese } from './fixtures/chat.ts';
import { en, ko, zh } from './fixtures/strings.ts';
import { expect, test } from './fixtures/test.ts';

const STRINGS: Record<string, Record<string, string>> = { en, zh, ko };

/**
 * Every chat screen, walked by a first-time visitor in each chat language at phone width: no Japanese on any
 * of them (but product data the API has only in Japanese and the 日本語 link, which is marked `lang="ja"`),
 * no Japanese welcome dialog, and a screenshot of each kept with the test's results for a person to look at.
 */
for (const { locale, lang } of CHAT_LOCALES) {
  test.describe(`every chat screen in ${locale}`, () => {
    test.use({ locale, returningVisitor: false });

    test('speaks the visitor language from the greeting to the order', async ({ page }, testInfo) => {
      // Ten screens, the store counter, a screenshot of each: a long walk on a busy 2-vCPU runner.
      test.slow();
      const s = (key: string): string => STRINGS[lang]?.[key] ?? key;
      const product = await aProductIn(page, lang);
      const names = (await brands(page)).map((b) => b.name);
      const look = async (screen: string) => {
        // A screen may still be replacing itself (the QR page hands over to the order page): read the
        // document that stays, once it has loaded.
        await expect(page.locator('main')).toBeVisible();
        await page.waitForLoadState('load');
        await expect(page.getByRole('dialog').filter({ hasText: /[\u3040-\u30ff]/ })).toHaveCount(0);
        await expectNoJapanese(page, lang, names);
        await keepScreenshot(page, testInfo, `${lang}-${screen}`);
      };

      await page.goto('/chat/');
      await expect(page.getByRole('log').locator('[data-from="shop"]').first()).toBeVisible();
      await look('greeting');

      await page.goto('/chat/brands/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await look('brands');

      await page.goto(`/chat/brands/${product.tenant.id}/?product=${product.id}`);
      const panel = page.getByTestId('chat-product');
      await expect(panel.getByRole('button', { name: s('product.addToBag') })).toBeVisible();
      await look('product');
      await panel.getByRole('button', { name: s('product.addToBag') }).click();
      await panel.getByRole('link', { name: s('product.viewBag') }).click();

      await expect(page).toHaveURL(/\/chat\/cart\/$/);
      await page
        .getByRole('radio', { name: s('bag.receive.ship') })
        .first()
        .check();
      await look('bag');
      await page.getByRole('button', { name: s('bag.pay') }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('checkbox')).toBeVisible();
      await expectNoJapanese(page, lang, names);
      await keepScreenshot(page, testInfo, `${lang}-payment`);
      await dialog.getByRole('checkbox').check();
      await dialog.getByRole('button', { name: s('confirm.submit') }).click();

      await expect(page).toHaveURL(/\/chat\/qr\/[A-Za-z0-9_-]+\/$/);
      await expect(page.getByRole('img', { name: s('qr.image.alt') })).toBeVisible();
      await look('qr');

      const alias = new URL(page.url()).pathname.split('/')[3] ?? '';
      await signInStaff(page);
      await completeAtCounter(page, new URL(`/api/store/qr/${alias}`, page.url()).toString());
      await expect(page).toHaveURL(/\/chat\/order\/[A-Za-z0-9_-]+\/$/, { timeout: 15_000 });
      await expect(page.getByText(s('order.loading'))).toHaveCount(0);
      await look('order');

      await page.getByRole('link', { name: s('order.shipment.enterAddress') }).click();
      await expect(page).toHaveURL(/\/address\/[A-Za-z0-9_-]+\/$/);
      await expect(page.getByRole('button', { name: s('address.submit') })).toBeVisible();
      await look('address');

      for (const [screen, path] of [
        ['terms', '/chat/terms/'],
        ['timeout', '/chat/qr/timeout/'],
        ['scan', '/chat/scan/'],
        ['not-found', '/chat/no-such-page/'],
      ] as const) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        // The scanner settles on its camera message (this browser has no camera) before it is read.
        if (screen === 'scan') await expect(page.getByRole('alert')).toBeVisible({ timeout: 15_000 });
        await look(screen);
      }
    });
  });
}

/** A full-page screenshot kept with the test's results (and attached to its report). */
async function keepScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

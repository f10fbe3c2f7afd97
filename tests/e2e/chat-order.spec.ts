import { completeAtCounter, signInStaff } from './fixtures/bag.ts';
import { aProductIn, brands, CHAT_LOCALES, expectNoJapanese } from './fixtures/chat.ts';
import { expectNoAxeViolations } from './fixtures/pages.ts';
import { en, ko, zh } from './fixtures/strings.ts';
import { expect, test } from './fixtures/test.ts';

const STRINGS: Record<string, Record<string, string>> = { en, zh, ko };
const LANGUAGE_NAMES: Record<string, string> = { en: '英語', zh: '中国語', ko: '韓国語' };

/**
 * The chat order, end to end in each language: find a product by typing its name, add it, choose
 * shipping, add wrapping, agree to the terms, get a QR issued in the visitor's language and marked as from
 * chat; the store counter (reference API) sees that and completes it.
 */
for (const { locale, lang } of CHAT_LOCALES) {
  test.describe(`a chat order in ${locale}`, () => {
    test.use({ locale });

    test('from a typed name to a QR the store counter completes', async ({ page }) => {
      // Four pages, the store counter and four accessibility scans: 28–38 s on a 2-vCPU runner with the
      // other worker busy, too close to the default limit.
      test.slow();
      const s = (key: string): string => STRINGS[lang]?.[key] ?? key;
      const names = (await brands(page)).map((b) => b.name);
      const product = await aProductIn(page, lang);
      await page.goto('/chat/');
      const word = product.title.split(/[\s,，、]+/).find((w) => w.length >= 2) ?? product.title;
      await page.getByRole('searchbox').fill(word);
      await page.getByRole('button', { name: s('chat.search.send') }).click();
      await page.getByRole('log').getByRole('link', { name: product.title, exact: true }).click();
      const panel = page.getByTestId('chat-product');
      await panel.getByRole('button', { name: s('product.addToBag') }).click();
      await panel.getByRole('link', { name: s('product.viewBag') }).click();
      await expect(page).toHaveURL(/\/chat\/cart\/$/);

      await page
        .getByRole('radio', { name: s('bag.receive.ship') })
        .first()
        .check();
      await page.getByRole('checkbox', { name: s('bag.wrapping.label') }).check();
      await expect(page.getByText(s('bag.totals.wrapping')).first()).toBeVisible();
      await expectNoJapanese(page, lang, names);
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: s('bag.pay') }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('link', { name: s('confirm.terms.link') })).toHaveAttribute(
        'href',
        '/chat/terms/',
      );
      await expectNoJapanese(page, lang, names);
      await expectNoAxeViolations(page);
      await dialog.getByRole('checkbox').check();
      await dialog.getByRole('button', { name: s('confirm.submit') }).click();

      // The QR page stays in chat mode and in the visitor's language, countdown included.
      await expect(page).toHaveURL(/\/chat\/qr\/[A-Za-z0-9_-]+\/(\?lang=\w+)?$/);
      await expect(page.getByRole('img', { name: s('qr.image.alt') })).toBeVisible();
      await expect(page.getByText(s('qr.countdown.title'))).toBeVisible();
      await expectNoJapanese(page, lang, names);
      await expectNoAxeViolations(page);
      const alias = new URL(page.url()).pathname.split('/')[3] ?? '';
      await signInStaff(page);
      const counter = await page.request.get(`/api/store/qr/${alias}`);
      expect(await counter.text()).toContain(`チャットからのご注文（${LANGUAGE_NAMES[lang]}）`);
      await completeAtCounter(page, new URL(`/api/store/qr/${alias}`, page.url()).toString());
      // The order page too.
      await expect(page).toHaveURL(/\/chat\/order\/[A-Za-z0-9_-]+\/$/, { timeout: 15_000 });
      await expect(page.getByRole('heading', { level: 1, name: s('order.title') })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', lang === 'zh' ? 'zh-Hans' : lang);
      await expect(page.getByText(s('order.loading'))).toHaveCount(0);
      await expectNoJapanese(page, lang, names);
      await expectNoAxeViolations(page);
    });
  });
}

for (const { locale, lang } of CHAT_LOCALES) {
  test.describe(`the chat terms, time-out, scanner and error screens in ${locale}`, () => {
    test.use({ locale });

    test('read in the visitor language', async ({ page }) => {
      await page.goto('/chat/terms/');
      const title = STRINGS[lang]?.['nav.terms'] ?? '';
      await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
      await expectNoJapanese(page, lang, []);
      await expectNoAxeViolations(page);
    });

    test('the QR timeout and the scanner speak the visitor language too', async ({ page }) => {
      for (const path of ['/chat/qr/timeout/', '/chat/scan/']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        // The scanner settles on its camera message (this browser has no camera) before it is read.
        if (path === '/chat/scan/') await expect(page.getByRole('alert')).toBeVisible({ timeout: 15_000 });
        await expectNoJapanese(page, lang, []);
        await expectNoAxeViolations(page);
      }
    });

    test('an order or a QR that cannot be loaded says so in the visitor language, leading back to chat', async ({
      page,
    }) => {
      const s = (key: string): string => STRINGS[lang]?.[key] ?? key;
      await page.route('**/api/**', (route) => route.abort('internetdisconnected'));
      for (const path of ['/chat/order/', '/chat/qr/']) {
        await page.goto(`${path}${'a'.repeat(32)}/`);
        await expect(page.getByTestId('error-status')).toHaveText('503');
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(s('error.title.503'));
        await expect(page.getByRole('link', { name: s('error.home') })).toHaveAttribute('href', '/chat/');
        await expectNoJapanese(page, lang, []);
      }
    });
  });
}

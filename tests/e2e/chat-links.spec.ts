import type { Page } from '@playwright/test';
import { DEFAULT_CATALOG_API_TOKEN } from '../../src/lib/catalog/config.ts';
import type { Product } from '../../src/lib/catalog/types.ts';
import { BagPage, completeAtCounter, pickProducts } from './fixtures/bag.ts';
import { aProductIn, brands, expectNoJapanese } from './fixtures/chat.ts';
import { expectNoAxeViolations } from './fixtures/pages.ts';
import { en, ja, ko, zh } from './fixtures/strings.ts';
import { expect, test } from './fixtures/test.ts';

/**
 * Where the two modes meet, on a phone: a shared link keeps what it points at through the redirect to chat,
 * a language switch keeps the screen and its state, 日本語 opens the same screen in Japanese, Japanese pages
 * link to chat, chat has its own 404, and no Japanese dialog opens over chat.
 */

const HEADERS = { 'X-Api-Token': DEFAULT_CATALOG_API_TOKEN };
const LINK_PREVIEW_BOT = 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)';

/** A draft order of one product issued from chat in `lang`, as the bag's confirmation issues it. */
async function issueChatQr(page: Page, lang: string): Promise<string> {
  const [pick] = await pickProducts(page.request, 1, { qty: 1 });
  if (!pick) throw new Error('no product to order');
  await new BagPage(page).add(pick);
  const response = await page.request.post('/api/catalog/cart/qr', {
    headers: HEADERS,
    data: { lang, via: 'chat' },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { draftOrderAlias: string }).draftOrderAlias;
}

test.describe('a zh-CN browser', () => {
  test.use({ locale: 'zh-CN' });

  test('a shared product link opens chat with that product, in Chinese', async ({ page }) => {
    const product = await aProductIn(page, 'zh');
    const names = (await brands(page)).map((b) => b.name);
    await page.goto(`/area/${product.areas[0]}/products/${product.id}/`);
    // Shown once: the id leaves the address, so a reload does not show it again.
    await expect(page).toHaveURL(/\/chat\/$/);
    const thread = page.getByRole('log');
    await expect(thread.getByText(zh['chat.greeting'])).toBeVisible();
    await expect(thread.getByText(zh['chat.product.reply'])).toBeVisible();
    const panel = thread.getByTestId('chat-product');
    await expect(panel.getByRole('heading', { name: product.title })).toBeVisible();
    await expect(panel.getByRole('button', { name: zh['product.addToBag'] })).toBeVisible();
    await expectNoJapanese(page, 'zh', names);
    await expectNoAxeViolations(page);
  });

  test("the product's picture is fetched at the bubble's width, not twice the page's", async ({
    browser,
  }) => {
    // A phone at 2x: the bubble is about 300 px wide, so the 768-px file is sharp and the 1536-px one waste.
    const context = await browser.newContext({
      locale: 'zh-CN',
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
    });
    const page = await context.newPage();
    const product = await aProductIn(page, 'zh');
    await page.goto(`/chat/?productId=${product.id}`);
    const picture = page.getByTestId('chat-product').locator('img');
    await expect(picture).toBeVisible();
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.currentSrc))
      .toContain('width=768');
    await context.close();
  });

  test('a product opens with its main picture, as on its Japanese page, and a chosen variant shows its own', async ({
    page,
  }) => {
    // Product 1: the variant it opens with (the cheapest in stock) has a picture of its own, another none.
    const response = await page.request.get('/api/catalog/products/1?lang=zh', {
      headers: { 'X-Api-Token': DEFAULT_CATALOG_API_TOKEN },
    });
    const product = (await response.json()) as Product;
    const main = product.images[0];
    const inStock = product.variants.filter((v) => v.totalStock > 0);
    const own = inStock.find((v) => v.image && v.image.id !== main?.id);
    const plain = inStock.find((v) => !v.image);
    if (!main || !own?.image || !plain) throw new Error('product 1 of the seed has changed');
    await page.goto('/chat/?productId=1');
    const card = page.getByTestId('chat-product');
    const picture = card.locator('img');
    const shows = (image: { id: number }) =>
      expect(picture).toHaveAttribute('src', new RegExp(`/images/products/${image.id}\\.jpg\\?`));
    const choose = async (variant: Product['variants'][number]) => {
      for (const option of variant.options) {
        await card
          .getByRole('group', { name: option.displayName })
          .getByRole('radio', { name: option.displayValue, exact: true })
          .check();
      }
    };
    await shows(main);
    // A variant without a picture of its own keeps the one shown; one with its own shows it.
    await choose(plain);
    await shows(main);
    await choose(own);
    await shows(own.image);
  });

  test('asks for the carried product while the strings are still on their way, and shows it once they come', async ({
    page,
  }) => {
    const product = await aProductIn(page, 'zh');
    // Chinese strings held: the conversation cannot draw until they come.
    const held: (() => Promise<void>)[] = [];
    let holding = true;
    await page.route(/\/_astro\/zh\.[\w-]+\.js$/, async (route) => {
      if (holding) held.push(() => route.continue());
      else await route.continue();
    });
    const asked = page.waitForRequest((request) =>
      request.url().includes(`/api/catalog/products/${product.id}?lang=zh`),
    );
    await page.goto(`/chat/?productId=${product.id}`, { waitUntil: 'commit' });
    // Asked with no strings delivered (they may not even have been asked for yet): the ask did not wait.
    await asked;
    holding = false;
    for (const release of held.splice(0)) await release();
    await expect(
      page.getByTestId('chat-product').getByRole('heading', { name: product.title }),
    ).toBeVisible();
  });

  test('a link to a product that does not exist says so in Chinese, after the greeting', async ({ page }) => {
    await page.goto('/area/1/products/987654321/');
    await expect(page).toHaveURL(/\/chat\/$/);
    const thread = page.getByRole('log');
    await expect(thread.getByText(zh['chat.greeting'])).toBeVisible();
    await expect(thread.getByText(zh['product.error.gone'])).toBeVisible();
    await expectNoJapanese(page, 'zh', []);
  });

  test('a link-preview bot still gets the Japanese product page', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'zh-CN', userAgent: LINK_PREVIEW_BOT });
    const page = await context.newPage();
    const product = await aProductIn(page, 'ja');
    const path = `/area/${product.areas[0]}/products/${product.id}/`;
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
    await expect(page.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe(path);
    await context.close();
  });
});

test.describe('a ko-KR browser', () => {
  test.use({ locale: 'ko-KR' });

  test('switching language on the QR page keeps the QR; 日本語 opens the Japanese QR page', async ({
    page,
  }) => {
    await page.goto('/chat/');
    const alias = await issueChatQr(page, 'ko');
    await page.goto(`/chat/qr/${alias}/`);
    await expect(page.getByRole('img', { name: ko['qr.image.alt'] })).toBeVisible();
    await expect(page.getByText(ko['qr.countdown.title'])).toBeVisible();

    await page.getByRole('link', { name: 'English' }).click();
    await expect(page).toHaveURL(new RegExp(`/chat/qr/${alias}/$`));
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('img', { name: en['qr.image.alt'] })).toBeVisible();
    await expect(page.getByText(en['qr.countdown.title'])).toBeVisible();

    await page.getByRole('link', { name: '日本語' }).click();
    await expect(page).toHaveURL(new RegExp(`/qr/${alias}/(\\?lang=ja)?$`));
    await expect(page.getByRole('img', { name: ja['qr.image.alt'] })).toBeVisible();
  });

  test('the Japanese QR page links to the same QR in chat, in Korean', async ({ page }) => {
    await page.goto('/chat/');
    const alias = await issueChatQr(page, 'ko');
    await page.goto(`/qr/${alias}/?lang=ja`);
    await expect(page.getByRole('img', { name: ja['qr.image.alt'] })).toBeVisible();
    const languages = page.getByRole('navigation', { name: ja['lang.others'] });
    await languages.getByRole('link', { name: '한국어' }).click();
    await expect(page).toHaveURL(new RegExp(`/chat/qr/${alias}/$`));
    await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
    await expect(page.getByRole('img', { name: ko['qr.image.alt'] })).toBeVisible();
  });

  test('a chat page that does not exist is a 404 in Korean', async ({ page }) => {
    const response = await page.goto('/chat/no-such-screen/');
    expect(response?.status()).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
    await expect(page.getByRole('heading', { level: 1, name: ko['error.notFoundTitle'] })).toBeVisible();
    await expect(page.getByRole('link', { name: ko['chat.notFound.back'] })).toHaveAttribute(
      'href',
      '/chat/',
    );
    await expect(page.getByRole('link', { name: '日本語' })).toHaveAttribute('href', '/?lang=ja');
    await expectNoJapanese(page, 'ko', []);
    await expectNoAxeViolations(page);
  });

  test.describe('on a first visit', () => {
    test.use({ returningVisitor: false });

    test('no Japanese welcome opens over chat or over its scanner', async ({ page }) => {
      for (const path of ['/chat/', '/chat/scan/']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeAttached();
        // The dialog would open when the page is idle after load: wait for that moment, then look.
        await page.waitForLoadState('load');
        await page.evaluate(() => new Promise((done) => requestIdleCallback(done)));
        await expect(page.locator('template#onboarding-dialog')).toHaveCount(0);
        await expect(page.getByRole('dialog')).toHaveCount(0);
        if (path === '/chat/scan/') await expect(page.getByRole('alert')).toBeVisible({ timeout: 15_000 });
        await expectNoJapanese(page, 'ko', []);
      }
    });
  });
});

test.describe('an en-US browser', () => {
  test.use({ locale: 'en-US' });

  test('switching language keeps the open product; 日本語 opens its Japanese page', async ({ page }) => {
    const product = await aProductIn(page, 'en');
    await page.goto(`/chat/brands/${product.tenant.id}/?product=${product.id}`);
    await expect(
      page.getByTestId('chat-product').getByRole('heading', { name: product.title }),
    ).toBeVisible();

    await page.getByRole('link', { name: '中文' }).click();
    await expect(page).toHaveURL(new RegExp(`/chat/brands/${product.tenant.id}/\\?product=${product.id}$`));
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-Hans');
    const panel = page.getByTestId('chat-product');
    await expect(panel.getByRole('button', { name: zh['product.addToBag'] })).toBeVisible();

    await page.getByRole('link', { name: '日本語' }).click();
    await expect(page).toHaveURL(
      new RegExp(`/area/${product.areas[0]}/products/${product.id}/(\\?lang=ja)?$`),
    );
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
  });

  test('a Japanese page links to its chat counterpart, so Japanese is not a one-way door', async ({
    page,
    context,
  }) => {
    const product = await aProductIn(page, 'en');
    await page.goto('/chat/');
    await page.getByRole('link', { name: '日本語' }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
    await page.goto(`/area/${product.areas[0]}/products/${product.id}/`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
    const languages = page.getByRole('navigation', { name: ja['lang.others'] });
    await expect(languages.getByRole('link', { name: '한국어' })).toHaveAttribute('lang', 'ko');
    await languages.getByRole('link', { name: 'English' }).click();
    await expect(page).toHaveURL(/\/chat\/$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(
      page.getByTestId('chat-product').getByRole('heading', { name: product.title }),
    ).toBeVisible();
    expect((await context.cookies()).find((c) => c.name === 'locale')?.value).toBe('en');
    // The choice holds: a Japanese page now opens chat again.
    await page.goto('/cart/');
    await expect(page).toHaveURL(/\/chat\/cart\/$/);
  });

  test("the chat order page's continue shopping leads back to chat", async ({ page }) => {
    test.slow();
    await page.goto('/chat/');
    const alias = await issueChatQr(page, 'en');
    await page.goto(`/chat/qr/${alias}/`);
    await expect(page.getByRole('img', { name: en['qr.image.alt'] })).toBeVisible();
    await completeAtCounter(page, new URL(`/api/store/qr/${alias}`, page.url()).toString());
    await expect(page).toHaveURL(/\/chat\/order\/[A-Za-z0-9_-]+\/$/, { timeout: 15_000 });
    await expect(page.getByRole('link', { name: en['order.continueShopping'] })).toHaveAttribute(
      'href',
      '/chat/',
    );
  });
});

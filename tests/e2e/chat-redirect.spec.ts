import type { Page, Route } from '@playwright/test';
import { CARRIED_PICTURE_WAIT_MS } from '../../src/engine/client-directives/after-carried-picture.ts';
import { DEFAULT_CATALOG_API_TOKEN } from '../../src/lib/catalog/config.ts';
import type { ProductPage } from '../../src/lib/catalog/types.ts';
import { AreaPage } from './fixtures/browse.ts';
import { networkLog } from './fixtures/site.ts';
import { en } from './fixtures/strings.ts';
import { expect, test } from './fixtures/test.ts';

/**
 * The language rule: a browser that does not speak Japanese is sent from the Japanese catalogue to chat
 * mode before anything is painted; bots, visitors who chose Japanese and pages without JavaScript stay.
 */
const GOOGLEBOT =
  'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

async function aProductPage(page: Page): Promise<string> {
  const response = await page.request.get('/api/catalog/products?area_id=1&size=1', {
    headers: { 'X-Api-Token': DEFAULT_CATALOG_API_TOKEN },
  });
  const { products } = (await response.json()) as ProductPage;
  return `/area/1/products/${products[0]?.id}/`;
}

/** Fails when the Japanese page was ever painted: its header must never become visible. */
async function watchForJapanesePaint(page: Page): Promise<() => Promise<boolean>> {
  await page.addInitScript(() => {
    const seen = { painted: false };
    (window as unknown as { __painted: typeof seen }).__painted = seen;
    new MutationObserver(() => {
      const header = document.querySelector('header');
      if (
        header &&
        document.documentElement.style.visibility !== 'hidden' &&
        !location.pathname.startsWith('/chat')
      )
        seen.painted = true;
    }).observe(document, { childList: true, subtree: true });
  });
  return () =>
    page.evaluate(() => (window as unknown as { __painted: { painted: boolean } }).__painted.painted);
}

test.describe('an en-US browser on a product page', () => {
  test.use({ locale: 'en-US' });

  test("asks for the bot check first: the hidden page's own picture and scripts wait behind it", async ({
    page,
  }) => {
    // Chromium's network log names each request's priority; the check gates everything this visitor sees.
    const requests = await networkLog(page);
    await page.goto(await aProductPage(page));
    await expect(page).toHaveURL(/\/chat\/$/);
    const check = [...requests].find(([path]) => path.includes('/chat-redirect-check.'));
    expect(check?.[1].priority).toBe('High');
  });
});

/** Holds the requests it routes until released; from then on lets them through. */
function holder(): { route: (route: Route) => Promise<void>; release: () => Promise<void> } {
  const held: Route[] = [];
  let holding = true;
  return {
    route: async (route) => {
      if (holding) held.push(route);
      else await route.continue();
    },
    release: async () => {
      holding = false;
      for (const route of held.splice(0)) await route.continue();
    },
  };
}

/** Area 1's first product and its main picture. */
async function aProductWithPicture(page: Page): Promise<{ id: number; src: string }> {
  const response = await page.request.get('/api/catalog/products?area_id=1&size=1', {
    headers: { 'X-Api-Token': DEFAULT_CATALOG_API_TOKEN },
  });
  const [product] = ((await response.json()) as ProductPage).products;
  const main = product?.images[0];
  if (!product || !main) throw new Error('the seed has no product with a picture in area 1');
  return { id: product.id, src: main.src };
}

/** The product's picture at the size a product page opens with and chat's bubble shows (768). */
const isCarriedPicture = (url: URL) =>
  url.pathname.startsWith('/api/images/products/') && url.searchParams.get('width') === '768';

/** When chat's island asked for its code: the start of the request for its component, in page time. */
const chatCodeAskedAt = (page: Page) =>
  page.evaluate(
    () =>
      performance
        .getEntriesByType('resource')
        .find((entry) => new URL(entry.name).pathname.startsWith('/_astro/ChatApp.'))?.startTime,
  );

test.describe('an en-US browser sent to chat from a product page', () => {
  test.use({ locale: 'en-US' });

  test("sees the product's picture before chat's code has come, and the same picture once the product has", async ({
    page,
  }) => {
    const product = await aProductWithPicture(page);
    // Chat's code and the product's answer held: only the redirect's bot check comes.
    const code = holder();
    const answer = holder();
    await page.route(
      (url) =>
        url.pathname.startsWith('/_astro/') &&
        url.pathname.endsWith('.js') &&
        !url.pathname.includes('/chat-redirect-check.'),
      code.route,
    );
    await page.route((url) => url.pathname === `/api/catalog/products/${product.id}`, answer.route);
    await page.goto(`/area/1/products/${product.id}/`, { waitUntil: 'commit' });
    await page.waitForURL(/\/chat\/\?productId=\d+$/, { waitUntil: 'commit' });

    // The Japanese page's picture, at the bubble's width, under the reply's words; nothing of chat has run.
    const pictures = page.getByRole('main').locator('img');
    await expect(pictures).toHaveCount(1);
    await expect(page.getByText(en['chat.product.reply'])).toBeVisible();
    await expect
      .poll(() => pictures.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    const shown = await pictures.evaluate((img: HTMLImageElement) => img.currentSrc);
    expect(new URL(shown).pathname).toBe(new URL(product.src).pathname);
    const box = await pictures.boundingBox();

    // Chat's code comes; the product is still on its way: the bubble keeps the picture, in the same place.
    await code.release();
    await expect(page.getByRole('log').getByText(en['chat.loading'])).toBeVisible();
    await expect(pictures).toHaveCount(1);
    expect(await pictures.evaluate((img: HTMLImageElement) => img.currentSrc)).toBe(shown);
    expect(await pictures.boundingBox()).toEqual(box);
    // The product's answer: its details under the same picture.
    await answer.release();
    await expect(page.getByTestId('chat-product').getByRole('heading', { level: 2 })).toBeVisible();
    await expect(pictures).toHaveCount(1);
    expect(await pictures.evaluate((img: HTMLImageElement) => img.currentSrc)).toBe(shown);
    expect(await pictures.boundingBox()).toEqual(box);
  });

  test("chat's code is asked for once the product's picture has come, not while it is coming", async ({
    page,
  }) => {
    const product = await aProductWithPicture(page);
    // A slow network: the picture takes a while, on the Japanese page and on chat's (well within the
    // island's longest wait for it, CARRIED_PICTURE_WAIT_MS, on a busy runner too).
    await page.route(isCarriedPicture, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 200));
      await route.continue();
    });
    await page.addInitScript(() => {
      // On the document: a picture's load event never reaches the window.
      document.addEventListener(
        'load',
        (event) => {
          const target = event.target as Element;
          if (target instanceof HTMLImageElement && target.closest('#carried-product'))
            (window as unknown as { pictureLoadedAt: number }).pictureLoadedAt = performance.now();
        },
        true,
      );
    });
    await page.goto(`/area/1/products/${product.id}/`, { waitUntil: 'commit' });
    await page.waitForURL(/\/chat\/\?productId=\d+$/, { waitUntil: 'commit' });
    await expect(page.getByTestId('chat-product').getByRole('heading', { level: 2 })).toBeVisible();
    const pictureLoadedAt = await page.evaluate(
      () => (window as unknown as { pictureLoadedAt?: number }).pictureLoadedAt,
    );
    expect(pictureLoadedAt).toBeGreaterThan(0);
    expect(await chatCodeAskedAt(page)).toBeGreaterThan(pictureLoadedAt ?? Number.POSITIVE_INFINITY);
  });

  test('a picture that does not come holds chat for a second at most', async ({ page }) => {
    const product = await aProductWithPicture(page);
    const picture = holder();
    await page.route(isCarriedPicture, picture.route);
    await page.goto(`/area/1/products/${product.id}/`, { waitUntil: 'commit' });
    await page.waitForURL(/\/chat\/\?productId=\d+$/, { waitUntil: 'commit' });
    // Chat starts without it: the conversation and its product, under the picture still on its way.
    await expect(page.getByTestId('chat-product').getByRole('heading', { level: 2 })).toBeVisible();
    const parsedAt = await page.evaluate(
      () => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).domInteractive,
    );
    expect(await chatCodeAskedAt(page)).toBeLessThan(parsedAt + CARRIED_PICTURE_WAIT_MS + 2000);
    await picture.release();
  });
});

for (const locale of ['en-US', 'zh-CN', 'ko-KR']) {
  test.describe(`a ${locale} browser`, () => {
    test.use({ locale });

    test('arriving on the home page or a product page opens chat', async ({ page }) => {
      const painted = await watchForJapanesePaint(page);
      await page.goto('/');
      await expect(page).toHaveURL(/\/chat\/$/);
      expect(await painted()).toBe(false);
      await page.goto(await aProductPage(page));
      await expect(page).toHaveURL(/\/chat\/$/);
    });

    test('arriving on a brand page opens chat on that brand', async ({ page }) => {
      const target = page.waitForRequest((request) => request.url().endsWith('/chat/?brandId=3'));
      await page.goto('/brands/3/');
      await target;
      // Chat answers with the brand, then takes brandId out of the address (a reload must not ask again).
      await expect(page.getByRole('log').locator('a[href="/chat/brands/3/"]')).toBeVisible();
      await expect(page).toHaveURL(/\/chat\/$/);
    });

    test('a crawler with a Googlebot user agent is never redirected', async ({ browser }) => {
      const context = await browser.newContext({ locale, userAgent: GOOGLEBOT });
      const page = await context.newPage();
      await page.goto('/brands/3/');
      await expect(page.getByRole('link', { name: 'ホーム' }).first()).toBeVisible();
      await expect(page).toHaveURL(/\/brands\/3\/$/);
      await context.close();
    });

    test('a visitor who chose Japanese stays on the Japanese pages', async ({ page, context, baseURL }) => {
      await context.addCookies([{ name: 'locale', value: 'ja', url: baseURL ?? '' }]);
      await page.goto('/');
      await expect(page.getByRole('heading', { name: 'エリアから探す' })).toBeVisible();
      await expect(page).toHaveURL(/\/$/);
    });

    test('chat speaks the browser language, and the switcher changes it for 365 days', async ({
      page,
      context,
    }) => {
      await page.goto('/chat/');
      const expected = { 'en-US': 'en', 'zh-CN': 'zh-Hans', 'ko-KR': 'ko' }[locale];
      await expect(page.locator('html')).toHaveAttribute('lang', expected ?? '');
      await page.getByRole('link', { name: '한국어' }).click();
      await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
      await expect(page).toHaveTitle('채팅으로 쇼핑 | 기프트 카탈로그');
      await expect(page).toHaveURL(/\/chat\/$/);
      const cookie = (await context.cookies()).find((c) => c.name === 'locale');
      expect(cookie?.value).toBe('ko');
      expect((cookie?.expires ?? 0) * 1000 - Date.now()).toBeGreaterThan(364 * 24 * 3600 * 1000);
    });

    test('choosing 日本語 returns to the matching Japanese page and stays there', async ({ page }) => {
      await page.goto('/chat/');
      await page.getByRole('link', { name: '日本語' }).click();
      await expect(page.getByRole('heading', { name: 'エリアから探す' })).toBeVisible();
      await page.goto('/brands/3/');
      await expect(page).toHaveURL(/\/brands\/3\/$/);
    });
  });
}

test.describe('an en-US browser back from Japanese', () => {
  test.use({ locale: 'en-US' });

  test('an area page filtered to one brand opens chat on that brand', async ({ page, context, baseURL }) => {
    // The visitor chose Japanese, filtered BASE A to one brand, then chose English again (the chat switcher's cookie).
    await context.addCookies([{ name: 'locale', value: 'ja', url: baseURL ?? '' }]);
    await page.goto('/area/1/');
    const area = new AreaPage(page);
    await area.ready();
    await area.selectBrands(['京菓子司 香月堂']);
    const storedFilter = () =>
      page.evaluate(
        () => JSON.parse(sessionStorage.getItem('area-cache:v1') ?? '{}').lists?.['area:1']?.tenantIds,
      );
    await expect.poll(storedFilter).toHaveLength(1);
    const [tenantId] = (await storedFilter()) as number[];
    expect(typeof tenantId).toBe('number');

    await context.addCookies([{ name: 'locale', value: 'en', url: baseURL ?? '' }]);
    const target = page.waitForRequest((request) => request.url().endsWith(`/chat/?brandId=${tenantId}`));
    await page.reload();
    await target;
    await expect(page.getByRole('log').locator(`a[href="/chat/brands/${tenantId}/"]`)).toBeVisible();
  });
});

test.describe('a fr-FR browser', () => {
  test.use({ locale: 'fr-FR' });

  test('is sent to chat, which speaks English to a language it does not have', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/chat\/$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('log')).toContainText(/[A-Za-z]{4,}/);
  });
});

test.describe('without JavaScript', () => {
  test.use({ locale: 'en-US', javaScriptEnabled: false });

  test('a page stays usable in Japanese', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'エリアから探す' })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('a ja-JP browser', () => {
  test('never sees chat unless it opens it, and can come back from it', async ({ page }) => {
    await page.goto('/brands/3/');
    await expect(page).toHaveURL(/\/brands\/3\/$/);
    await page.goto('/chat/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.getByRole('link', { name: '日本語' }).click();
    await expect(page).toHaveURL(/\/(\?lang=ja)?$/);
    await expect(page.getByRole('heading', { name: 'エリアから探す' })).toBeVisible();
  });
});

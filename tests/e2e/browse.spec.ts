/**
 * Browsing: the area page's brand filter and infinite list with its cache, the product
 * page's options, bag and favorite, the brand and wishlist pages, and the onboarding dialog.
 *
 * Seed facts used (scripts/catalog-api/README.md and seed.ts): BASE A (area 1) has 25 products; its brands
 * 京菓子司 香月堂 and 茶舗 翠園 have 17 of them, so the filtered list has two pages. Product 82 (≡ 2 mod 40, on
 * the second page) has two option axes with one value of the first, 15個入, sold out in every variant.
 */
import type { Variant } from '../../src/lib/catalog/types.ts';
import { formatPrice } from '../../src/lib/format/price.ts';
import {
  AreaPage,
  apiProduct,
  apiProducts,
  layoutShift,
  ProductPage,
  scrollY,
  settled,
} from './fixtures/browse.ts';
import { expectNoAxeViolations } from './fixtures/pages.ts';
import { expect, test } from './fixtures/test.ts';

test.describe('the area page', () => {
  test('home → area → filter by brands → scroll to the end → product → options → bag → Back restores the list and its place', async ({
    page,
  }) => {
    await page.goto('/');
    await page.getByRole('main').getByRole('link', { name: 'BASE A' }).click();
    const area = new AreaPage(page);
    await area.ready();
    await expect(area.products).toHaveCount(10);
    await expect(page.getByText('25点の商品')).toBeVisible();

    await area.selectBrands(['京菓子司 香月堂', '茶舗 翠園']);
    await expect(page.getByText('17点の商品')).toBeVisible();
    await expect(area.products).toHaveCount(10);
    await expect(page.getByRole('link', { name: /^京菓子司 香月堂の公式サイト/ })).toHaveAttribute(
      'href',
      'https://kagetsudo.example.jp/',
    );

    await area.scrollToEnd();
    await expect(area.products).toHaveCount(17);
    await expect(
      area.products.getByText('京菓子司 香月堂').or(area.products.getByText('茶舗 翠園')),
    ).toHaveCount(17);

    const link = area.productLink(82);
    await link.scrollIntoViewIfNeeded();
    const left = await scrollY(page);
    expect(left).toBeGreaterThan(1000);
    await link.click();

    const product = new ProductPage(page);
    await expect(page).toHaveURL(/\/area\/1\/products\/82\/$/);
    await product.ready();
    await expect(product.heading).toHaveText('本練り羊羹 詰め合わせ');
    // The first choice is the cheapest variant in stock, on sale: its regular price struck through.
    await expect(product.price).toHaveText('¥4,104（税込）');
    await expect(page.locator('variant-picker s')).toHaveText('¥4,968');
    await expect(product.option('個数', '15個入')).toBeDisabled();
    await expect(product.option('個数', '10個入')).toBeChecked();
    await product.option('味', '抹茶').check();
    await expect(product.price).toHaveText('¥4,536（税込）');
    await expect(page.locator('variant-picker s')).toBeHidden();
    await expect(page.getByText('店頭在庫 1点')).toBeVisible();

    await product.addToBag.click();
    await expect(page.getByRole('status').filter({ hasText: 'バッグに入れました。' })).toBeVisible();
    await expect(product.bagLink(1)).toBeVisible();

    await page.goBack();
    await expect(page).toHaveURL(/\/area\/1\/$/);
    await expect(area.products).toHaveCount(17);
    await expect(page.getByText('17点の商品')).toBeVisible();
    await expect(page.getByText('2件選択中')).toBeVisible();
    await expect(area.end).toBeAttached();
    await expect.poll(() => scrollY(page)).toBe(left);
  });

  test('loads no React until the shopper needs the list, and a first tap on the brand filter before then still applies', async ({
    page,
  }) => {
    // React's file waits until the test lets it through, so the taps below land while the island is asleep.
    let letReactThrough = () => {};
    const reactHeld = new Promise<void>((resolve) => {
      letReactThrough = resolve;
    });
    await page.route(/\/_astro\/react\.[\w-]+\.js$/, async (route) => {
      await reactHeld;
      await route.continue();
    });
    const area = new AreaPage(page);
    await area.goto(1);
    await settled(page);
    expect(await area.asleep()).toBe(true);

    await area.filter.click();
    const box = page.getByRole('checkbox', { name: '暮らしの雑貨 こもれび' });
    await expect(box).toBeVisible();
    await box.click();
    expect(await area.asleep()).toBe(true);

    letReactThrough();
    await expect(box).toBeChecked();
    await expect(page.getByText('3点の商品')).toBeVisible();
    await expect(page.getByText('1件選択中')).toBeVisible();
  });

  test('a reload within 10 minutes keeps the loaded pages and the place (no back-forward cache involved)', async ({
    page,
  }) => {
    const area = new AreaPage(page);
    await area.goto(1);
    await area.scrollToEnd();
    await expect(area.products).toHaveCount(25);
    const link = area.productLink(58);
    await link.scrollIntoViewIfNeeded();
    const left = await scrollY(page);
    await page.reload();
    await expect(area.products).toHaveCount(25);
    await expect.poll(() => scrollY(page)).toBe(left);
  });

  test('a failure on the next page shows "Oops something went wrong!", and retry recovers', async ({
    page,
  }) => {
    const area = new AreaPage(page);
    await area.goto(1);
    await page.route(/\/api\/catalog\/products\?.*page=2/, (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"code":"UNAVAILABLE"}' }),
    );
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(area.failure).toBeVisible();
    await expect(area.products).toHaveCount(10);

    await page.unroute(/\/api\/catalog\/products\?.*page=2/);
    await area.failure.getByRole('button', { name: '再試行' }).click();
    await expect(area.failure).toBeHidden();
    await expect(area.products).toHaveCount(20);
  });

  test('keyboard users load the next page with 「もっと見る」, and focus moves to the first new product', async ({
    page,
  }) => {
    // Without IntersectionObserver only the button loads pages, so the test sees the button's load alone.
    await page.addInitScript(() => Reflect.deleteProperty(window, 'IntersectionObserver'));
    const area = new AreaPage(page);
    await area.goto(1);
    // Without it the island wakes at once (src/engine/client-directives/when-needed.ts): the keys go to the awake list. (A tap
    // before it wakes is held and given after: the brand filter's first-tap test.)
    await expect.poll(() => area.asleep()).toBe(false);
    const more = page.getByRole('button', { name: 'もっと見る' });
    await more.focus();
    await page.keyboard.press('Enter');
    await expect(area.products).toHaveCount(20);
    await expect(area.products.nth(10).getByRole('link')).toBeFocused();
  });

  test('the brand search finds brands by name and reset clears the selection', async ({ page }) => {
    const area = new AreaPage(page);
    await area.goto(1);
    await area.filter.click();
    // BASE A has 7 brands; 6 show until 「ブランドをもっと見る」.
    await expect(page.getByRole('checkbox')).toHaveCount(6);
    await page.getByRole('button', { name: /ブランドをもっと見る/ }).click();
    await expect(page.getByRole('checkbox')).toHaveCount(7);

    await page.getByRole('searchbox', { name: 'ブランド名で検索' }).fill('ｺﾓﾚﾋﾞ');
    await expect(page.getByRole('checkbox')).toHaveCount(1);
    await page.getByRole('checkbox', { name: '暮らしの雑貨 こもれび' }).check();
    await expect(page.getByText('3点の商品')).toBeVisible();
    await expect(area.end).toBeVisible();

    await page.getByRole('button', { name: 'リセット' }).click();
    await expect(page.getByText('25点の商品')).toBeVisible();
    await expect(area.products).toHaveCount(10);
    await expect(page.getByRole('checkbox')).toHaveCount(6);
  });

  test('has no layout shift as its islands start, and no axe violations with the filter open', async ({
    page,
  }) => {
    const area = new AreaPage(page);
    await area.goto(1);
    await settled(page);
    expect(await layoutShift(page)).toBe(0);
    await area.filter.click();
    await expect(page.getByRole('searchbox', { name: 'ブランド名で検索' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe('the product page', () => {
  test('takes stock and prices from the API once shown: an option sold since the build is disabled, a new price said', async ({
    page,
    request,
  }) => {
    const products = await apiProducts(request);
    const product = products.find(
      (p) =>
        p.variants.length >= 2 &&
        p.variants.every((v) => v.totalStock > 0 && v.options.length === 1) &&
        new Set(p.variants.map((v) => v.options[0]?.value)).size === p.variants.length,
    );
    if (!product) throw new Error('the seed has no product with two single-option variants in stock');
    const [sold, repriced] = product.variants as [Variant, Variant];
    const now = {
      ...product,
      variants: product.variants.map((v) =>
        v.id === sold.id
          ? { ...v, totalStock: 0, stockInShop: 0 }
          : v.id === repriced.id
            ? { ...v, price: v.price + 110 }
            : v,
      ),
    };
    await page.route(`**/api/catalog/products/${product.id}`, (route) => route.fulfill({ json: now }));
    const screen = new ProductPage(page);
    await screen.goto(`/area/${product.areas[0]}/products/${product.id}/`);
    const option = sold.options[0];
    if (!option) throw new Error('unreachable');
    await expect(screen.option(option.displayName, option.displayValue)).toBeDisabled();
    await expect(page.getByRole('status').filter({ hasText: '価格が変更されました' })).toBeVisible();
    const other = repriced.options[0];
    if (!other) throw new Error('unreachable');
    await screen.option(other.displayName, other.displayValue).check({ force: true });
    await expect(screen.price).toHaveText(`${formatPrice(repriced.price + 110)}`);
  });

  test('shows its gallery, brand, price, stock and description; the variant image and thumbnails swap the main image', async ({
    page,
    request,
  }) => {
    const api = await apiProduct(request, 82);
    await new ProductPage(page).goto('/area/1/products/82/');
    const main = page.getByRole('img', { name: api.title, exact: true });
    await expect(main).toHaveAttribute('fetchpriority', 'high');
    await expect(main).toHaveAttribute('loading', 'eager');
    await expect(main).toHaveAttribute(
      'src',
      new RegExp(`/images/products/${api.images[0]?.id}\\.jpg\\?width=768&height=768`),
    );
    const thumbnails = page.getByRole('button', { name: /^画像\d+を表示$/ });
    await expect(thumbnails).toHaveCount(api.images.length);
    await expect(thumbnails.first().locator('img')).toHaveAttribute('loading', 'lazy');
    await expect(thumbnails.first().locator('img')).toHaveAttribute('src', /width=256&height=256/);

    await thumbnails.nth(2).click();
    await expect(thumbnails.nth(2)).toHaveAttribute('aria-pressed', 'true');
    await expect(main).toHaveAttribute(
      'src',
      new RegExp(`/images/products/${api.images[2]?.id}\\.jpg\\?width=768`),
    );
    await expect(page.getByRole('link', { name: /京菓子司 香月堂/ })).toHaveAttribute('href', '/brands/1/');
  });

  test("shows the chosen variant's image", async ({ page, request }) => {
    // Product 2: 6個入 / 抹茶 has its own image.
    const api = await apiProduct(request, 2);
    const matcha = api.variants.find((v) => v.title === '6個入 / 抹茶');
    expect(matcha?.image).toBeTruthy();
    const product = new ProductPage(page);
    await product.goto('/area/1/products/2/');
    await product.option('味', '抹茶').check();
    await expect(page.getByRole('img', { name: api.title, exact: true })).toHaveAttribute(
      'src',
      new RegExp(`/images/products/${matcha?.image?.id}\\.jpg\\?width=768`),
    );
  });

  test('a product with every variant sold out cannot be added to the bag', async ({ page, request }) => {
    const api = await apiProduct(request, 6);
    await page.goto(`/area/${api.areas[0]}/products/6/`);
    const product = new ProductPage(page);
    await expect(product.addToBag).toBeDisabled();
    await expect(page.locator('variant-picker [data-stock]')).toHaveText('在庫なし');
    for (const radio of await page.getByRole('radio').all()) await expect(radio).toBeDisabled();
  });

  test('a refused add to the bag says why in Japanese and keeps the choice', async ({ page }) => {
    const product = new ProductPage(page);
    await product.goto('/area/1/products/82/');
    await page.route('**/api/catalog/cart/product', (route) =>
      route.fulfill({
        status: 409,
        contentType: 'application/json',
        body: '{"code":"OUT_OF_STOCK","message":"x"}',
      }),
    );
    await product.option('味', '抹茶').check();
    await product.addToBag.click();
    await expect(page.getByRole('alert')).toHaveText('申し訳ありません。この商品は在庫がなくなりました。');
    await expect(product.option('味', '抹茶')).toBeChecked();
    await expect(product.addToBag).toBeEnabled();
  });

  test('a product without images shows the fallback logo; a long description folds behind 「続きを読む」', async ({
    page,
    request,
  }) => {
    const noImages = await apiProduct(request, 9);
    await page.goto(`/area/${noImages.areas[0]}/products/9/`);
    await expect(page.getByRole('img', { name: noImages.title, exact: true })).toHaveAttribute(
      'src',
      '/images/fallback-logo.svg',
    );

    const long = await apiProduct(request, 5);
    await new ProductPage(page).goto(`/area/${long.areas[0]}/products/5/`);
    await page.waitForFunction(() => customElements.get('read-more'));
    const more = page.getByRole('button', { name: '続きを読む' });
    await expect(more).toHaveAttribute('aria-expanded', 'false');
    const folded = await page.locator('#description').evaluate((e) => e.clientHeight);
    await more.click();
    await expect(page.getByRole('button', { name: '閉じる' })).toHaveAttribute('aria-expanded', 'true');
    expect(await page.locator('#description').evaluate((e) => e.clientHeight)).toBeGreaterThan(folded);
  });

  test('a product with a movie plays it in the page, loading nothing until asked', async ({
    page,
    request,
  }) => {
    const api = await apiProduct(request, 4);
    await page.goto(`/area/${api.areas[0]}/products/4/`);
    const video = page.locator('video');
    await expect(video).toHaveAttribute('preload', 'none');
    await expect(video).toHaveAttribute('controls', '');
    await expect(video).toHaveAttribute('playsinline', '');
    await expect(video).toHaveAttribute('src', /\/videos\/products\/4\.mp4$/);
  });

  test('carries Open Graph with the 768 image and JSON-LD Product with JPY offers', async ({ page }) => {
    await page.goto('/area/1/products/82/');
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'product');
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
      'content',
      /width=768&height=768/,
    );
    await expect(page.locator('meta[name="twitter:image"]')).toHaveAttribute(
      'content',
      /width=768&height=768/,
    );
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    const data = JSON.parse(blocks.find((text) => text.includes('"@type":"Product"')) ?? '{}');
    expect(data).toMatchObject({
      '@type': 'Product',
      name: '本練り羊羹 詰め合わせ',
      brand: { name: '京菓子司 香月堂' },
    });
    expect(data.offers).toHaveLength(4);
    expect(data.offers[0]).toMatchObject({
      price: 4104,
      priceCurrency: 'JPY',
      availability: 'https://schema.org/InStock',
    });
    expect(data.offers[2]).toMatchObject({ availability: 'https://schema.org/OutOfStock' });
  });

  test('has no layout shift as its scripts start, and no axe violations', async ({ page }) => {
    await page.goto('/area/1/products/82/');
    await settled(page);
    expect(await layoutShift(page)).toBe(0);
    await expectNoAxeViolations(page);
  });

  test('an unknown area id in a product URL shows the 404 screen with the path, also from the legacy URL', async ({
    page,
  }) => {
    const response = await page.goto('/area/999/products/2/');
    expect(response?.status()).toBe(404);
    await expect(page.getByText('Page Not Found: /area/999/products/2/')).toBeVisible();

    await page.goto('/area?id=999&product=2');
    await expect(page).toHaveURL(/\/area\/999\/products\/2\/\?id=999&product=2$/);
    await expect(page.getByTestId('error-status')).toHaveText('404');
    await expect(page.getByText('Page Not Found: /area/999/products/2/')).toBeVisible();
  });
});

test.describe('favorites', () => {
  test('a favorite survives a reload, shows on /wishlist/ and can be removed', async ({ page }) => {
    const product = new ProductPage(page);
    await product.goto('/area/1/products/82/');
    await expect(product.favorite).toHaveAttribute('aria-pressed', 'false');
    await product.favorite.click();
    await expect(product.favorite).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('status').filter({ hasText: 'お気に入りに追加しました。' })).toBeAttached();

    await page.reload();
    await product.ready();
    await expect(product.favorite).toHaveAttribute('aria-pressed', 'true');

    await page.getByRole('banner').getByRole('link', { name: 'お気に入り' }).click();
    await expect(page).toHaveURL(/\/wishlist\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'お気に入り' })).toBeVisible();
    const items = page.getByTestId('wishlist').getByRole('listitem');
    await expect(items).toHaveCount(1);
    await expect(items.getByRole('link', { name: '本練り羊羹 詰め合わせ' })).toHaveAttribute(
      'href',
      '/area/1/products/82/',
    );
    await expect(items.getByText('¥4,104（税込）〜')).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByRole('button', { name: '本練り羊羹 詰め合わせをお気に入りから外す' }).click();
    await expect(page.getByText('お気に入りはまだありません。', { exact: false })).toBeVisible();
  });

  test('a favorite whose product left the catalogue says so', async ({ page }) => {
    await page.addInitScript(() => {
      if (localStorage.getItem('wishlist:v1')) return;
      const gone = {
        id: 99999,
        areaId: 1,
        title: '販売を終えた商品',
        tenantName: '京菓子司 香月堂',
        imageSrc: null,
        price: 1000,
        maxPrice: 1000,
        compareAtPrice: null,
        onSale: false,
        soldOut: false,
        href: '/area/1/products/99999/',
      };
      localStorage.setItem('wishlist:v1', JSON.stringify([{ product: gone, addedAt: 1 }]));
    });
    await page.goto('/wishlist/');
    await expect(page.getByRole('link', { name: '販売を終えた商品' })).toBeVisible();
    await expect(page.getByText('現在お取り扱いがありません')).toBeVisible();
  });
});

test.describe('the brand page', () => {
  test('shows the brand with its official site and its products; /brands/abc is the 404 screen', async ({
    page,
  }) => {
    await page.goto('/brands/1/');
    await expect(page.getByRole('heading', { level: 1, name: '京菓子司 香月堂' })).toBeVisible();
    await expect(page.getByRole('link', { name: /^公式サイト/ })).toHaveAttribute(
      'href',
      'https://kagetsudo.example.jp/',
    );
    const products = page.getByTestId('product-list').getByRole('listitem');
    await expect(products).toHaveCount(10);
    await expect(products.getByText('京菓子司 香月堂')).toHaveCount(10);
    await expectNoAxeViolations(page);

    const response = await page.goto('/brands/abc');
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId('error-status')).toHaveText('404');
    await expect(page.getByText('Page Not Found: /brands/abc')).toBeVisible();
  });
});

test.describe('the onboarding dialog', () => {
  // A first-time visitor: nothing stored (the configuration marks every other test's visitor as returning).
  test.use({ returningVisitor: false });

  test('shows once on a first visit: labelled, modal (focus never reaches the page behind), closes with Esc', async ({
    page,
  }) => {
    await page.goto('/');
    const dialog = page.getByRole('dialog', { name: 'ギフトカタログへようこそ' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'はじめる' })).toBeFocused();
    await expectNoAxeViolations(page);
    // A native modal dialog makes the page inert: Tab cycles through the dialog's controls and the browser's
    // own (the document itself, in a headless browser), never an element of the page behind.
    const inDialog: boolean[] = [];
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      const where = await dialog.evaluate((d) =>
        d.contains(document.activeElement)
          ? 'dialog'
          : document.activeElement === document.body
            ? 'browser'
            : 'page',
      );
      expect(where).not.toBe('page');
      inDialog.push(where === 'dialog');
    }
    expect(inDialog.filter(Boolean).length).toBeGreaterThanOrEqual(4);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await page.reload();
    await settled(page);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.goto('/area/1/');
    await settled(page);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('is marked seen at once on the cart route', async ({ page }) => {
    await page.goto('/cart/');
    await settled(page);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.goto('/');
    await settled(page);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('is seen once dismissed, not merely shown: it comes back until the visitor closes it', async ({
    page,
  }) => {
    await page.goto('/');
    const dialog = page.getByRole('dialog', { name: 'ギフトカタログへようこそ' });
    await expect(dialog).toBeVisible();
    await page.goto('/about/');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'はじめる' }).click();
    await expect(dialog).toBeHidden();
    await page.goto('/');
    await settled(page);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('closes on a tap on its backdrop, and is seen from then on', async ({ page }) => {
    await page.goto('/about/');
    const dialog = page.getByRole('dialog', { name: 'ギフトカタログへようこそ' });
    await expect(dialog).toBeVisible();
    // The backdrop: outside the dialog's box, on the page behind it.
    await page.mouse.click(5, 5);
    await expect(dialog).toBeHidden();
    await page.goto('/about/');
    await settled(page);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});

for (const viewport of [
  { width: 1280, height: 720 },
  { width: 1920, height: 1080 },
  { width: 390, height: 844 },
]) {
  test.describe(`the area list at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test('loads page after page to "No more results!" as the shopper scrolls', async ({ page }) => {
      const area = new AreaPage(page);
      await area.goto(1);
      await expect(page.getByText('25点の商品')).toBeVisible();
      await area.scrollToEnd();
      await expect(area.products).toHaveCount(25);
    });
  });
}

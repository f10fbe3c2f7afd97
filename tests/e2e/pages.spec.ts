import type { Page } from '@playwright/test';
import type { HomePayload, TagPayload } from '../../src/features/catalogue/catalogue-payloads.ts';
import {
  type BuildManifest,
  LATEST_BUILD_PATH,
  type LatestBuild,
  manifestPath,
} from '../../src/lib/build-info.ts';
import { DEFAULT_CATALOG_API_TOKEN } from '../../src/lib/catalog/config.ts';
import type { Product, ProductPage, Tenant } from '../../src/lib/catalog/types.ts';
import { expectNoAxeViolations } from './fixtures/pages.ts';
import { expectOnlySpecTrackNames } from './fixtures/site.ts';
import { expect, test } from './fixtures/test.ts';

const api = { 'X-Api-Token': DEFAULT_CATALOG_API_TOKEN };

async function apiJson<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(`/api/catalog${path}`, { headers: api });
  expect(response.ok(), path).toBe(true);
  return (await response.json()) as T;
}

test.describe('the home page', () => {
  test('shows the seasonal theme, BASE A–D, the brands and the tags', async ({ page }) => {
    const home = (await (await page.request.get('/_payload.json')).json()) as HomePayload;
    expect(home.kind).toBe('home');
    expect(home.theme.launchedAt).toMatch(/^2024-07/);
    const tenants = await apiJson<Tenant[]>(page, '/products-filters');

    await page.goto('/');
    const theme = page.getByTestId('theme');
    await expect(theme.getByRole('heading', { level: 2, name: home.theme.title })).toBeVisible();
    await expect(theme.getByText('2024年7月1日〜')).toBeVisible();

    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: /^BASE [A-D]$/ })).toHaveText([
      'BASE A',
      'BASE B',
      'BASE C',
      'BASE D',
    ]);
    const brands = page.getByTestId('home-brands').getByRole('link');
    await expect(brands).toHaveCount(tenants.length);
    await expect(brands.first()).toHaveAttribute('href', `/brands/${tenants[0]?.id}/`);
    const tags = page.getByTestId('home-tags').getByRole('link');
    await expect(tags).toHaveCount(home.tags.length);
    await expect(tags.first()).toHaveText(`#${home.tags[0]?.name}`);
    await expect(tags.first()).toHaveAttribute('href', `/product-tags/${home.tags[0]?.id}/`);
  });
});

test.describe("the site's own pages", () => {
  const pages = [
    { link: 'このサイトについて', path: '/about/', heading: 'このサイトについて' },
    { link: '利用規約', path: '/terms/', heading: '利用規約' },
    { link: '特定商取引法に基づく表記', path: '/tokushoho/', heading: '特定商取引法に基づく表記' },
  ];

  for (const { link, path, heading } of pages) {
    test(`${heading} is linked from the footer and renders`, async ({ page }) => {
      await page.goto('/');
      await page.getByRole('contentinfo').getByRole('link', { name: link }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByText(/最終更新日：\d{4}年\d{1,2}月\d{1,2}日/)).toBeVisible();
    });
  }

  test('the terms cover payment at the store counter, pickup and shipping, cancellation and wrapping', async ({
    page,
  }) => {
    await page.goto('/terms/');
    for (const name of [/お支払い/, /受け取り方法/, /キャンセル/, /ギフトラッピング/, /個人情報/]) {
      await expect(page.getByRole('heading', { level: 2, name }).first()).toBeVisible();
    }
    await expect(page.getByText(/店頭カウンターにて承ります/)).toBeVisible();
  });

  test('特定商取引法に基づく表記 lists the required items and marks its company data as demo', async ({
    page,
  }) => {
    await page.goto('/tokushoho/');
    for (const item of [
      '販売業者',
      '所在地',
      '連絡先',
      '販売価格（税込）',
      '支払方法',
      '引渡し時期',
      '返品・交換',
    ]) {
      await expect(page.getByRole('rowheader', { name: item, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('row', { name: /ラッピング ギフトラッピング ¥330/ })).toBeVisible();
    await expect(page.getByRole('row', { name: /¥880.*¥11,000/ })).toBeVisible();
    await expect(page.getByText(/デモンストレーション用の架空のもの/)).toBeVisible();
  });
});

test.describe('brands and tags', () => {
  test('/brands/ lists every brand with its logo, description and a link to its page', async ({ page }) => {
    const tenants = await apiJson<Tenant[]>(page, '/products-filters');
    await page.goto('/brands/');
    await expect(page.getByRole('heading', { level: 1, name: 'ブランド一覧' })).toBeVisible();
    const items = page.getByTestId('brand-list').getByRole('listitem');
    await expect(items).toHaveCount(tenants.length);
    for (const [index, tenant] of tenants.sort((a, b) => a.id - b.id).entries()) {
      const item = items.nth(index);
      await expect(item.getByRole('link', { name: tenant.name })).toHaveAttribute(
        'href',
        `/brands/${tenant.id}/`,
      );
      await expect(item.getByText(tenant.description)).toBeVisible();
      await expect(item.locator('img')).toHaveAttribute('src', /\/images\/tenants\//);
    }
  });

  test('a tag page lists its products and pages through them', async ({ page }) => {
    const { products } = await apiJson<ProductPage>(page, '/products?size=100');
    const tagged = (tagId: number) =>
      products.filter((p: Product) => p.areas.length > 0 && p.tags.some((tag) => tag.id === tagId));
    // The tag with the most products, so that it has more than one page.
    const tagIds = [...new Set(products.flatMap((p) => p.tags.map((tag) => tag.id)))];
    const tagId = tagIds.sort((a, b) => tagged(b).length - tagged(a).length)[0] ?? 1;
    const expected = tagged(tagId)
      .map((p) => p.title)
      .sort();

    await page.goto('/product-tags/');
    const tagLink = page.getByTestId('tag-list').locator(`a[href="/product-tags/${tagId}/"]`);
    await expect(tagLink).toContainText(`${expected.length}点`);
    await tagLink.click();
    await expect(page).toHaveURL(new RegExp(`/product-tags/${tagId}/$`));

    const seen: string[] = [];
    for (let pageNumber = 1; ; pageNumber++) {
      const payload = (await (
        await page.request.get(`${new URL(page.url()).pathname}_payload.json`)
      ).json()) as TagPayload;
      expect(payload).toMatchObject({ kind: 'tag', page: pageNumber, tag: { id: tagId } });
      const cards = page.getByTestId('product-list').getByRole('heading', { level: 3 });
      await expect(cards).toHaveText(payload.products.map((p) => p.title));
      seen.push(...payload.products.map((p) => p.title));
      const pagination = page.getByRole('navigation', { name: 'ページ送り' });
      if (pageNumber === 1)
        expect(payload.pageCount, 'the e2e build pages tags 5 to a page').toBeGreaterThan(1);
      await expect(pagination.getByText(String(pageNumber), { exact: true })).toHaveAttribute(
        'aria-hidden',
        'true',
      );
      if (pageNumber === payload.pageCount) {
        await expect(pagination.getByRole('link', { name: '次のページ' })).toHaveCount(0);
        break;
      }
      await pagination.getByRole('link', { name: '次のページ' }).click();
      await expect(page).toHaveURL(new RegExp(`/product-tags/${tagId}/page/${pageNumber + 1}/$`));
      await expect(page.getByRole('heading', { level: 1 })).toContainText(`${pageNumber + 1}ページ目`);
    }
    expect(seen.sort()).toEqual(expected);
    await page
      .getByRole('navigation', { name: 'ページ送り' })
      .getByRole('link', { name: '1ページ目' })
      .click();
    await expect(page).toHaveURL(new RegExp(`/product-tags/${tagId}/$`));
  });
});

test.describe('legacy area URLs', () => {
  test('/area?id=2 lands on /area/2/ (the query carried on, as Netlify does)', async ({ page }) => {
    await page.goto('/area?id=2');
    await expect(page).toHaveURL(/\/area\/2\/\?id=2$/);
    await expect(page.getByRole('heading', { level: 1, name: 'BASE B' })).toBeVisible();
  });

  test('the /area/ page itself sends a digits-only id on when no server rule did', async ({ page }) => {
    // /area/index.html is the fallback page as a host without query rules would serve it.
    await page.goto('/area/index.html?id=3&product=x');
    await expect(page).toHaveURL(/\/area\/3\/$/);
    await page.goto('/area/index.html?id=abc');
    await expect(page.getByRole('heading', { level: 1, name: 'エリア一覧' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: /^BASE [A-D]$/ })).toHaveCount(4);
  });
});

test.describe('the build manifest', () => {
  test("latest.json names this build and its code's version, whose manifest holds the route rules", async ({
    page,
  }) => {
    const latestResponse = await page.request.get(`${LATEST_BUILD_PATH}?t=${Date.now()}`);
    expect(latestResponse.headers()['cache-control']).toBe('no-cache');
    const latest = (await latestResponse.json()) as LatestBuild;
    expect(latest.buildId).toMatch(/^[0-9A-Za-z-]+$/);
    expect(Number.isNaN(Date.parse(latest.builtAt))).toBe(false);
    expect(latest.codeVersion).toMatch(/^[0-9a-f]{16}$/);
    // The catalogue version it was built from, for the scheduled rebuild to compare with the API's.
    expect(latest.catalogVersion).toMatch(/^\S+$/);

    const manifest = (await (
      await page.request.get(manifestPath(latest.codeVersion))
    ).json()) as BuildManifest;
    expect(manifest.codeVersion).toBe(latest.codeVersion);
    expect(manifest.redirects).toContainEqual({
      from: '/area',
      query: { id: ':id' },
      to: '/area/:id/',
      status: 301,
      force: true,
    });
    expect(manifest.routes).toContainEqual({ pattern: '/', type: 'page', prerender: true });
    expect(manifest.routes.every((route) => route.prerender)).toBe(true);

    // A page carries the code's version, not the build's id: a rebuild of the same code leaves it as it was.
    await page.goto('/about/');
    await expect(page.locator('html')).toHaveAttribute('data-code-version', latest.codeVersion);
    await expect(page.locator('html')).not.toHaveAttribute('data-build-id');
  });

  test('a page fetches it about a second after load', async ({ page }) => {
    await page.clock.install();
    const manifest = page.waitForRequest(/\/_build\/[0-9A-Za-z-]+\.json$/);
    await page.goto('/terms/');
    const version = await page.locator('html').getAttribute('data-code-version');
    await page.clock.runFor(1500);
    expect(new URL((await manifest).url()).pathname).toBe(manifestPath(version ?? ''));
  });

  test('a page on a slow connection or saving data skips it', async ({ page }) => {
    await page.addInitScript(() =>
      Object.defineProperty(navigator, 'connection', { value: { saveData: false, effectiveType: '2g' } }),
    );
    await page.clock.install();
    const requests: string[] = [];
    page.on('request', (request) => requests.push(new URL(request.url()).pathname));
    await page.goto('/terms/');
    await page.clock.runFor(5000);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    expect(requests.filter((path) => path.startsWith('/_build/') && path !== LATEST_BUILD_PATH)).toEqual([]);
  });
});

test.describe('the header', () => {
  test('shows how many items are in the bag', async ({ page }) => {
    const product = await apiJson<Product>(page, '/products/2');
    const variant = product.variants.find((v) => v.totalStock > 0);
    expect(variant, 'product 2 has a variant in stock').toBeDefined();
    const added = await page.request.post('/api/catalog/cart/product', {
      headers: api,
      data: { productId: 2, variantId: variant?.id, addQty: 2 },
    });
    expect(added.ok()).toBe(true);

    await page.goto('/about/');
    const bag = page.getByRole('banner').getByRole('link', { name: /バッグ/ });
    await expect(bag).toHaveAccessibleName('バッグ 2点');
    await expect(bag.getByText('2', { exact: true })).toBeVisible();
  });

  test('updates the count at once when a product is added on the page', async ({ page }) => {
    const product = await apiJson<Product>(page, '/products/1');
    await page.goto(`/area/${product.areas[0]}/products/${product.id}/`);
    const bag = page.getByRole('banner').getByRole('link', { name: /バッグ/ });
    await expect(bag).toHaveAccessibleName('バッグ');
    await page.getByRole('button', { name: 'バッグに入れる' }).click();
    await expect(bag).toHaveAccessibleName('バッグ 1点');
  });

  test("asks the API for the bag's count and the product's stock only once the page's pictures have loaded", async ({
    page,
  }) => {
    const product = await apiJson<Product>(page, '/products/1');
    const asked: string[] = [];
    page.on('request', (sent) => {
      const path = new URL(sent.url()).pathname;
      if (path.startsWith('/api/catalog/')) asked.push(path);
    });
    // The product's pictures held: the page has not loaded.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/api\/images\/products\//, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`/area/${product.areas[0]}/products/${product.id}/`, { waitUntil: 'domcontentloaded' });
    // The page's scripts have run and drawn a frame.
    await page.waitForFunction(() => customElements.get('variant-picker') !== undefined);
    await page.evaluate(
      () => new Promise((frame) => requestAnimationFrame(() => requestAnimationFrame(frame))),
    );
    expect(await page.evaluate(() => document.readyState)).not.toBe('complete');
    expect(asked).toEqual([]);
    release();
    await expect
      .poll(() => [...asked].sort())
      .toEqual(['/api/catalog/cart/products/count', `/api/catalog/products/${product.id}`]);
  });

  test('hides the count when the bag is empty', async ({ page }) => {
    const counted = page.waitForResponse((response) =>
      response.url().endsWith('/catalog/cart/products/count'),
    );
    await page.goto('/about/');
    expect(await (await counted).json()).toEqual({ count: 0 });
    const bag = page.getByRole('banner').getByRole('link', { name: /バッグ/ });
    await expect(bag.locator('[data-bag-badge]')).toBeHidden();
    await expect(bag).toHaveAccessibleName('バッグ');
  });

  test('carries only the tracked names the product defines', async ({ page }) => {
    for (const path of ['/', '/about/', '/area/', '/brands/', '/product-tags/', '/area/1/']) {
      await page.goto(path);
      await expectOnlySpecTrackNames(page);
    }
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header.locator('[data-track]')).toHaveCount(4);
    await expect(page.getByRole('contentinfo').locator('[data-track="product list"]')).toHaveAttribute(
      'href',
      '/area/',
    );
  });
});

test.describe('search engines and sharing', () => {
  const paths = ['/', '/about/', '/terms/', '/tokushoho/', '/brands/', '/product-tags/', '/area/'];

  test('every page has its own title, description and canonical URL', async ({ page }) => {
    const seen = { titles: new Set<string>(), descriptions: new Set<string>() };
    for (const path of paths) {
      await page.goto(path);
      const title = await page.title();
      const description = (await page.locator('meta[name="description"]').getAttribute('content')) ?? '';
      expect(seen.titles.has(title), `title of ${path}`).toBe(false);
      expect(seen.descriptions.has(description), `description of ${path}`).toBe(false);
      seen.titles.add(title);
      seen.descriptions.add(description);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
        'href',
        new URL(path, page.url()).href,
      );
      await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', title);
      await expect(page.locator('meta[name="twitter:description"]')).toHaveAttribute('content', description);
    }
  });

  test('the home page shares an image with its size and alt text', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
      'content',
      /width=768&height=768/,
    );
    await expect(page.locator('meta[property="og:image:width"]')).toHaveAttribute('content', '768');
    await expect(page.locator('meta[property="og:image:height"]')).toHaveAttribute('content', '768');
    await expect(page.locator('meta[property="og:image:alt"]')).toHaveAttribute('content', 'BASE A');
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary');
  });

  test('the sitemap lists the catalogue but not the 404 page or per-visitor pages', async ({ page }) => {
    const index = await (await page.request.get('/sitemap-index.xml')).text();
    const sitemaps = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? '').pathname);
    const urls: string[] = [];
    for (const sitemap of sitemaps) {
      const xml = await (await page.request.get(sitemap)).text();
      urls.push(...[...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1] ?? '').pathname));
    }
    for (const path of ['/', '/about/', '/terms/', '/tokushoho/', '/brands/', '/product-tags/', '/area/1/']) {
      expect(urls).toContain(path);
    }
    expect(urls.filter((url) => /^\/(404|cart|wishlist|qr|order|address|chat|_build)\b/.test(url))).toEqual(
      [],
    );
    const robots = await (await page.request.get('/robots.txt')).text();
    // Crawlers may fetch the per-visitor pages, to read their noindex.
    expect(robots).not.toContain('Disallow: /cart/');
    expect(robots).toMatch(/Sitemap: http:\/\/\S+\/sitemap-index\.xml/);
  });
});

test.describe('accessibility', () => {
  for (const path of [
    '/',
    '/about/',
    '/terms/',
    '/tokushoho/',
    '/brands/',
    '/product-tags/',
    '/product-tags/3/',
    '/product-tags/3/page/2/',
    '/area/',
  ]) {
    test(`axe finds no violations on ${path}`, async ({ page }) => {
      await page.goto(path);
      await expectNoAxeViolations(page);
    });
  }
});

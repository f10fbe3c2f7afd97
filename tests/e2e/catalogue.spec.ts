import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { BUDGETS } from '../../scripts/bench/js-visits.mjs';
import { apiProducts } from './fixtures/browse.ts';
import { expectNoAxeViolations } from './fixtures/pages.ts';
import { networkLog, shippedJs } from './fixtures/site.ts';
import { expect, test } from './fixtures/test.ts';

const PLAIN_PAGES = ['/', '/about/', '/terms/', '/product-tags/', '/brands/'];
/**
 * 5 KB, the budget of scripts/bench/js-visits.mjs: everything a plain page loads, the chat redirect's head
 * script, the error handler and analytics included (docs/performance.md).
 */
const PLAIN_PAGE_BUDGET = BUDGETS.plain;
/** A part's strings in one locale (src/i18n/{part}/{locale}.json): `/_astro/en.Ab12.js`. */
const STRINGS_CHUNK = /\/_astro\/(ja|en|zh|ko)\.[\w-]+\.js$/;

/** The React files a page loaded: React and Astro's renderer come as one (CHUNK_GROUPS, astro.config.mjs). */
function reactFiles(loaded: string[]): string[] {
  return loaded.filter((url) => /\/_astro\/react\.[\w-]+\.js$/.test(url));
}

/** The list pages the budgets hold: an area, and the brand of the seed's first product. */
async function listPages(request: APIRequestContext): Promise<string[]> {
  const [product] = await apiProducts(request);
  if (!product) throw new Error('the seed has no product');
  return ['/area/1/', `/brands/${product.tenant.id}/`];
}

/** The languages whose strings a page loaded, each once. */
function stringsLoaded(loaded: string[]): string[] {
  return [...new Set(loaded.flatMap((url) => STRINGS_CHUNK.exec(url)?.[1] ?? []))];
}

test.describe('a first visit', () => {
  // Nothing stored: the onboarding dialog opens, with the page (its small script is inline in every page).
  test.use({ returningVisitor: false });

  test('pages whose only interactive part is the header ship at most 5 KB of JavaScript (gzip), the onboarding dialog included, in one file', async ({
    page,
  }) => {
    for (const path of PLAIN_PAGES) {
      const { gzip, loadedGzip, loaded } = await shippedJs(page, path, async (p) => {
        await expect(p.getByRole('dialog', { name: 'ギフトカタログへようこそ' })).toBeVisible();
      });
      expect(loadedGzip, path).toBeLessThanOrEqual(PLAIN_PAGE_BUDGET);
      expect(gzip, path).toBe(loadedGzip);
      // The startup built whole: one file, importing no shared chunk (its stores are its own, so nothing
      // else may run beside it); the dialog opens from its inline script.
      expect(loaded, path).toHaveLength(1);
      expect(await page.locator('script[type="module"]').count(), path).toBe(1);
      // The next page is a first visit again.
      await page.evaluate(() => localStorage.clear());
    }
  });

  test('the product page ships at most 10 KB of JavaScript (gzip), the onboarding dialog included, in one file of its own', async ({
    page,
    request,
  }) => {
    const [product] = await apiProducts(request);
    if (!product) throw new Error('the seed has no product');
    const path = `/area/${product.areas[0]}/products/${product.id}/`;
    const { gzip, loadedGzip, loaded } = await shippedJs(page, path, async (p) => {
      await expect(p.getByRole('dialog', { name: 'ギフトカタログへようこそ' })).toBeVisible();
    });
    expect(loadedGzip).toBeLessThanOrEqual(BUDGETS.product);
    expect(gzip).toBe(loadedGzip);
    // The page's script is built whole, importing no shared chunk (its stores are its own, so nothing else
    // may run beside it); the dialog opens from its inline script.
    expect(loaded).toHaveLength(1);
    expect(await page.locator('script[type="module"]').count()).toBe(1);
  });

  test('the area and brand pages ship at most 80 KB of JavaScript (gzip), the onboarding dialog included: no React before the list needs it', async ({
    page,
    request,
  }) => {
    for (const path of await listPages(request)) {
      const { loadedGzip, loaded } = await shippedJs(page, path, async (p) => {
        await expect(p.getByRole('dialog', { name: 'ギフトカタログへようこそ' })).toBeVisible();
      });
      expect(loadedGzip, path).toBeLessThanOrEqual(BUDGETS.list);
      // The list's island wakes when the shopper nears its end or touches it (src/engine/client-directives/when-needed.ts).
      expect(reactFiles(loaded), path).toEqual([]);
      await page.evaluate(() => localStorage.clear());
    }
  });

  test("the area and brand lists, once awake, ship at most 80 KB of JavaScript (gzip), the onboarding dialog included, the area's brand filter not until it is used", async ({
    page,
    request,
  }) => {
    for (const path of await listPages(request)) {
      const { loadedGzip, loaded } = await shippedJs(page, path, async (p) => {
        const welcome = p.getByRole('dialog', { name: 'ギフトカタログへようこそ' });
        await expect(welcome).toBeVisible();
        await p.keyboard.press('Escape');
        await expect(welcome).toBeHidden();
        // A product link takes the focus, as a shopper going on to the next page: the list wakes.
        await p.getByTestId('product-list').getByRole('link').first().focus();
        await expect(
          p.locator('astro-island[ssr]').filter({ has: p.getByTestId('product-list') }),
        ).toHaveCount(0);
        await p.waitForLoadState('networkidle');
      });
      expect(loadedGzip, path).toBeLessThanOrEqual(BUDGETS.list);
      expect(reactFiles(loaded), path).toHaveLength(1);
      // The brand filter is an island of its own, woken when the shopper touches it.
      expect(
        loaded.filter((url) => url.includes('AreaBrandFilter')),
        path,
      ).toEqual([]);
      await page.evaluate(() => localStorage.clear());
    }
  });

  test('the wishlist ships at most 80 KB of JavaScript (gzip), the onboarding dialog included, React as one file', async ({
    page,
  }) => {
    const { loadedGzip, loaded } = await shippedJs(page, '/wishlist/', async (p) => {
      await expect(p.getByRole('dialog', { name: 'ギフトカタログへようこそ' })).toBeVisible();
    });
    expect(loadedGzip).toBeLessThanOrEqual(BUDGETS.list);
    expect(reactFiles(loaded)).toHaveLength(1);
  });
});

test.describe('the bag', () => {
  test('ships at most 90 KB of JavaScript (gzip), with the Japanese strings of its own parts only', async ({
    page,
  }) => {
    const { loadedGzip, loaded } = await shippedJs(page, '/cart/', async (p) => {
      await expect(p.getByRole('heading', { name: 'ショッピングバッグに商品はありません' })).toBeVisible();
    });
    expect(loadedGzip).toBeLessThanOrEqual(BUDGETS.bag);
    // Two parts (src/i18n/bag/, src/i18n/shared/): the confirmation's strings come with it, on pay.
    expect(loaded.filter((url) => STRINGS_CHUNK.test(url))).toHaveLength(2);
    expect(stringsLoaded(loaded)).toEqual(['ja']);
  });
});

test.describe("pages' scripts", () => {
  /** The page's own script (not the layout's) and every module it imports statically, with their code. */
  async function ownScriptModules(page: Page, path: string): Promise<Map<string, string>> {
    const html = await (await page.request.get(path)).text();
    const own = [...html.matchAll(/<script type="module" src="([^"]*index\.astro[^"]*)"/g)].map(
      (m) => m[1] ?? '',
    );
    expect(own, `${path} has a script of its own`).toHaveLength(1);
    const queue = [...own];
    const modules = new Map<string, string>();
    while (queue.length) {
      const url = queue.shift() ?? '';
      if (modules.has(url)) continue;
      const code = await (await page.request.get(url)).text();
      modules.set(url, code);
      for (const m of code.matchAll(
        /(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["'`](\.\/[^"'`]+\.js)["'`]/g,
      )) {
        queue.push(new URL(m[1] ?? '', `http://site${url}`).pathname);
      }
    }
    return modules;
  }

  /**
   * The bag and QR pages start their reads in a script of their own before React loads. A module shared by
   * such a script and the page's island, evaluated while waiting on the strings' top-level await
   * (`strings()`, src/i18n/index.ts), was seen unfinished by the island in WebKit: so these scripts import
   * nothing that loads strings (src/features/bag/bag-load.ts).
   */
  for (const path of ['/cart/', '/qr/_/']) {
    test(`${path}: the page's own script loads no strings`, async ({ page }) => {
      const loadingStrings = [...(await ownScriptModules(page, path))]
        // A part's loader (src/i18n/{part}/part.ts) is what imports a locale file (`./ja.…js`) on demand.
        .filter(([, code]) => /import\(\s*[`'"]\.\/ja\.[\w-]+\.js/.test(code))
        .map(([url]) => url);
      expect(loadingStrings).toEqual([]);
    });
  }

  test("/chat/: the page's own script asks for a carried product without the typed API client", async ({
    page,
  }) => {
    // openapi-fetch's serializers: the typed client (src/lib/catalog/client.ts) would be a file more, a round
    // trip before the product is asked for.
    const typedClient = [...(await ownScriptModules(page, '/chat/'))]
      .filter(([, code]) => code.includes('querySerializer'))
      .map(([url]) => url);
    expect(typedClient).toEqual([]);
  });

  test("a page with islands asks for its page script's shared chunks with the script, not one import later", async ({
    page,
  }) => {
    const requests = await networkLog(page);
    for (const path of ['/area/1/', '/brands/1/']) {
      requests.clear();
      await page.goto(path, { waitUntil: 'load' });
      const html = await page.content();
      const script = html.match(/<script type="module" src="(\/_astro\/PageStart[^"]+)"/)?.[1] ?? '';
      const chunks = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1] ?? '');
      expect(chunks.length, `${path}: the page script's chunks named`).toBeGreaterThan(0);
      const scriptAnswered = requests.get(script)?.answeredAt;
      expect(scriptAnswered, `${path}: the layout's page script`).toBeDefined();
      for (const chunk of chunks)
        expect(
          requests.get(chunk)?.sentAt,
          `${path}: ${chunk} asked for before the script came`,
        ).toBeLessThan(scriptAnswered ?? 0);
    }
  });
});

test.describe('a first visit to chat, in English', () => {
  test.use({ returningVisitor: false, locale: 'en-US' });

  test("chat pages ship at most 100 KB, with their visitor's language's strings and no other", async ({
    page,
    request,
  }) => {
    const [product] = await apiProducts(request);
    if (!product) throw new Error('the seed has no product');
    for (const path of ['/chat/', `/chat/brands/${product.tenant.id}/`, '/chat/cart/']) {
      const { loadedGzip, loaded } = await shippedJs(page, path, async (p) => {
        await expect(p.locator('html')).toHaveAttribute('lang', 'en');
        await expect(p.getByRole('main')).toBeVisible();
      });
      expect(loadedGzip, path).toBeLessThanOrEqual(BUDGETS.chat);
      expect(stringsLoaded(loaded), path).toEqual(['en']);
    }
  });
});

test.describe('browsing the prerendered catalogue', () => {
  test('home → area → product, in Japanese', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle('ギフトカタログ');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
    await expect(page.getByRole('heading', { name: 'エリアから探す' })).toBeVisible();
    const areaLinks = page.getByRole('main').getByRole('link', { name: /^BASE [A-D]$/ });
    await expect(areaLinks).toHaveCount(4);

    await areaLinks.first().click();
    await expect(page).toHaveURL(/\/area\/\d+\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'BASE A' })).toBeVisible();
    const products = page.getByTestId('product-list').getByRole('listitem');
    await expect(products).toHaveCount(10);
    await expect(page.getByText(/^\d+点の商品$/)).toBeVisible();

    const firstProduct = products.first().getByRole('link');
    const title = (await firstProduct.textContent())?.trim() ?? '';
    expect(title).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/);
    await firstProduct.click();
    await expect(page).toHaveURL(/\/area\/\d+\/products\/\d+\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page.getByText(/¥[\d,]+（税込）/).first()).toBeVisible();
    const main = page.getByRole('img', { name: title, exact: true });
    await expect(main).toHaveAttribute('fetchpriority', 'high');
    await expect(main).toHaveAttribute('src', /width=768&height=768/);
    await expect
      .poll(() => main.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
  });

  test("a brand page's largest paint is a picture of its first row, the first product's the one asked for first", async ({
    page,
  }) => {
    await page.goto('/brands/3/');
    const pictures = page.getByTestId('product-list').getByRole('listitem').locator('img');
    const first = pictures.first();
    await expect(first).toHaveAttribute('loading', 'eager');
    await expect(first).toHaveAttribute('fetchpriority', 'high');
    // Nothing else competes with it: every other picture of the page waits for the layout, and the other
    // cards' pictures, in view or not, come after it at low priority.
    await expect(page.locator('img[fetchpriority="high"]')).toHaveCount(1);
    expect(await pictures.count(), 'the brand has more than one product').toBeGreaterThan(1);
    for (const other of (await pictures.all()).slice(1))
      await expect(other).toHaveAttribute('fetchpriority', 'low');
    // The browser names a larger element only: a picture of the same size beside the first that happened to
    // paint a frame sooner keeps the title, so the row is what is certain, not the card.
    const firstTop = (await first.boundingBox())?.y;
    const largest = await settledLargestPaint(page, first);
    expect(await pictures.evaluateAll((imgs) => imgs.map((img) => img.getAttribute('src')))).toContain(
      largest.src,
    );
    expect(largest.top).toBeCloseTo(firstTop ?? Number.NaN, 0);
  });

  test("an area page's own picture is its largest paint; its products' pictures wait behind it", async ({
    page,
  }) => {
    await page.goto('/area/2/');
    const cards = page.getByTestId('product-list').getByRole('listitem').locator('img');
    await expect(cards.first()).toBeVisible();
    for (const card of await cards.all()) await expect(card).toHaveAttribute('fetchpriority', 'low');
    const own = page.locator('main img[fetchpriority="high"]');
    await expect(own).toHaveCount(1);
    const largest = await settledLargestPaint(page, own);
    expect(largest.src).toBe(await own.getAttribute('src'));
  });

  test("a product page's main picture is its largest paint; its thumbnails and the brand's logo wait behind it", async ({
    page,
    request,
  }) => {
    const shown = await openProductWithPictures(page, request);
    const main = page.getByRole('img', { name: shown.title, exact: true });
    await expect(main).toHaveAttribute('fetchpriority', 'high');
    await expect(page.locator('img[fetchpriority="high"]')).toHaveCount(1);
    const behind = page.getByRole('main').locator('img:not([fetchpriority="high"])');
    // A thumbnail per picture, and the brand's logo beside its name.
    await expect(behind).toHaveCount(shown.images.length + 1);
    for (const picture of await behind.all()) await expect(picture).toHaveAttribute('fetchpriority', 'low');
    const largest = await settledLargestPaint(page, main);
    expect(largest.src).toBe(await main.getAttribute('src'));
  });

  test("a phone's product thumbnails are the 256 px render, the size they are shown at", async ({
    page,
    request,
  }) => {
    const shown = await openProductWithPictures(page, request);
    const thumbnails = page.getByRole('button', { name: /^画像\d+を表示$/ }).locator('img');
    await expect(thumbnails).toHaveCount(shown.images.length);
    // A 390 px screen at more than 2x shows each at about 84 px: 256 device pixels are enough.
    expect(await page.evaluate(() => devicePixelRatio)).toBeGreaterThan(2);
    for (const thumbnail of await thumbnails.all()) {
      await thumbnail.scrollIntoViewIfNeeded();
      await expect
        .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.currentSrc))
        .toMatch(/width=256&height=256/);
    }
  });

  test('the legacy /area?id= and /area?id=&product= URLs land on the prerendered pages', async ({ page }) => {
    await page.goto('/area?id=2');
    // As Netlify does, the query string goes on to the destination.
    await expect(page).toHaveURL(/\/area\/2\/\?id=2$/);
    await expect(page.getByRole('heading', { level: 1, name: 'BASE B' })).toBeVisible();
  });

  test('Japanese headings break between phrases, never leaving one character alone', async ({ page }) => {
    await page.goto('/');
    const style = await page
      .getByRole('heading', { level: 1 })
      .first()
      .evaluate((heading) => {
        const computed = getComputedStyle(heading);
        return { wordBreak: computed.wordBreak, textWrap: computed.textWrapStyle || computed.textWrap };
      });
    expect(style).toEqual({ wordBreak: 'auto-phrase', textWrap: 'balance' });
  });

  test('an unknown path shows the 404 screen with the path', async ({ page }) => {
    const response = await page.goto('/no/such/ページ');
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle('ページが見つかりません | ギフトカタログ');
    await expect(page.getByText('ERROR', { exact: true })).toBeVisible();
    await expect(page.getByTestId('error-status')).toHaveText('404');
    await expect(page.getByRole('heading', { name: 'お探しのページは見つかりませんでした' })).toBeVisible();
    await expect(page.getByText('Page Not Found: /no/such/ページ')).toBeVisible();
    await page.getByRole('link', { name: 'ホームに戻る' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('pages whose only interactive part is the header ship at most 5 KB of JavaScript (gzip) to a returning visitor', async ({
    page,
  }) => {
    for (const path of PLAIN_PAGES) {
      const { gzip, loadedGzip } = await shippedJs(page, path);
      expect(loadedGzip, path).toBeLessThanOrEqual(PLAIN_PAGE_BUDGET);
      // The first-visit dialog's script is inline: a returning visitor loads what a first one does.
      expect(loadedGzip, path).toBe(gzip);
    }
  });

  test("a product description keeps its paragraphs' spacing and its list's bullets, from the site's stylesheet", async ({
    page,
    request,
  }) => {
    const products = await apiProducts(request);
    const listed = products.find((p) => p.descriptionHtml.includes('<ul>') && p.areas.length > 0);
    expect(listed, 'the seed has a product whose description holds a list').toBeDefined();
    if (!listed) return;
    const response = await page.goto(`/area/${listed.areas[0]}/products/${listed.id}/`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(listed.title);
    // Nothing inlined for the description: the build would hash it again for every page's policy.
    expect(await response?.text()).not.toContain('<style');
    const description = page.locator('.rich-text');
    await expect(description.locator('p').first()).toBeVisible();
    const style = (selector: string, property: string) =>
      description
        .locator(selector)
        .first()
        .evaluate((element, name) => getComputedStyle(element).getPropertyValue(name), property);
    expect(Number.parseFloat(await style('p', 'margin-top'))).toBeGreaterThan(0);
    expect(await style('ul', 'list-style-type')).toBe('disc');
    expect(Number.parseFloat(await style('ul', 'padding-inline-start'))).toBeGreaterThan(0);
    expect(await style('strong', 'font-weight')).toBe('700');
  });

  test('a product description carrying a script and an event handler renders without them', async ({
    page,
    request,
  }) => {
    const products = await apiProducts(request);
    const unsafe = products.find((p) => /<script|onerror=/i.test(p.descriptionHtml));
    expect(unsafe, 'the seed has a product with an unsafe description').toBeDefined();
    if (!unsafe) return;
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto(`/area/${unsafe.areas[0]}/products/${unsafe.id}/`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(unsafe.title);
    const description = page.locator('.rich-text');
    expect(await description.innerHTML()).not.toMatch(/<script|onerror|javascript:/i);
    expect(await description.locator('script').count()).toBe(0);
    expect(dialogs).toEqual([]);
  });
});

test.describe('accessibility', () => {
  for (const path of ['/', '/area/1/', '/no-such-page']) {
    test(`axe finds no violations on ${path}`, async ({ page }) => {
      await page.goto(path);
      await expectNoAxeViolations(page);
    });
  }

  test('axe finds no violations on a product page', async ({ page }) => {
    await page.goto('/area/1/');
    await page.getByTestId('product-list').getByRole('link').first().click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

/** Opens the page of the seed's first product with several pictures, in its first area; returns the product. */
async function openProductWithPictures(page: Page, request: APIRequestContext) {
  const products = await apiProducts(request);
  const shown = products.find((p) => p.images.length > 1 && p.areas.length > 0);
  if (!shown) throw new Error('the seed has no product with several pictures');
  await page.goto(`/area/${shown.areas[0]}/products/${shown.id}/`);
  return shown;
}

/**
 * The element Chromium names as the page's largest contentful paint once `lead`, the picture meant to be it,
 * has loaded and a picture has been named (asked for sooner, the answer may still be a heading: on a busy
 * runner a loaded picture's paint can be reported frames later): its `src` and its top in the viewport.
 */
async function settledLargestPaint(page: Page, lead: Locator): Promise<{ src: string; top: number }> {
  await expect
    .poll(() => lead.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  let largest = { src: '', top: Number.NaN };
  await expect
    .poll(
      async () => {
        largest = await page.evaluate(
          () =>
            new Promise<{ src: string; top: number }>((resolve) => {
              // Two frames: the pictures that have just loaded are painted, and their entries reported.
              requestAnimationFrame(() =>
                requestAnimationFrame(() => {
                  new PerformanceObserver((entries) => {
                    const last = entries.getEntries().at(-1) as
                      | (PerformanceEntry & { element?: Element })
                      | undefined;
                    resolve({
                      src: last?.element?.getAttribute('src') ?? '',
                      top: last?.element?.getBoundingClientRect().top ?? Number.NaN,
                    });
                  }).observe({ type: 'largest-contentful-paint', buffered: true });
                }),
              );
            }),
        );
        return largest.src;
      },
      { message: 'the largest paint is a picture' },
    )
    .not.toBe('');
  return largest;
}

/**
 * Browsing on an iPhone-sized WebKit: the home page to an area, its list loaded page by page as the shopper
 * scrolls to 「No more results!」, a product with its options by stock, the bag, a folded description, and
 * a favourite found again on /wishlist/. Seed facts as in tests/e2e/browse.spec.ts: BASE A (area 1) has 25
 * products; product 82 has one value, 15個入, sold out in every variant; product 5's description is long.
 */
import { describe, expect, test } from 'vitest';
import {
  arrive,
  attributeOf,
  type Browser,
  eventually,
  expectNoProblems,
  returningVisitorForTheFile,
  shownWithText,
  tap,
  textOf,
  visit,
} from './fixtures/browser.ts';
import {
  areaReady,
  listedCount,
  option,
  pickerState,
  productPath,
  productReady,
  scrollToEnd,
  scrollY,
  shownPrice,
} from './fixtures/catalogue.ts';

let browser: Browser;
returningVisitorForTheFile((opened) => {
  browser = opened;
});

describe('browsing in WebKit', () => {
  test('home → BASE A → scroll to "No more results!" → a product, its options by stock → the bag → Back', async () => {
    await visit(browser, '/');
    await tap(browser, browser.$('main').$('a=BASE A'));
    await arrive(browser, /^\/area\/1\/$/);
    await areaReady(browser);
    expect(await listedCount(browser)).toBe(10);
    expect(await shownWithText(browser, '25点の商品')).toBe(true);

    await scrollToEnd(browser);
    expect(await listedCount(browser)).toBe(25);

    const link = await browser.$('[data-testid="product-list"] a[href$="/products/82/"]');
    await browser.execute((element) => element.scrollIntoView({ block: 'center' }), link);
    const left = await scrollY(browser);
    expect(left).toBeGreaterThan(1000);
    await tap(browser, link);
    await arrive(browser, /^\/area\/1\/products\/82\/$/);
    await productReady(browser);
    expect(await textOf(browser, 'h1')).toBe('本練り羊羹 詰め合わせ');
    // The first choice is the cheapest variant in stock, on sale: its regular price struck through.
    expect(await shownPrice(browser)).toBe('¥4,104（税込）');
    expect(await textOf(browser, 'variant-picker s')).toBe('¥4,968');
    expect(await option(browser, '個数', '15個入').isEnabled()).toBe(false);
    expect(await option(browser, '個数', '10個入').isSelected()).toBe(true);

    await tap(browser, option(browser, '味', '抹茶'));
    await eventually(async () =>
      expect(await shownPrice(browser), await pickerState(browser)).toBe('¥4,536（税込）'),
    );
    expect(await browser.$('variant-picker s').isDisplayed()).toBe(false);
    expect(await textOf(browser, 'variant-picker [data-stock]')).toBe('店頭在庫 1点');

    await tap(browser, browser.$('button=バッグに入れる'));
    await eventually(async () =>
      expect(await textOf(browser, 'variant-picker [data-status]')).toMatch(/^バッグに入れました。/),
    );
    await eventually(async () =>
      expect(
        await browser.execute(() => document.querySelector('header a[href="/cart/"]')?.textContent),
      ).toMatch(/バッグ.*1点/),
    );

    // Back: the whole list again (from sessionStorage, or WebKit's back-forward cache), at the same place.
    await browser.back();
    await arrive(browser, /^\/area\/1\/$/);
    await eventually(async () => expect(await listedCount(browser)).toBe(25));
    expect(await shownWithText(browser, 'No more results!')).toBe(true);
    await eventually(async () => expect(await scrollY(browser)).toBe(left));
    await expectNoProblems(browser);
  });

  test('a long description folds behind 「続きを読む」 and opens', async () => {
    await visit(browser, await productPath(5));
    await eventually(async () =>
      expect(await browser.execute(() => Boolean(customElements.get('read-more')))).toBe(true),
    );
    // The description's own button (the welcome dialog, in every page's HTML, has a 閉じる of its own).
    const more = browser.$('button[aria-controls="description"]');
    expect(await more.getText()).toBe('続きを読む');
    expect(await more.getAttribute('aria-expanded')).toBe('false');
    const height = () => browser.execute(() => document.getElementById('description')?.clientHeight ?? 0);
    const folded = await height();
    await tap(browser, more);
    await eventually(async () => {
      expect(await more.getAttribute('aria-expanded')).toBe('true');
      expect(await more.getText()).toBe('閉じる');
    });
    expect(await height()).toBeGreaterThan(folded);
    await expectNoProblems(browser);
  });

  test('a favourite is kept and found on /wishlist/', async () => {
    await visit(browser, '/area/1/products/82/');
    await productReady(browser);
    const favorite = browser.$('favorite-button button');
    expect(await favorite.getAttribute('aria-pressed')).toBe('false');
    await tap(browser, favorite);
    await eventually(async () => expect(await favorite.getAttribute('aria-pressed')).toBe('true'));

    await tap(browser, browser.$('header').$('a[href="/wishlist/"]'));
    await arrive(browser, /^\/wishlist\/$/);
    await eventually(async () => expect(await textOf(browser, 'h1')).toBe('お気に入り'));
    // Asked again each time: a list read once, before the island has drawn it, stays empty.
    await eventually(async () => expect(await browser.$$('[data-testid="wishlist"] li').length).toBe(1));
    const item = browser.$('[data-testid="wishlist"] li');
    expect(await item.$('a=本練り羊羹 詰め合わせ').isDisplayed()).toBe(true);
    expect(await attributeOf(browser, '[data-testid="wishlist"] li a', 'href')).toBe('/area/1/products/82/');
    expect(await item.getText()).toContain('¥4,104（税込）〜');
    await expectNoProblems(browser);
  });
});

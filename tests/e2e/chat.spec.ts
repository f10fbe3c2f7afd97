import { aProductIn, brands, brandsIn, CHAT_LOCALES, expectNoJapanese } from './fixtures/chat.ts';
import { expectNoAxeViolations } from './fixtures/pages.ts';
import { expect, test } from './fixtures/test.ts';

/** The first words of the thread (the locale files' chat.greeting) and the brands button, per language. */
const CHAT_GREETINGS = {
  en: "Hello and welcome! I'm here to help you find the perfect gift.",
  zh: '您好，欢迎光临！我来帮您挑选礼品。',
  ko: '안녕하세요, 어서 오세요! 선물 고르기를 도와 드릴게요.',
} as const;
const CHAT_BROWSE_BRANDS = { en: 'Browse brands', zh: '浏览品牌', ko: '브랜드 둘러보기' } as const;

/** /chat: a conversation with the store in the visitor's language. */
for (const { locale, lang, htmlLang } of CHAT_LOCALES) {
  test.describe(`chat in ${locale}`, () => {
    test.use({ locale });

    test('greets in its language before its code has loaded, and the code takes over without a second greeting', async ({
      page,
    }) => {
      const greeting = CHAT_GREETINGS[lang];
      // Every module of the page held back: what shows is the page as built, in the language its inline
      // head script chose.
      const held: (() => Promise<void>)[] = [];
      let holding = true;
      await page.route(/\/_astro\/.*\.js$/, async (route) => {
        if (holding) held.push(() => route.continue());
        else await route.continue();
      });
      // Not until DOMContentLoaded: that waits for the held module scripts.
      await page.goto('/chat/', { waitUntil: 'commit' });
      const shop = page.locator('main [data-from="shop"]');
      await expect(shop.getByText(greeting, { exact: true })).toBeVisible();
      const before = await shop.first().boundingBox();
      holding = false;
      for (const release of held.splice(0)) await release();
      await expect(page.getByRole('log').getByText(greeting, { exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: CHAT_BROWSE_BRANDS[lang] })).toBeVisible();
      await expect(page.locator('main').getByText(greeting, { exact: true })).toHaveCount(1);
      // The code's greeting sits where the page's was: nothing moves.
      expect(await page.getByRole('log').locator('[data-from="shop"]').first().boundingBox()).toEqual(before);
    });

    test('greets, finds a product by its typed name, and keeps the thread over a reload and the back button', async ({
      page,
    }) => {
      const product = await aProductIn(page, lang);
      await page.goto('/chat/');
      await expect(page.locator('html')).toHaveAttribute('lang', htmlLang);
      const thread = page.getByRole('log');
      await expect(thread.locator('[data-from="shop"]').first()).toBeVisible();
      const word = product.title.split(/[\s,，、]+/).find((w) => w.length >= 2) ?? product.title;
      await page.getByRole('searchbox').fill(word);
      await page.getByRole('searchbox').press('Enter');
      await expect(thread.locator('[data-from="visitor"]').last()).toContainText(word);
      const card = thread.getByRole('link', { name: product.title, exact: true });
      await expect(card).toBeVisible();
      await expect(card).toHaveAttribute('href', `/chat/brands/${product.tenant.id}/?product=${product.id}`);
      await expectNoJapanese(
        page,
        lang,
        (await brands(page)).map((b) => b.name),
      );
      await expectNoAxeViolations(page);

      await page.reload();
      await expect(thread.getByRole('link', { name: product.title, exact: true })).toBeVisible();
      await page.goto('/chat/?brandId=3');
      await page.goBack();
      await expect(
        page.getByRole('log').getByRole('link', { name: product.title, exact: true }),
      ).toBeVisible();
    });

    test('browses brands with a quick reply, and sees the bag', async ({ page }) => {
      const names = (await brandsIn(page, lang)).map((b) => b.name);
      await page.goto('/chat/');
      const replies = page.getByRole('navigation').filter({ has: page.getByRole('button') });
      await replies.getByRole('button').first().click();
      const thread = page.getByRole('log');
      await expect(thread.getByRole('link', { name: names[0] ?? '' })).toBeVisible();
      await replies.getByRole('button').nth(1).click();
      await expect(thread.locator('[data-from="shop"]').last()).not.toBeEmpty();
      await expectNoJapanese(page, lang, names);
      await expectNoAxeViolations(page);
    });

    test('opens on the brand a brand page carried, and says politely when it is unknown', async ({
      page,
    }) => {
      const all = await brandsIn(page, lang);
      const brand = all.find((b) => b.id === 3);
      await page.goto('/chat/?brandId=3');
      const thread = page.getByRole('log');
      await expect(thread.getByRole('link', { name: new RegExp(brand?.name ?? '') })).toHaveAttribute(
        'href',
        '/chat/brands/3/',
      );
      await expect(page).toHaveURL(/\/chat\/$/);
      await page.evaluate(() => sessionStorage.clear());
      await page.goto('/chat/?brandId=999');
      await expect(thread.getByRole('link', { name: all[0]?.name ?? '' })).toBeVisible();
      await expectNoJapanese(
        page,
        lang,
        all.map((b) => b.name),
      );
    });
  });
}

test.describe('chat on a 320 px screen', () => {
  test.use({ locale: 'en-US', viewport: { width: 320, height: 640 } });

  test('fits without sideways scrolling and works from the keyboard', async ({ page }) => {
    await page.goto('/chat/');
    await expect(page.getByText('Hello and welcome!', { exact: false })).toBeVisible();
    await page.getByRole('searchbox').focus();
    await page.keyboard.type('zzzz-no-such-gift');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('log')).toContainText('Sorry, nothing matches “zzzz-no-such-gift”');
    await page.getByRole('button', { name: 'Browse brands' }).last().focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('log').getByText('Here are our brands.', { exact: false })).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(320);
  });

  // Chromium's switch for JavaScript leaves the parser's scripting flag on, so <noscript> is not rendered
  // there: the test reads the page as a browser without JavaScript gets it.
  test('says in English that it needs JavaScript, with a link to the Japanese site, when it is off', async ({
    page,
  }) => {
    const html = await (await page.request.get('/chat/')).text();
    expect(html).toMatch(
      /<noscript>.*<span data-l="en" lang="en">This page needs JavaScript\.<\/span>.*<a href="\/" lang="ja"[^>]*>日本語<\/a>.*<\/noscript>/s,
    );
    expect(html).toMatch(/<html lang="en"[^>]* data-chat-language="en"/);
  });
});

test.describe('chat when its answers cannot be had', () => {
  test.use({ locale: 'en-US' });

  test('says so when the brand list cannot be had, and brings it on "Try again"', async ({ page }) => {
    const names = (await brandsIn(page, 'en')).map((b) => b.name);
    await page.route('**/chat/search/en.json', (route) => route.abort('internetdisconnected'), { times: 1 });
    await page.goto('/chat/');
    await page.getByRole('button', { name: 'Browse brands' }).first().click();
    const thread = page.getByRole('log');
    await expect(thread.locator('[data-from="shop"]').last()).toContainText(
      "We can't reach the shop right now. Please check your connection and try again.",
    );
    await thread.getByRole('button', { name: 'Try again' }).click();
    await expect(thread.getByRole('link', { name: names[0] ?? '' })).toBeVisible();
    await expect(thread.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  });
});

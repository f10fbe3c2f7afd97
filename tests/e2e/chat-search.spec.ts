import type { Locator, Page } from '@playwright/test';
import { brands, brandsIn, expectNoJapanese } from './fixtures/chat.ts';
import { expect, test } from './fixtures/test.ts';

/** Chat's type-to-find across languages, on a 390 px phone (the `phone` project). */

/** Sends a query and gives the shop's reply (the last shop bubble once the visitor's message is in). */
async function send(page: Page, query: string) {
  const visitor = page.getByRole('log').locator('[data-from="visitor"]');
  const before = await visitor.count();
  await page.getByRole('searchbox').fill(query);
  await page.getByRole('searchbox').press('Enter');
  await expect(visitor).toHaveCount(before + 1);
  return page.getByRole('log').locator('[data-from="shop"]').last();
}

async function ask(page: Page, query: string) {
  const reply = await send(page, query);
  await expect(reply.getByRole('link').first()).toBeVisible();
  return reply;
}

/** Fails unless the reply's start is on screen between the sticky header and the sticky search box. */
async function expectInView(page: Page, reply: Locator) {
  const box = page.locator('form').filter({ has: page.getByRole('searchbox') });
  await expect(async () => {
    const replyRect = await reply.boundingBox();
    const boxRect = await box.boundingBox();
    const headerRect = await page.locator('header').first().boundingBox();
    if (!replyRect || !boxRect || !headerRect) throw new Error('no reply, search box or header');
    expect(replyRect.y, 'the reply starts below the header').toBeGreaterThanOrEqual(
      headerRect.y + headerRect.height - 1,
    );
    const visibleEnd = Math.min(replyRect.y + replyRect.height, replyRect.y + 40);
    expect(visibleEnd, 'the reply starts above the search box').toBeLessThanOrEqual(boxRect.y + 1);
  }).toPass();
}

/** Every name a brand is shown under: Japanese where the API has no other (proper names, not page text). */
async function brandNames(page: Page, lang: string) {
  return [...(await brands(page)), ...(await brandsIn(page, lang))].map((b) => b.name);
}

test.describe('chat search in Korean', () => {
  test.use({ locale: 'ko-KR' });

  test('finds a brand by its Korean name, and names it in Korean', async ({ page }) => {
    const lumiere = (await brandsIn(page, 'ko')).find((b) => b.id === 2);
    expect(lumiere?.name).toMatch(/루미에르/);
    await page.goto('/chat/');
    const reply = await ask(page, '루미에르');
    await expect(reply.getByRole('link', { name: lumiere?.name ?? '' })).toHaveAttribute(
      'href',
      '/chat/brands/2/',
    );
    await expectNoJapanese(page, 'ko', await brandNames(page, 'ko'));
  });

  test('answers in view above the search box, a search that finds nothing too, however long the thread', async ({
    page,
  }) => {
    await page.goto('/chat/');
    for (const query of ['루미에르', '말차', '커피']) await ask(page, query);
    expect(await page.evaluate(() => document.documentElement.scrollHeight > 2 * innerHeight)).toBe(true);
    const nothing = await send(page, '없는상품이름');
    await expect(nothing).toContainText('없는상품이름');
    await expect(nothing.getByRole('button')).toBeVisible();
    await expectInView(page, nothing);
    const found = await ask(page, '루미에르');
    await expectInView(page, found);
  });

  test('finds a name as people spell it (츠 for ツ, 타올) and goods by their everyday word', async ({
    page,
  }) => {
    const named = await brandsIn(page, 'ko');
    await page.goto('/chat/');
    const kougetsudo = named.find((b) => b.id === 1)?.name ?? '';
    await expect((await ask(page, '고게츠도')).getByRole('link', { name: kougetsudo })).toHaveAttribute(
      'href',
      '/chat/brands/1/',
    );
    const tsukiakari = named.find((b) => b.id === 8)?.name ?? '';
    await expect((await ask(page, '츠키아카리')).getByRole('link', { name: tsukiakari })).toHaveAttribute(
      'href',
      '/chat/brands/8/',
    );
    const towels = (await ask(page, '수건')).locator('article h3');
    await expect(towels.first()).toContainText('타월');
    await expect((await ask(page, '타올')).locator('article h3').first()).toContainText('타월');
    const teas = await (await ask(page, '녹차')).locator('article h3').allInnerTexts();
    expect(
      teas.some((title) => /말차|센차|교쿠로/.test(title)),
      teas.join(),
    ).toBe(true);
    expect(
      teas.some((title) => /홍차/.test(title)),
      'black tea is not green tea',
    ).toBe(false);
    const sake = await (await ask(page, '사케')).locator('article h3').allInnerTexts();
    expect(
      sake.some((title) => /준마이/.test(title)),
      sake.join(),
    ).toBe(true);
  });
});

test.describe('chat search in English', () => {
  test.use({ locale: 'en-US' });

  test('finds a brand by its romanised name, says how many matched and shows them all on request', async ({
    page,
  }) => {
    const kougetsudo = (await brandsIn(page, 'en')).find((b) => b.id === 1);
    await page.goto('/chat/');
    const reply = await ask(page, 'Kougetsudo');
    await expect(reply.getByRole('link', { name: kougetsudo?.name ?? '' })).toHaveAttribute(
      'href',
      '/chat/brands/1/',
    );
    const all = reply.getByRole('button', { name: /^Show all \d+$/ });
    const count = Number((await all.textContent())?.match(/\d+/)?.[0]);
    await expect(reply).toContainText(`I found ${count} matches for “Kougetsudo”`);
    const shown = await reply.getByRole('link').count();
    expect(shown).toBeLessThan(count);
    await all.click();
    await expect(reply.getByRole('link')).toHaveCount(count);
    await expect(all).toBeHidden();
    await expectNoJapanese(page, 'en', await brandNames(page, 'en'));
  });

  test('finds green tea by its everyday name', async ({ page }) => {
    await page.goto('/chat/');
    const teas = await (await ask(page, 'green tea')).locator('article h3').allInnerTexts();
    expect(
      teas.some((title) => /Sencha|Matcha|Gyokuro/.test(title)),
      teas.join(),
    ).toBe(true);
    expect(
      teas.some((title) => /Black Tea/.test(title)),
      'black tea is not green tea',
    ).toBe(false);
  });

  test('finds a brand by its name without accents', async ({ page }) => {
    await page.goto('/chat/');
    const reply = await ask(page, 'Lumiere');
    await expect(reply.getByRole('link', { name: /Lumière/ }).first()).toHaveAttribute(
      'href',
      '/chat/brands/2/',
    );
  });

  test('tells apart products with the same title', async ({ page }) => {
    await page.goto('/chat/');
    const reply = await ask(page, 'room fragrance wooden box');
    const cards = reply.locator('article');
    await expect(cards.first()).toBeVisible();
    const texts = await cards.allInnerTexts();
    const titles = await cards.locator('h3').allInnerTexts();
    expect(new Set(titles).size, 'the query finds products of one title').toBe(1);
    expect(texts.length).toBeGreaterThan(1);
    expect(new Set(texts).size, 'each card shows what tells it apart').toBe(texts.length);
  });

  test('keeps results from showing through around the sticky search box while scrolled', async ({ page }) => {
    await page.goto('/chat/');
    await ask(page, 'tea');
    await ask(page, 'coffee');
    const box = page.locator('form').filter({ has: page.getByRole('searchbox') });
    const footer = page.locator('footer');
    const boxRect = await box.boundingBox();
    const footerRect = await footer.boundingBox();
    if (!boxRect || !footerRect) throw new Error('no search box or footer');
    // The thread is longer than the screen: results scroll behind the box.
    expect(await page.evaluate(() => document.documentElement.scrollHeight > innerHeight)).toBe(true);
    const background = await box.evaluate((form) => getComputedStyle(form).backgroundColor);
    expect(background).toBe('rgb(255, 255, 255)');
    // Between the box and the footer and across the box's width, nothing of the thread is on top.
    const fromY = Math.floor(boxRect.y + 1);
    const toY = Math.ceil(footerRect.y + 1);
    const through = await page.evaluate(
      ({ fromY, toY, left, right }) => {
        const hits: string[] = [];
        for (let y = fromY; y <= toY; y += 2) {
          for (let x = left + 2; x < right - 2; x += 16) {
            const element = document.elementFromPoint(x, y);
            if (element?.closest('[role="log"]'))
              hits.push(`${x},${y}: ${element.textContent?.slice(0, 30)}`);
          }
        }
        return hits;
      },
      { fromY, toY, left: boxRect.x, right: boxRect.x + boxRect.width },
    );
    expect(through).toEqual([]);
  });
});

test.describe('chat search in Chinese', () => {
  test.use({ locale: 'zh-CN' });

  test('finds coffee by its English word', async ({ page }) => {
    const roaster = (await brandsIn(page, 'zh')).find((b) => b.id === 8);
    await page.goto('/chat/');
    const reply = await ask(page, 'coffee');
    await expect(reply.getByRole('link', { name: roaster?.name ?? '' })).toHaveAttribute(
      'href',
      '/chat/brands/8/',
    );
    const products = reply.locator('article');
    await expect(products.first()).toBeVisible();
    for (const brand of await reply.locator('article > p:first-of-type').allInnerTexts()) {
      expect(brand).toBe(roaster?.name);
    }
    await expect(reply.getByRole('link', { name: /咖啡/ }).first()).toBeVisible();
    await expectNoJapanese(page, 'zh', await brandNames(page, 'zh'));
  });

  test('finds names typed in traditional characters, and green tea as 綠茶', async ({ page }) => {
    const suien = (await brandsIn(page, 'zh')).find((b) => b.id === 3);
    await page.goto('/chat/');
    await expect((await ask(page, '翠園')).getByRole('link', { name: suien?.name ?? '' })).toHaveAttribute(
      'href',
      '/chat/brands/3/',
    );
    const teas = await (await ask(page, '綠茶')).locator('article h3').allInnerTexts();
    expect(
      teas.some((title) => /抹茶|煎茶|玉露/.test(title)),
      teas.join(),
    ).toBe(true);
  });
});

import type { Page } from '@playwright/test';
import { brands, brandsIn, expectNoJapanese } from './fixtures/chat.ts';
import { expect, test } from './fixtures/test.ts';

/** Chat's type-to-find across languages, on a 390 px phone (the `phone` project). */

async function ask(page: Page, query: string) {
  await page.getByRole('searchbox').fill(query);
  await page.getByRole('searchbox').press('Enter');
  const reply = page.getByRole('log').locator('[data-from="shop"]').last();
  await expect(reply.getByRole('link').first()).toBeVisible();
  return reply;
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
});

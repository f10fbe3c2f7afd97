/**
 * Publishing, end to end on sites of their own (tests/e2e/fixtures/publish.ts): an editor's change reaches a
 * page left open; a build that fails keeps the old site online and the editor page says why; the schedule
 * builds on a changed catalogue only. One spec at a time: two Astro builds of one checkout must not overlap.
 */
import { expectNoAxeViolations } from './fixtures/pages.ts';
import {
  breakProducts,
  editTitle,
  openEditor,
  type PublishingSite,
  productPath,
  startPublishingSite,
} from './fixtures/publish.ts';
import { expect, test } from './fixtures/test.ts';

test.describe.configure({ mode: 'serial' });

/**
 * The shared e2e site's ports; this spec's own sites sit at +7 and +8 beside them (+6 is the error-report
 * receiver of the telemetry spec), so that runs on other ports never collide.
 */
const SHARED_PORT = Number(process.env.E2E_PORT ?? 4390);
const SHARED_API_PORT = Number(process.env.E2E_API_PORT ?? 8790);

/** A real build of the demo catalogue, checked and swapped in. */
const BUILD_TIMEOUT = 150_000;

test.describe('publishing from the editor page', () => {
  let site: PublishingSite;

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    site = await startPublishingSite(
      Number(process.env.E2E_PUBLISH_PORT ?? SHARED_PORT + 7),
      Number(process.env.E2E_PUBLISH_API_PORT ?? SHARED_API_PORT + 17),
      { schedule: 'off', ownBuild: true },
    );
  });

  test.afterAll(async () => {
    await site?.stop();
  });

  test('is for signed-in staff only, accessible, and fits a 320 px screen', async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto(`${site.url}/editor/`);
    await expect(page.getByRole('button', { name: '今すぐ公開' })).toHaveCount(0);
    await expectNoAxeViolations(page);
    await openEditor(page, site);
    // The site's own first build is the first in the list.
    await expect(page.getByRole('status')).toContainText('公開しました');
    await expect(page.getByRole('listitem')).toHaveCount(1);
    await expect(page.getByRole('listitem')).toContainText('起動時のビルド');
    await expect(page.getByText('定期ビルドは止めてあります（PUBLISH_SCHEDULE=off）。')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await expectNoAxeViolations(page);
  });

  test("a title edited through the API reaches an open product page's next navigation", async ({
    page,
    context,
  }) => {
    test.setTimeout(BUILD_TIMEOUT + 60_000);
    const path = await productPath(site, 1);
    await page.goto(`${site.url}${path}`);
    const before = await page.getByRole('heading', { level: 1 }).textContent();
    const version = await page.locator('html').getAttribute('data-code-version');

    const editor = await context.newPage();
    await openEditor(editor, site);
    const title = '公開テスト 涼やか水ようかん詰め合わせ';
    await editTitle(editor, site, 1, title);
    const pressesBefore = await editor
      .getByRole('listitem')
      .filter({ hasText: '今すぐ公開（staff）' })
      .count();
    await editor.getByRole('button', { name: '今すぐ公開' }).click();
    const status = editor.getByRole('status');
    await expect(status).toContainText('ビルド中です。');
    // The button shows the running build, and says what a press during it does.
    const running = editor.getByRole('button', { name: 'ビルド中…' });
    await expect(running).toBeVisible();
    await expect(running).toHaveAccessibleDescription(/同じビルドを重ねて頼むことはありません/);
    // The catalogue has not changed since the build began: a second press queues nothing.
    await running.click();
    await expect(status).toContainText('ビルド中です。');
    await expect(status).not.toContainText('もう一度ビルドします');
    // Real stages, counted: the catalogue's products, then the pages (after Astro has started: 準備中), a
    // rebuild's unchanged pages named beside them.
    await expect(editor.locator('#progress-text')).toHaveText(
      /^(カタログの読み込み [\d,]+ \/ [\d,]+ 件|ページの作成 [\d,]+ \/ [\d,]+ ページ(、変更のない[\d,]+ページは前回のビルドから)?|検査中|公開中)（/,
      { timeout: BUILD_TIMEOUT },
    );
    // Until the new build is checked and swapped in, visitors get the old site.
    expect(await (await page.request.get(`${site.url}${path}`)).text()).toContain(before ?? '');
    await expect(status).toContainText('公開しました', { timeout: BUILD_TIMEOUT });
    await expect(editor.getByRole('button', { name: '今すぐ公開' })).toBeVisible();
    await expect(editor.getByRole('listitem').filter({ hasText: '今すぐ公開（staff）' })).toHaveCount(
      pressesBefore + 1,
    );
    const latest = editor.getByRole('listitem').first();
    await expect(latest).toContainText('公開済み');
    await expect(latest).toContainText('今すぐ公開（staff）');
    await expect(latest).toContainText(/所要時間\d+秒/);
    await expect(latest).toContainText(/ページ数\d{3}ページ/);

    // The page left open: its next navigation shows the new title, from the new build.
    await page.getByRole('navigation', { name: 'パンくずリスト' }).getByRole('link').last().click();
    await page.getByRole('link', { name: title }).first().click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    // The catalogue changed, not the code: the page carries the same code version (no open page reloads).
    expect(await page.locator('html').getAttribute('data-code-version')).toBe(version);
  });

  test('a rebuild the API fails keeps the old site online, and the editor page says why', async ({
    page,
  }) => {
    test.setTimeout(BUILD_TIMEOUT + 60_000);
    const path = await productPath(site, 1);
    const live = await (await page.request.get(`${site.url}/_build/latest.json`)).json();
    const published = await (await page.request.get(`${site.url}${path}`)).text();

    await openEditor(page, site);
    await editTitle(page, site, 1, '公開されないはずの題名');
    await breakProducts(site, 503);
    try {
      await page.getByRole('button', { name: '今すぐ公開' }).click();
      const status = page.getByRole('status');
      await expect(status).toContainText('公開できませんでした', { timeout: BUILD_TIMEOUT });
      await expect(status).toContainText('いまのサイトをそのまま表示しています。');
      await expect(status).toContainText(/理由: .*\/catalog\/products.*503/);
      const failed = page.getByRole('listitem').first();
      await expect(failed).toContainText('失敗（ビルドできませんでした）');
      await expect(failed).toContainText(/理由.*503/);
    } finally {
      await breakProducts(site);
    }
    // Still the last good build, page for page.
    expect(await (await page.request.get(`${site.url}/_build/latest.json`)).json()).toEqual(live);
    await page.goto(`${site.url}${path}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('公開テスト 涼やか水ようかん詰め合わせ');
    expect(await (await page.request.get(`${site.url}${path}`)).text()).toBe(published);
  });
});

test.describe('the rebuild schedule', () => {
  let site: PublishingSite;

  test.beforeAll(async () => {
    site = await startPublishingSite(
      Number(process.env.E2E_SCHEDULE_PORT ?? SHARED_PORT + 8),
      Number(process.env.E2E_SCHEDULE_API_PORT ?? SHARED_API_PORT + 18),
      // The shared build: no catalogue page is opened before the schedule has built this site's own.
      { schedule: '*/2 * * * * *', ownBuild: false },
    );
  });

  test.afterAll(async () => {
    await site?.stop();
  });

  test('builds when the catalogue changed, and only then', async ({ page }) => {
    test.setTimeout(BUILD_TIMEOUT + 60_000);
    await openEditor(page, site);
    await expect(page.getByText('定期ビルド: 2秒ごと（日本時間）')).toBeVisible();
    const live = await (await page.request.get(`${site.url}/_build/latest.json`)).json();
    // Several ticks on an unchanged catalogue: nothing is built.
    await page.waitForTimeout(5000);
    expect(await (await page.request.get(`${site.url}/_build/latest.json`)).json()).toEqual(live);

    await editTitle(page, site, 3, '定期ビルドで届く題名');
    await expect(async () => {
      const now = await (await page.request.get(`${site.url}/_build/latest.json`)).json();
      expect(now.buildId).not.toBe(live.buildId);
    }).toPass({ timeout: BUILD_TIMEOUT, intervals: [1000] });
    await page.goto(`${site.url}${await productPath(site, 3)}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('定期ビルドで届く題名');

    await page.goto(`${site.url}/editor/`);
    const builds = page.getByRole('listitem');
    await expect(builds).toHaveCount(1);
    await expect(builds.first()).toContainText(/定期ビルド（catalogue changed: \d+ → \d+）/);
    // The catalogue is current again: the next ticks build nothing more.
    await page.waitForTimeout(5000);
    await page.reload();
    await expect(builds).toHaveCount(1);
  });
});

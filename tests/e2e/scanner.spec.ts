import type { Browser, Page } from '@playwright/test';
import { layoutShift } from './fixtures/browse.ts';
import { cameraBrowser, qrVideo, recordTracks, trackStates } from './fixtures/camera.ts';
import { expectNoAxeViolations } from './fixtures/pages.ts';
import { expect, test } from './fixtures/test.ts';

/**
 * The camera scanner in Chromium with a fake camera filming a QR code made here. The web catalogue opens
 * it from the footer; chat mode's entry comes with chat mode (its rule is unit-tested in the feature).
 */
let browser: Browser | undefined;
let cameraCspViolations: string[] = [];
test.afterEach(async () => {
  await browser?.close();
  browser = undefined;
  // The camera's own browser is not the fixture's: its pages are held to the same policy here.
  expect(cameraCspViolations, 'content security policy violations').toEqual([]);
  cameraCspViolations = [];
});

/** A page of a browser whose camera films `code` (or Chromium's test pattern). */
async function withCamera(baseURL: string | undefined, options: { code?: string; grant?: boolean } = {}) {
  const video = options.code === undefined ? undefined : await qrVideo(options.code);
  const launched = await cameraBrowser(baseURL ?? '', {
    ...(video ? { video } : {}),
    grant: options.grant ?? true,
  });
  browser = launched.browser;
  cameraCspViolations = launched.cspViolations;
  const page = await launched.context.newPage();
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return { page, dialogs };
}

/** Opens the scanner from the home page's footer. */
async function openScanner(page: Page) {
  await page.goto('/');
  const scan = page.getByRole('contentinfo').getByRole('link', { name: '商品タグを読み取る' });
  await expect(scan).toHaveAttribute('data-track', 'scan');
  await scan.click();
  await expect(page).toHaveURL(/\/scan\/$/);
  await expect(page.getByRole('heading', { name: '商品タグを読み取る' })).toBeVisible();
}

test.describe('the camera scanner', () => {
  test('opens the product of a product tag’s QR code in the web catalogue', async ({ baseURL }) => {
    const { page } = await withCamera(baseURL, { code: `${baseURL}/area/1/products/2/` });
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(new URL(worker.url()).pathname));
    await openScanner(page);
    await expect(page).toHaveURL(/\/area\/1\/products\/2\/$/, { timeout: 15_000 });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Chromium on Linux has no BarcodeDetector: the code was read by zxing's QR reader in its worker.
    expect(workers).toEqual([expect.stringMatching(/^\/_astro\/zxing-qr-worker-[\w-]+\.js$/)]);
  });

  test('chat scan opens the product in chat mode, in the visitor’s language', async ({ baseURL }) => {
    const { page } = await withCamera(baseURL, { code: `${baseURL}/area/1/products/2/` });
    await page.goto('/chat/');
    const scan = page.locator('footer [data-track="chat scan"]');
    await expect(scan).toHaveAttribute('href', '/chat/scan/');
    await scan.click();
    await expect(page).toHaveURL(/\/chat\/scan\/$/);
    // A Japanese browser opening chat on its own gets English, the chat's fallback.
    await expect(page.getByRole('heading', { name: 'Scan a product tag' })).toBeVisible();
    await expect(page).toHaveURL(/\/chat\/brands\/\d+\/\?product=2(&|$)/, { timeout: 15_000 });
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test('opens the legacy product URL on the canonical page', async ({ baseURL }) => {
    const { page } = await withCamera(baseURL, { code: `${baseURL}/area?id=1&product=2` });
    await page.goto('/scan/');
    await expect(page).toHaveURL(/\/area\/1\/products\/2\/$/, { timeout: 15_000 });
  });

  const refusals = [
    {
      what: 'a QR code of another origin',
      code: 'https://evil.example.com/area/1/products/2/',
      message: '読み取ったのは別のサイト（evil.example.com）のアドレスです。',
    },
    {
      what: 'a javascript: QR code',
      code: 'javascript:alert(1)',
      message: '読み取ったのはウェブページのアドレスではありません。',
    },
    {
      what: 'a QR code of plain text',
      code: '<b>ただのテキスト</b>',
      message: '読み取ったのはアドレスではない文字です（「<b>ただのテキスト</b>」）。',
    },
    {
      what: 'a product that no longer exists',
      code: '/area/1/products/999999/',
      message: '読み取った商品は現在お取り扱いしておりません。',
    },
  ];
  for (const refusal of refusals) {
    test(`refuses ${refusal.what} with a message and no navigation`, async ({ baseURL }) => {
      const code = refusal.code.startsWith('/') ? `${baseURL}${refusal.code}` : refusal.code;
      const { page, dialogs } = await withCamera(baseURL, { code });
      const navigations: string[] = [];
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) navigations.push(frame.url());
      });
      await page.goto('/scan/');
      const alert = page.getByRole('alert');
      await expect(alert).toContainText('このコードは開けません', { timeout: 15_000 });
      await expect(alert).toContainText(refusal.message);
      // What was scanned is text, never markup.
      await expect(page.locator('b')).toHaveCount(0);
      const outline = page.locator('[data-scanner-outline] polygon');
      await expect(outline).toBeVisible();
      // The outline pulses, unless the shopper asked for less motion.
      const animation = () => outline.evaluate((polygon) => getComputedStyle(polygon).animationName);
      expect(await animation()).toBe('pulse');
      await page.emulateMedia({ reducedMotion: 'reduce' });
      expect(await animation()).toBe('none');
      await page.waitForTimeout(500);
      expect(navigations).toEqual([`${baseURL}/scan/`]);
      expect(dialogs).toEqual([]);
      // Time from opening the page to the first decode attempt (for docs/performance.md).
      const firstRead = await page.evaluate(
        () => performance.getEntriesByName('scanner:first-read')[0]?.startTime,
      );
      test
        .info()
        .annotations.push({ type: 'open → first decode attempt (ms)', description: String(firstRead) });
      // Scanning again reads the same code again and refuses it again.
      await alert.getByRole('button', { name: 'もう一度読み取る' }).click();
      await expect(page.getByRole('alert')).toContainText(refusal.message, { timeout: 15_000 });
    });
  }

  test('says so when the camera is not allowed', async ({ baseURL }) => {
    const { page } = await withCamera(baseURL, { grant: false });
    await page.goto('/scan/');
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('カメラの使用が許可されていません。');
    await expect(alert.getByRole('button', { name: 'もう一度試す' })).toBeVisible();
    await expect(alert.getByRole('link', { name: '商品一覧から探す' })).toHaveAttribute('href', '/area/');
    await expectNoAxeViolations(page);
  });

  test('says so when the browser has no camera stream API', async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'mediaDevices', { get: () => undefined });
    });
    await page.goto('/scan/');
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('このブラウザはカメラの映像に対応していません。');
    // Retrying cannot help here: the way forward is the product list (or closing).
    await expect(alert.getByRole('button')).toHaveCount(0);
    await expect(alert.getByRole('link', { name: '商品一覧から探す' })).toBeVisible();
  });

  test('says so when the decoder cannot be loaded, and stops the camera', async ({ baseURL }) => {
    const { page } = await withCamera(baseURL);
    await recordTracks(page);
    await page.route(/\/_astro\/zxing-qr-worker-[\w-]+\.js$/, (route) => route.abort());
    await page.goto('/scan/');
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('コードを読み取る機能を利用できませんでした。', { timeout: 15_000 });
    await expect(page.locator('[data-scanner-state]')).toHaveAttribute('data-scanner-state', 'failed');
    expect(await trackStates(page)).toEqual(['ended']);
    await expect(alert.getByRole('button', { name: 'もう一度試す' })).toBeVisible();
  });

  test('gives up on a stream that never starts after 6 seconds', async ({ baseURL }) => {
    const { page } = await withCamera(baseURL);
    // A stream with no frame at all: the video never loads its first frame. Both moments are taken by the
    // page's own clock (when the camera is asked for, when the alert appears), so a busy test runner cannot
    // shift one against the other.
    await page.addInitScript(() => {
      const times = window as unknown as { cameraAskedAt?: number; alertAt?: number };
      navigator.mediaDevices.getUserMedia = async () => {
        times.cameraAskedAt ??= performance.now();
        return new MediaStream();
      };
      new MutationObserver(() => {
        if (times.alertAt === undefined && document.querySelector('[role="alert"]'))
          times.alertAt = performance.now();
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    await page.goto('/scan/');
    await expect(page.getByRole('status')).toHaveText('カメラを起動しています…');
    await expect(page.getByRole('alert')).toContainText('カメラの映像が6秒以内に始まりませんでした。', {
      timeout: 15_000,
    });
    const waited = await page.evaluate(() => {
      const times = window as unknown as { cameraAskedAt?: number; alertAt?: number };
      return (times.alertAt ?? 0) - (times.cameraAskedAt ?? Number.POSITIVE_INFINITY);
    });
    // No alert before the camera had its 6 seconds (less a little for timer slack), nor long after.
    expect(waited).toBeGreaterThanOrEqual(5_500);
    expect(waited).toBeLessThan(10_000);
    await expect(page.locator('[data-scanner-state]')).toHaveAttribute('data-scanner-state', 'failed');
  });

  test('closing the scanner stops every camera track and goes back', async ({ baseURL }) => {
    const { page } = await withCamera(baseURL);
    await recordTracks(page);
    // Write down the tracks' states when the page is left: this listener is added before the scanner's
    // own, so only a close that stopped the tracks itself reads `ended`.
    await page.addInitScript(() => {
      window.addEventListener('pagehide', () => {
        const tracks = (window as unknown as { cameraTracks: MediaStreamTrack[] }).cameraTracks;
        if (location.pathname === '/scan/') {
          sessionStorage.setItem(
            'tracks-at-pagehide',
            JSON.stringify(tracks.map((track) => track.readyState)),
          );
        }
      });
    });
    await openScanner(page);
    await expect.poll(() => trackStates(page)).toEqual(['live']);
    await expect(page.getByRole('status')).toHaveText('商品タグのQRコードを枠の中に写してください。');
    await page.getByRole('link', { name: '閉じる' }).click();
    await expect(page).toHaveURL(`${baseURL}/`);
    expect(await page.evaluate(() => sessionStorage.getItem('tracks-at-pagehide'))).toBe('["ended"]');
  });

  test('pausing or hiding the tab stops every track and keeps the last frame', async ({ baseURL }) => {
    // The fake camera starts three times, with an accessibility scan between: 20 s on an idle 2-vCPU
    // runner, 30 s with the other worker busy.
    test.slow();
    const { page } = await withCamera(baseURL);
    await recordTracks(page);
    await page.goto('/scan/');
    const states = () => trackStates(page);
    await expect(page.getByRole('status')).toHaveText('商品タグのQRコードを枠の中に写してください。');
    // A frame has to be on screen for there to be one to keep (on a loaded machine the first one can lag).
    await expect
      .poll(() =>
        page.evaluate(() => {
          const video = document.querySelector('video');
          return video !== null && video.readyState >= 2 && video.videoWidth > 0;
        }),
      )
      .toBe(true);
    await page.getByRole('button', { name: '一時停止' }).click();
    await expect(page.getByRole('status')).toHaveText('一時停止中です。');
    expect(await states()).toEqual(['ended']);
    await expectNoAxeViolations(page);
    await expect(page.locator('[data-scanner-frozen]')).toHaveAttribute('data-scanner-frozen', 'true');
    await page.getByRole('button', { name: '再開' }).click();
    await expect.poll(states).toEqual(['ended', 'live']);

    // The tab goes to the background and comes back.
    const setVisibility = (visibility: 'hidden' | 'visible') =>
      page.evaluate((value) => {
        Object.defineProperty(document, 'visibilityState', { value, configurable: true });
        document.dispatchEvent(new Event('visibilitychange'));
      }, visibility);
    await expect(page.getByRole('status')).toHaveText('商品タグのQRコードを枠の中に写してください。');
    await setVisibility('hidden');
    expect(await states()).toEqual(['ended', 'ended']);
    await setVisibility('visible');
    await expect.poll(states).toEqual(['ended', 'ended', 'live']);
  });
});

/**
 * The scanner's screen is built: its bar, the camera's space with the frame, and the panel with the
 * instructions are the page's first paint, in the final layout. The island fills in the camera or a message,
 * which appears in the panel's reserved space and moves nothing.
 */
const SCANNER_PAGES = [
  {
    path: '/scan/',
    locale: 'ja-JP',
    title: '商品タグを読み取る',
    instructions: '商品タグのQRコードを読み取ると、その商品のページが開きます。',
    close: '閉じる',
    closeHref: '/',
    noCamera: 'カメラが見つかりませんでした。',
  },
  {
    path: '/chat/scan/',
    locale: 'en-US',
    title: 'Scan a product tag',
    instructions: 'Scan the QR code on a product tag, and its page opens as soon as the code is read.',
    close: 'Close',
    closeHref: '/chat/',
    noCamera: 'No camera was found.',
  },
] as const;

for (const screen of SCANNER_PAGES) {
  test.describe(`${screen.path} as built`, () => {
    test.use({ locale: screen.locale });

    test.describe('without JavaScript', () => {
      test.use({ javaScriptEnabled: false });

      test('shows its instructions and the frame', async ({ page }) => {
        await page.goto(screen.path);
        await expect(page.getByRole('heading', { level: 1, name: screen.title })).toBeVisible();
        await expect(page.getByText(screen.instructions, { exact: true })).toBeVisible();
        await expect(page.getByRole('link', { name: screen.close })).toHaveAttribute(
          'href',
          screen.closeHref,
        );
        const frame = await page.locator('[data-scanner-frame]').boundingBox();
        const viewport = page.viewportSize();
        expect(frame).not.toBeNull();
        expect(viewport).not.toBeNull();
        if (!frame || !viewport) return;
        // A square in the camera's space, on screen.
        expect(Math.abs(frame.width - frame.height)).toBeLessThan(1);
        expect(frame.width).toBeGreaterThan(100);
        expect(frame.y).toBeGreaterThan(0);
        expect(frame.y + frame.height).toBeLessThan(viewport.height);
      });
    });

    test('the no-camera message moves nothing when it appears', async ({ page }) => {
      // Every module held back at first: what shows is the page as built.
      const held: (() => Promise<void>)[] = [];
      let holding = true;
      await page.route(/\/_astro\/.*\.js$/, async (route) => {
        if (holding) held.push(() => route.continue());
        else await route.continue();
      });
      // Not until DOMContentLoaded: that waits for the held module scripts.
      await page.goto(screen.path, { waitUntil: 'commit' });
      await expect(page.getByText(screen.instructions, { exact: true })).toBeVisible();
      const frame = page.locator('[data-scanner-frame]');
      const built = await frame.boundingBox();
      expect(built).not.toBeNull();
      holding = false;
      for (const release of held.splice(0)) await release();
      // This browser has no camera.
      await expect(page.getByRole('alert')).toContainText(screen.noCamera, { timeout: 15_000 });
      expect(await frame.boundingBox()).toEqual(built);
      expect(await layoutShift(page)).toBe(0);
    });
  });
}

test('pages that do not open the scanner load none of its code', async ({ page }) => {
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(new URL(response.url()).pathname);
  });
  for (const path of ['/', '/area/1/', '/area/1/products/2/']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  expect(scripts.filter((url) => /scan|zxing|decoder/i.test(url))).toEqual([]);
});

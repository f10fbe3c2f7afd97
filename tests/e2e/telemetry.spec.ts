/**
 * Error reporting and analytics, end to end against the e2e build's configuration (playwright.config.ts):
 * error reports to a local receiver of the SDK's envelopes, analytics read from `dataLayer` with the tag
 * manager's script answered by a stand-in.
 */
import { chromium, type Page } from '@playwright/test';
import { FULL_CHROMIUM } from '../../scripts/tools/browsers.mjs';
import {
  gtmStub,
  type Pushed,
  type ReceivedEvent,
  recordDataLayer,
  startReportReceiver,
} from './fixtures/telemetry.ts';
import { blockTagManager, expect, markReturningVisitor, test, watchCspViolations } from './fixtures/test.ts';

const CONTAINER_ID = 'GTM-E2ETEST';

/** Throws `error` from a task of its own, as an uncaught error. */
function throwUncaught(page: Page, message: string, mark: { handled?: boolean; name?: string } = {}) {
  return page.evaluate(
    ([text, marks]) => {
      setTimeout(() => {
        const error = new Error(text);
        if (marks.name) error.name = marks.name;
        if (marks.handled) Object.assign(error, { handled: true });
        throw error;
      });
    },
    [message, mark] as const,
  );
}

test.describe('error reporting', () => {
  // One receiver on one port: these tests run one after another, in one worker.
  test.describe.configure({ mode: 'serial' });
  let receiver: Awaited<ReturnType<typeof startReportReceiver>>;
  test.beforeAll(async () => {
    receiver = await startReportReceiver();
  });
  test.afterAll(async () => {
    await receiver.close();
  });
  const arrived = (message: string) => () =>
    receiver.events.filter((event) => event.message === message).map((event) => ({ ...event }));

  test('a page without errors does not load the reporting SDK', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto('/about/');
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((url) => url.includes('error-reporter'))).toEqual([]);
  });

  test('an uncaught error arrives with the release and the environment', async ({ page }) => {
    const message = `e2e uncaught ${Date.now()}`;
    await page.goto('/about/');
    await throwUncaught(page, message);
    await expect.poll(arrived(message)).toEqual([
      {
        message,
        type: 'Error',
        level: 'error',
        release: 'gift-catalogue@e2e',
        environment: 'e2e',
        handled: false,
      } satisfies ReceivedEvent,
    ]);
  });

  test('an unhandled rejection arrives too', async ({ page }) => {
    const message = `e2e rejection ${Date.now()}`;
    await page.goto('/brands/');
    await page.evaluate((text) => {
      void Promise.reject(new Error(text));
    }, message);
    await expect.poll(() => arrived(message)().length).toBe(1);
  });

  test('handled errors and the ignored messages are not reported', async ({ page }) => {
    const stamp = Date.now();
    const first = `e2e first ${stamp}`;
    const last = `e2e last ${stamp}`;
    await page.goto('/terms/');
    // The SDK loads on the first reportable error, so what follows is filtered by a loaded SDK too.
    await throwUncaught(page, first);
    await expect.poll(() => arrived(first)().length).toBe(1);
    const notReported = [
      { message: `e2e handled by flag ${stamp}`, mark: { handled: true } },
      { message: `e2e handled by name ${stamp}`, mark: { name: 'HandledError' } },
      { message: `[handled] e2e handled by message ${stamp}`, mark: {} },
      { message: `Unable to preload CSS for /_astro/e2e-${stamp}.css`, mark: {} },
      { message: `ResizeObserver loop completed with undelivered notifications. ${stamp}`, mark: {} },
      { message: `Importing a module script failed. ${stamp}`, mark: {} },
    ];
    for (const { message, mark } of notReported) await throwUncaught(page, message, mark);
    await throwUncaught(page, last);
    await expect.poll(() => arrived(last)().length).toBe(1);
    expect(receiver.events.map((event) => event.message).filter((m) => m.includes(String(stamp)))).toEqual([
      first,
      last,
    ]);
  });

  test('a page that fails to start is logged, replaced by the error screen and reported as fatal', async ({
    page,
  }) => {
    const message = `e2e start-up failure ${Date.now()}`;
    // The header's bag count fails as it starts.
    await page.addInitScript((text) => {
      const querySelector = Document.prototype.querySelector;
      Document.prototype.querySelector = function (this: Document, selector: string) {
        if (selector === '[data-bag-badge]') throw new Error(text);
        return querySelector.call(this, selector);
      } as typeof querySelector;
    }, message);
    const logged: string[] = [];
    page.on('console', (entry) => {
      if (entry.type() === 'error') logged.push(entry.text());
    });
    await page.goto('/about/');
    await expect(page.getByText('ERROR', { exact: true })).toBeVisible();
    await expect(page.getByTestId('error-status')).toHaveText('500');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('サーバーで問題が発生しています');
    await expect(page.getByRole('link', { name: 'ホームに戻る' })).toHaveAttribute('href', '/');
    await expect(page).toHaveTitle(/^サーバーで問題が発生しています \| /);
    expect(logged.some((text) => text.includes(message))).toBe(true);
    await expect.poll(() => arrived(message)().map((event) => event.level)).toEqual(['fatal']);
  });

  test('no byte sent to the reporter or the tag manager names a visitor’s link', async ({
    page,
    context,
  }) => {
    test.slow();
    const stamp = Date.now();
    // Aliases as the API makes them: 32 characters of base64url.
    const link = (name: string) => `${name}E2e${stamp}`.padEnd(32, 'Qz');
    const order = link('Order');
    const shipment = link('Shipment');
    const draft = link('Draft');
    const secrets = [order, shipment, draft];
    // The tag manager's stand-in, and everything any Google host is sent: URL, headers and body.
    const toGoogle: string[] = [];
    const tagManagerPages: string[] = [];
    await context.route(
      /^https:\/\/[^/]*(googletagmanager|google-analytics|google)\.com\//,
      async (route) => {
        const request = route.request();
        toGoogle.push(JSON.stringify([request.url(), await request.allHeaders(), request.postData() ?? '']));
        if (request.url().includes('/gtm.js')) {
          tagManagerPages.push(new URL(request.frame().url()).pathname);
          return route.fulfill({ contentType: 'text/javascript', body: gtmStub(CONTAINER_ID) });
        }
        return route.fulfill({ status: 204 });
      },
    );
    const from = receiver.requests.length;
    /** Throws `message` uncaught and waits for its report (as it arrives: `received`, when scrubbed). */
    const report = async (message: string, received = message) => {
      await throwUncaught(page, message);
      await expect.poll(() => arrived(received)().length).toBe(1);
    };

    // The order page, then its address page reached from it (as its link is followed), an error on each.
    await page.goto(`/order/${order}/`);
    await report(`e2e on the order page ${stamp}`);
    await page.evaluate((href) => location.assign(href), `/address/${shipment}/`);
    await page.waitForURL(`**/address/${shipment}/`);
    expect(await page.evaluate(() => document.referrer)).toBe('');
    await report(`e2e on the address page ${stamp}, after the order page`);
    for (const path of [`/qr/${draft}/`, `/chat/order/${order}/`, `/chat/qr/${draft}/`]) {
      await page.goto(path);
      await report(`e2e on ${path} ${stamp}`, `e2e on ${path.replace(/[^/]{32}/, '[alias]')} ${stamp}`);
    }
    // An ordinary page reached from a visitor's page: the tag manager loads there, told nothing of it.
    await page.evaluate(() => location.assign('/about/'));
    await page.waitForURL('**/about/');
    expect(await page.evaluate(() => document.referrer)).toBe('');
    await expect
      .poll(() => page.evaluate((id) => window.google_tag_manager?.[id] !== undefined, CONTAINER_ID))
      .toBe(true);

    expect(tagManagerPages).toEqual(['/about/']);
    const sentToReporter = receiver.requests.slice(from).map((request) => JSON.stringify(request));
    expect(sentToReporter.length).toBeGreaterThanOrEqual(5);
    for (const bytes of [...sentToReporter, ...toGoogle]) {
      for (const secret of secrets) expect(bytes).not.toContain(secret);
    }
    // Not even the site's origin as the Referer of a report, nor the page before in a report's fields.
    for (const bytes of sentToReporter) expect(bytes.toLowerCase()).not.toContain('"referer"');
    // The reports still say which kind of page failed.
    expect(sentToReporter.join('\n')).toContain('/address/[alias]/');
  });
});

test.describe('analytics', () => {
  let pushed: Pushed[];
  let gtmRequestedAt: number[];
  test.beforeEach(async ({ context }) => {
    pushed = await recordDataLayer(context);
    gtmRequestedAt = [];
    // Registered after the fixture's block, so it answers first: the tag manager's stand-in.
    await context.route('https://www.googletagmanager.com/gtm.js?*', async (route) => {
      gtmRequestedAt.push(Date.now());
      expect(new URL(route.request().url()).searchParams.get('id')).toBe(CONTAINER_ID);
      await route.fulfill({ contentType: 'text/javascript', body: gtmStub(CONTAINER_ID) });
    });
  });
  const events = (name: string) => pushed.filter((entry) => entry.data.event === name);
  const tagManagerLoaded = (page: Page) =>
    expect
      .poll(() => page.evaluate((id) => window.google_tag_manager?.[id] !== undefined, CONTAINER_ID))
      .toBe(true);

  test('a page view 250 ms after the page is shown, again after a back-forward-cache restore', async ({
    baseURL,
  }) => {
    // Playwright turns Chromium's back-forward cache off; this browser keeps it.
    const browser = await chromium.launch({
      executablePath: FULL_CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
      ignoreDefaultArgs: ['--disable-back-forward-cache'],
    });
    const origin = baseURL ?? '';
    const context = await browser.newContext({
      baseURL: origin,
      locale: 'ja-JP',
    });
    await markReturningVisitor(context);
    await blockTagManager(context);
    const violations = await watchCspViolations(context);
    pushed = await recordDataLayer(context);
    const page = await context.newPage();
    // A request still under way when a page is left keeps it out of the cache: the version watch's
    // manifest request (a second after load) must be over first.
    let manifestLoaded = page.waitForResponse(/\/_build\/[^/]+\.json$/);
    await page.goto('/about/');
    await expect
      .poll(() => events('page_view').map((entry) => entry.data))
      .toEqual([{ event: 'page_view', page_path: '/about/', page_restored: false }]);
    const shown = pushed.find((entry) => entry.data.shown === true && entry.url === '/about/');
    const view = events('page_view')[0];
    expect((view?.at ?? 0) - (shown?.at ?? 0)).toBeGreaterThanOrEqual(250);
    await manifestLoaded;

    manifestLoaded = page.waitForResponse(/\/_build\/[^/]+\.json$/);
    await page.goto('/terms/');
    await expect.poll(() => events('page_view').length).toBe(2);
    await manifestLoaded;
    await page.goBack({ waitUntil: 'commit' });
    await expect.poll(() => pushed.some((entry) => entry.data.persisted === true)).toBe(true);
    await expect
      .poll(() => events('page_view').map((entry) => entry.data))
      .toEqual([
        { event: 'page_view', page_path: '/about/', page_restored: false },
        { event: 'page_view', page_path: '/terms/', page_restored: false },
        { event: 'page_view', page_path: '/about/', page_restored: true },
      ]);
    expect(violations).toEqual([]);
    await browser.close();
  });

  test('the tag manager loads after the page, with the container id; a tracked click is pushed', async ({
    page,
  }) => {
    await page.goto('/about/');
    const loadedAt = await page.evaluate(() => {
      const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
      return performance.timeOrigin + (navigation?.loadEventEnd ?? 0);
    });
    await tagManagerLoaded(page);
    expect(gtmRequestedAt).toHaveLength(1);
    expect(gtmRequestedAt[0]).toBeGreaterThanOrEqual(Math.floor(loadedAt));
    expect(
      pushed.some((entry) => entry.data.event === 'gtm.js' && typeof entry.data['gtm.start'] === 'number'),
    ).toBe(true);

    await page.getByRole('banner').locator('[data-track="home"]').click();
    await expect(page).toHaveURL(/\/$/);
    await expect
      .poll(() => events('track_click').map((entry) => entry.data))
      .toEqual([{ event: 'track_click', track: 'home', page_path: '/about/' }]);
  });

  test('a Core Web Vital is pushed once the tag manager is there', async ({ page }) => {
    await page.goto('/brands/');
    await tagManagerLoaded(page);
    // The largest paint is final at the first input after the reporter started, which loads a moment after
    // the tag manager: give it an input until it has reported (one click could come before it listens).
    await expect
      .poll(async () => {
        await page.getByRole('heading', { level: 1 }).click();
        return events('web_vitals').map((entry) => entry.data.metric_name);
      })
      .toContain('LCP');
    const lcp = events('web_vitals').find((entry) => entry.data.metric_name === 'LCP')?.data;
    expect(lcp).toMatchObject({
      event: 'web_vitals',
      page_path: '/brands/',
      metric_rating: expect.any(String),
    });
    expect(lcp?.metric_value).toBeGreaterThan(0);
  });

  test('the tag manager never loads on a visitor’s own pages; events there name the route', async ({
    page,
  }) => {
    const alias = `E2eAlias${Date.now()}`;
    const paths = [`/chat/order/${alias}/`, `/order/${alias}/`, `/address/${alias}/`, `/qr/${alias}/`];
    for (const [index, path] of paths.entries()) {
      await page.goto(path);
      await expect.poll(() => events('page_view').length).toBe(index + 1);
    }
    expect(events('page_view').map((entry) => entry.data.page_path)).toEqual([
      '/chat/order/[alias]/',
      '/order/[alias]/',
      '/address/[alias]/',
      '/qr/[alias]/',
    ]);
    // A tracked click is pushed at once: there is no tag manager to wait for.
    await page.locator('[data-track="home"]').first().click();
    await expect(page).toHaveURL(/\/$/);
    await expect
      .poll(() => events('track_click').map((entry) => entry.data))
      .toEqual([{ event: 'track_click', track: 'home', page_path: '/qr/[alias]/' }]);
    expect(JSON.stringify(pushed.map((entry) => entry.data))).not.toContain(alias);
    // Loaded on the home page the click led to, and on none of the visitor's pages before it.
    await tagManagerLoaded(page);
    expect(gtmRequestedAt).toHaveLength(1);
  });
});

test.describe('analytics on chat pages', () => {
  test.use({ locale: 'en-US' });

  test('page views and the chat footer’s tracked clicks', async ({ page, context }) => {
    const pushed = await recordDataLayer(context);
    await context.route('https://www.googletagmanager.com/gtm.js?*', (route) =>
      route.fulfill({ contentType: 'text/javascript', body: gtmStub(CONTAINER_ID) }),
    );
    await page.goto('/chat/');
    await expect
      .poll(() =>
        pushed.filter((entry) => entry.data.event === 'page_view').map((entry) => entry.data.page_path),
      )
      .toEqual(['/chat/']);
    await expect
      .poll(() => page.evaluate((id) => window.google_tag_manager?.[id] !== undefined, CONTAINER_ID))
      .toBe(true);
    await page.locator('[data-track="chat bag"]').click();
    await expect(page).toHaveURL(/\/chat\/cart\/$/);
    await expect
      .poll(() => pushed.filter((entry) => entry.data.event === 'track_click').map((entry) => entry.data))
      .toEqual([{ event: 'track_click', track: 'chat bag', page_path: '/chat/' }]);
  });
});

import { availableParallelism } from 'node:os';
import { defineConfig, devices } from '@playwright/test';
import { HEADLESS_SHELL } from './scripts/tools/browsers.mjs';
import { picturesCacheDir } from './scripts/tools/picture-cache.mjs';

/**
 * End-to-end tests in Debian's Chromium against the product as `npm start` runs it: the reference API, the
 * built site, and the production-parity server. The site is built once and shared by every spec.
 */
const PORT = Number(process.env.E2E_PORT ?? 4390);
const API_PORT = Number(process.env.E2E_API_PORT ?? 8790);
export const baseURL = `http://localhost:${PORT}`;
/**
 * Where the build sends error reports: a receiver that only tests/e2e/telemetry.spec.ts starts (on the API
 * port + 6, one of each engineer's ports); for every other spec nothing listens there and nothing is sent
 * unless a page fails.
 */
const REPORT_RECEIVER_PORT = Number(process.env.E2E_REPORT_PORT ?? API_PORT + 6);
/** The tag manager container the build names; tests/e2e/fixtures/test.ts answers its script (never Google). */
const GTM_CONTAINER_ID = 'GTM-E2ETEST';

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: `test-results/${PORT}`,
  fullyParallel: true,
  // One worker per core, from two (the suite's specs wait on the server more than on the CPU) to four
  // (each worker runs a browser, and the API and the server share the machine); E2E_WORKERS overrides.
  workers: Number(process.env.E2E_WORKERS) || Math.min(4, Math.max(2, availableParallelism())),
  forbidOnly: !!process.env.CI,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  // Every wait inside a test is for a condition (10 s each, below); the test as a whole gets 60 s because
  // on a 2-vCPU runner with the other worker busy a flow takes two to three times its idle time (the area
  // list's browse-and-return flow: 13 s idle, 28 s in CI). The longest flows triple it (`test.slow()`).
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
    // Every test is a returning visitor (the `returningVisitor` option of tests/e2e/fixtures/test.ts): the
    // first-visit onboarding dialog (modal) would cover the page it tests.
    //
    // No trace is recorded: recording one for every test, to keep it only for a failure, was a large share of
    // the suite's CPU (docs/performance.md, "`npm test`, per step"). A failure keeps Playwright's snapshot of
    // the page and a screenshot; to record traces while chasing one, add `--trace retain-on-failure`.
    trace: 'off',
    screenshot: 'only-on-failure',
    // Chromium's headless shell (scripts/tools/browsers.mjs), the browser Playwright itself runs headless
    // tests in: the suite takes far less CPU in it than in the full browser (docs/performance.md, "`npm test`,
    // per step"). The specs that need the full browser launch it themselves (camera.ts, telemetry.spec.ts).
    launchOptions: {
      executablePath: HEADLESS_SHELL,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    {
      name: 'phone',
      use: { ...devices['Pixel 7'], defaultBrowserType: 'chromium', viewport: { width: 390, height: 844 } },
    },
  ],
  webServer: {
    command: 'node scripts/tools/start.mjs',
    url: `${baseURL}/`,
    // The build, then every catalogue picture rendered ahead on a machine that has none yet (a fresh CI
    // runner): about 1,600 renders on one core (docs/performance.md, "`npm test`, per step").
    timeout: 30 * 60_000,
    reuseExistingServer: !process.env.CI,
    stdout: 'pipe',
    env: {
      PORT: String(PORT),
      CATALOG_API_PORT: String(API_PORT),
      CATALOG_API_URL: `http://127.0.0.1:${API_PORT}`,
      // Per-port paths, so runs on different ports (parallel work) never share a build or a database.
      CATALOG_API_DB: `.data/e2e-${API_PORT}.sqlite`,
      CATALOG_API_RESET: '1',
      // The site is served once the API has rendered every catalogue picture ahead (no picture may take
      // over 2 s: tests/e2e/fixtures/test.ts). The pictures are kept between runs, outside the clone, as
      // npm keeps its cache (scripts/tools/picture-cache.mjs): a run after the first renders none.
      WAIT_FOR_PICTURES: '1',
      CATALOG_IMAGE_CACHE_DIR: process.env.CATALOG_IMAGE_CACHE_DIR || picturesCacheDir(process.env),
      // The API's test switches (the QR-timeout journey's expiry hook): off unless asked for, never in production.
      CATALOG_TEST_SWITCHES: '1',
      // Every spec's browser reaches the API from loopback, one client to its per-client write limit.
      CATALOG_WRITE_LIMIT: '100000',
      // The demo staff account's password (tests/e2e/fixtures/bag.ts signs in with it).
      CATALOG_DEMO_STAFF_PASSWORD: 'e2e-counter-staff-password',
      DIST_DIR: `dist-e2e-${PORT}`,
      ASTRO_CACHE_DIR: `node_modules/.astro-e2e-${PORT}`,
      SITE_URL: baseURL,
      // The shared site never rebuilds under the specs (tests/e2e/publish.spec.ts publishes on its own sites).
      PUBLISH_SCHEDULE: 'off',
      // Tag pages hold 20 products; at 5 the 100-product seed gives tags several pages to page through.
      TAG_PAGE_SIZE: '5',
      // Error reporting and analytics switched on as in production, against local stand-ins.
      PUBLIC_SENTRY_DSN: `http://e2epublickey@127.0.0.1:${REPORT_RECEIVER_PORT}/1`,
      PUBLIC_SENTRY_ENVIRONMENT: 'e2e',
      PUBLIC_SENTRY_RELEASE: 'gift-catalogue@e2e',
      PUBLIC_GTM_ID: GTM_CONTAINER_ID,
    },
  },
});

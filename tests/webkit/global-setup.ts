/**
 * Started once for the whole WebKit suite: the product as `npm start` runs it (the reference API, one build
 * shared by every spec, the production-parity server) on the suite's own ports, a receiver for the error
 * reports the build sends, and WebKitWebDriver under a virtual X display. Each spec opens its own
 * MiniBrowser session through the driver (fixtures/browser.ts).
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  copyWorkingTree,
  startNode,
  stop,
  WITHOUT_TEST_RUNNER_ENV,
  waitForHttp,
} from '../../scripts/tools/lib.mjs';
import {
  API_PORT,
  API_URL,
  BASE_URL,
  DRIVER_PORT,
  GTK_CONFIG_DIR,
  LOCALE_DIR,
  PORT,
  REPORT_PORT,
  STAFF_PASSWORD,
} from './fixtures/config.ts';
import { BROWSER_LOCALES } from './fixtures/languages.ts';
import { startReportReceiver } from './fixtures/reports.ts';

const run = promisify(execFile);

/**
 * MiniBrowser's toolbar keeps its window at least 447 px wide in GTK's default theme, wider than a phone.
 * This style (GTK reads it from XDG_CONFIG_HOME) makes the toolbar's buttons and address field shrink.
 */
const GTK_CSS = `button, entry { min-width: 0; min-height: 0; padding: 0; margin: 0; }\n`;

/** Compiles the locales the browsers run in (the browser's language comes from its process's locale). */
async function compileLocales(): Promise<void> {
  await mkdir(LOCALE_DIR, { recursive: true });
  for (const locale of BROWSER_LOCALES) {
    if (existsSync(join(LOCALE_DIR, locale, 'LC_CTYPE'))) continue;
    const [name, charset] = locale.split('.') as [string, string];
    await run('localedef', ['-i', name, '-f', charset, join(LOCALE_DIR, locale)]);
  }
}

/** Starts WebKitWebDriver on a virtual display of its own; resolves once it answers. */
async function startDriver(): Promise<ChildProcess> {
  // Its own process group, so that stopping it also ends Xvfb and any browser it left.
  const driver = spawn(
    'xvfb-run',
    [
      '--auto-servernum',
      // -noreset: by default Xvfb resets when its last client leaves, and a browser that starts during the
      // reset cannot open the display (the driver then never answers that new session).
      '--server-args=-screen 0 1280x1024x24 -noreset',
      'WebKitWebDriver',
      `--port=${DRIVER_PORT}`,
      '--replace-on-new-session',
    ],
    { detached: true, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let log = '';
  driver.stderr?.on('data', (chunk) => {
    log = (log + chunk).slice(-4000);
  });
  try {
    await waitForHttp(`http://127.0.0.1:${DRIVER_PORT}/status`, 20_000);
  } catch (error) {
    await stopGroup(driver);
    throw new Error(`WebKitWebDriver did not start: ${String(error)}\n${log}`);
  }
  return driver;
}

/**
 * Stops the driver's process group (Xvfb and any browser it left with it) and resolves once the driver has
 * ended, 5 s of SIGTERM at most; then whatever of the group is left is killed and the driver's output pipe
 * closed, so that nothing of it keeps the test runner from exiting.
 */
async function stopGroup(child: ChildProcess): Promise<void> {
  const signal = (name: NodeJS.Signals) => {
    if (child.pid === undefined) return;
    try {
      process.kill(-child.pid, name);
    } catch {
      // Already gone.
    }
  };
  if (child.exitCode === null && child.signalCode === null) {
    const ended = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    signal('SIGTERM');
    const killed = setTimeout(() => signal('SIGKILL'), 5000);
    await ended;
    clearTimeout(killed);
  }
  // Whatever of the group outlived its leader (a browser the driver left) goes with it.
  signal('SIGKILL');
  child.stderr?.destroy();
}

/**
 * The suite's product runs from a copy of the working tree (copyWorkingTree), whose `.astro/` folder is its
 * own, so that its build may run beside the end-to-end step's build of the checkout. One path per port, the
 * same every run, as Astro hashes a component's absolute path into its islands (the build cache stays
 * valid).
 */
const SITE_COPY = join(tmpdir(), `gift-catalogue-webkit-${PORT}`);

async function copySite(): Promise<void> {
  await rm(SITE_COPY, { recursive: true, force: true });
  await copyWorkingTree(SITE_COPY);
}

export default async function setup(): Promise<() => Promise<void>> {
  const started = Date.now();
  await mkdir(join(GTK_CONFIG_DIR, 'gtk-3.0'), { recursive: true });
  await writeFile(join(GTK_CONFIG_DIR, 'gtk-3.0', 'gtk.css'), GTK_CSS);
  const [receiver] = await Promise.all([startReportReceiver(REPORT_PORT), compileLocales(), copySite()]);
  const site: ChildProcess = startNode(['scripts/tools/start.mjs'], {
    cwd: SITE_COPY,
    stdio: 'pipe',
    env: {
      // Built as it ships: vitest's own NODE_ENV=test would make Vite build React's development JSX.
      ...WITHOUT_TEST_RUNNER_ENV,
      PORT: String(PORT),
      CATALOG_API_PORT: String(API_PORT),
      CATALOG_API_URL: API_URL,
      CATALOG_API_DB: `.data/webkit-${API_PORT}.sqlite`,
      CATALOG_API_RESET: '1',
      CATALOG_DEMO_STAFF_PASSWORD: STAFF_PASSWORD,
      DIST_DIR: `dist-webkit-${PORT}`,
      ASTRO_CACHE_DIR: `node_modules/.astro-webkit-${PORT}`,
      SITE_URL: BASE_URL,
      PUBLISH_SCHEDULE: 'off',
      TAG_PAGE_SIZE: '5',
      // Error reporting on, as in production, against the suite's receiver: a page that throws while
      // loading (before a test could listen) is reported there.
      PUBLIC_SENTRY_DSN: `http://webkitpublickey@127.0.0.1:${REPORT_PORT}/1`,
      PUBLIC_SENTRY_ENVIRONMENT: 'webkit',
      PUBLIC_SENTRY_RELEASE: 'gift-catalogue@webkit',
    },
  });
  let log = '';
  site.stdout?.on('data', (chunk) => (log += chunk));
  site.stderr?.on('data', (chunk) => (log += chunk));
  // A site that stops (a failed build) fails the setup at once instead of after the wait.
  const exited = new Promise<never>((_, reject) =>
    site.once('exit', (code) => reject(new Error(`the site stopped (exit ${code})`))),
  );
  exited.catch(() => {});
  const driver = startDriver();
  try {
    await Promise.all([driver, Promise.race([waitForHttp(`${BASE_URL}/`, 300_000), exited])]);
  } catch (error) {
    await driver.then(stopGroup, () => {});
    await stop(site);
    await receiver.close();
    throw new Error(`${String(error)}\n${log.slice(-4000)}`);
  }
  try {
    await expectProductionBuild(join(SITE_COPY, `dist-webkit-${PORT}`));
  } catch (error) {
    await stopGroup(await driver);
    await stop(site);
    await receiver.close();
    throw error;
  }
  console.log(`WebKit suite: site and driver ready in ${Math.round((Date.now() - started) / 1000)} s`);
  return async () => {
    await stopGroup(await driver);
    await stop(site);
    await receiver.close();
    await rm(SITE_COPY, { recursive: true, force: true });
  };
}

/** Fails when the served site's scripts are React's development build (what the shopper never gets). */
async function expectProductionBuild(dist: string): Promise<void> {
  const dir = join(dist, '_astro');
  for (const file of (await readdir(dir)).filter((name) => name.endsWith('.js'))) {
    if ((await readFile(join(dir, file), 'utf8')).includes('jsxDEV')) {
      throw new Error(`the WebKit suite's site was built for development (${file} uses jsxDEV)`);
    }
  }
}

// The Japanese shopper on a low-end phone: a 360 × 780 screen, the CPU 6× slower and slow 4G (DevTools'
// profile, as Lighthouse's mobile run: 562.5 ms round trip, 1.4745 Mbit/s down, 675 kbit/s up), in Debian's
// Chromium. Two figures (targets: docs/performance.md):
//   - the bag's lines on screen: from the start of the navigation to /cart/ until its first line is in the
//     document, after a product was added on its page (the tab holds that bag), and the same with nothing
//     held (the tab's stored bag removed first: the bag waits for its read);
//   - the layout shift of a flick through an area list (BASE A) to "No more results!": every shift without
//     recent input summed, and the score (the largest session window: shifts less than 1 s apart, at most 5 s).
// Figures, not tests: record them in docs/performance.md.
//
//   node scripts/bench/low-end-phone.mjs [--url http://localhost:4321] [--runs 3]
import { pathToFileURL } from 'node:url';
import { chromium } from '@playwright/test';
import { FULL_CHROMIUM } from '../tools/browsers.mjs';
import { stockedProducts } from './bag-session.mjs';
import { withServedSite } from './lighthouse.mjs';

const SLOW_4G = {
  offline: false,
  latency: 562.5,
  downloadThroughput: (1474.5 * 1024) / 8,
  uploadThroughput: (675 * 1024) / 8,
};
const CPU_SLOWDOWN = 6;
const VIEWPORT = { width: 360, height: 780 };

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** A returning visitor's page (the first-visit dialog seen) on the low-end profile. */
async function lowEndPage(browser) {
  const context = await browser.newContext({
    viewport: VIEWPORT,
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
    locale: 'ja-JP',
  });
  await context.addInitScript(() => localStorage.setItem('onboarding-seen:v1', 'true'));
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return { context, page };
}

/** Milliseconds from the navigation's start until the bag's first line is in the document. */
async function bagLinesAt(page, base, { held }) {
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (document.querySelector('[data-testid="bag-line"]')) {
        window.__bagLinesAt = performance.now();
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
  });
  if (!held) await page.evaluate(() => sessionStorage.removeItem('bag:v1'));
  await page.goto(`${base}/cart/`);
  await page.waitForFunction(() => window.__bagLinesAt !== undefined, null, { timeout: 60_000 });
  return page.evaluate(() => Math.round(window.__bagLinesAt));
}

/** Adds a product on its page, as a shopper does (the tab then holds the bag), and returns the page. */
async function addOnProductPage(browser, base, pick) {
  const { context, page } = await lowEndPage(browser);
  await page.goto(`${base}/area/${pick.product.areas[0]}/products/${pick.product.id}/`);
  await page.waitForFunction(() => customElements.get('variant-picker'), null, { timeout: 60_000 });
  await page.getByRole('button', { name: 'バッグに入れる' }).click();
  await page.waitForFunction(() => sessionStorage.getItem('bag:v1') !== null, null, { timeout: 60_000 });
  return { context, page };
}

/** The layout shift of a flick through BASE A to its end: the sum and the score. */
async function flickShift(browser, base) {
  const { context, page } = await lowEndPage(browser);
  await page.addInitScript(() => {
    window.__shifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (!entry.hadRecentInput) window.__shifts.push({ value: entry.value, at: entry.startTime });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto(`${base}/area/1/`);
  await page.waitForLoadState('load');
  const end = page.getByText('No more results!');
  for (let flick = 0; flick < 200 && !(await end.isVisible()); flick += 1) {
    await page.mouse.wheel(0, 500);
    await page.waitForTimeout(300);
  }
  if (!(await end.isVisible())) throw new Error('the list never reached its end');
  const shifts = await page.evaluate(() => window.__shifts);
  await context.close();
  let score = 0;
  let window_ = { value: 0, start: 0, last: Number.NEGATIVE_INFINITY };
  for (const shift of shifts) {
    if (shift.at - window_.last > 1000 || shift.at - window_.start > 5000) {
      window_ = { value: 0, start: shift.at, last: shift.at };
    }
    window_.value += shift.value;
    window_.last = shift.at;
    score = Math.max(score, window_.value);
  }
  return { sum: shifts.reduce((total, shift) => total + shift.value, 0), score };
}

export async function lowEndPhoneBench(base, { runs = 3 } = {}) {
  const picks = await stockedProducts(base, runs * 2, 1);
  const browser = await chromium.launch({
    executablePath: FULL_CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const held = [];
  const notHeld = [];
  const flicks = [];
  try {
    for (let run = 0; run < runs; run++) {
      for (const [times, isHeld, pick] of [
        [held, true, picks[run * 2]],
        [notHeld, false, picks[run * 2 + 1]],
      ]) {
        const { context, page } = await addOnProductPage(browser, base, pick);
        times.push(await bagLinesAt(page, base, { held: isHeld }));
        await context.close();
      }
      flicks.push(await flickShift(browser, base));
    }
  } finally {
    await browser.close();
  }
  return { held, notHeld, flicks };
}

export function printLowEndPhone({ held, notHeld, flicks }) {
  console.log(
    `bag lines on screen, the held bag:   median ${median(held)} ms (${held.join(', ')}) — target ≤ 1200 ms`,
  );
  console.log(`bag lines on screen, nothing held:   median ${median(notHeld)} ms (${notHeld.join(', ')})`);
  const sums = flicks.map((flick) => flick.sum.toFixed(4));
  const scores = flicks.map((flick) => flick.score.toFixed(4));
  console.log(
    `area list flick, layout shift score: median ${median(flicks.map((f) => f.score)).toFixed(4)} (${scores.join(', ')}); sums ${sums.join(', ')} — target ≤ 0.05`,
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = process.argv.slice(2);
  const url = args.includes('--url') ? args[args.indexOf('--url') + 1] : undefined;
  const runs = args.includes('--runs') ? Number(args[args.indexOf('--runs') + 1]) : 3;
  const result = url
    ? await lowEndPhoneBench(url, { runs })
    : await withServedSite((base) => lowEndPhoneBench(base, { runs }));
  printLowEndPhone(result);
}

// Lighthouse on chat mode's /chat/ (the conversation), a chat brand page and chat's scanner, mobile with
// default simulated throttling, Debian Chromium with an English browser (so the page speaks English, as a visitor's would),
// median of 3 runs; then the redirect path: a Japanese product page opened by that English browser, hidden
// until the bot check sends it on to chat (its LCP is the chat page's, counted from the first request).
// Figures, not tests: record them in docs/performance.md. Targets: Performance ≥ 95, Accessibility 100;
// LCP ≤ 2.0 s on each, the redirect path included.
//
//   node scripts/bench/lighthouse-chat.mjs [--url http://localhost:4321] [--runs 3]
//   CHROMIUM_PATH, LIGHTHOUSE_PORT / LIGHTHOUSE_API_PORT as scripts/bench/lighthouse.mjs
import { pathToFileURL } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import { FULL_CHROMIUM } from '../tools/browsers.mjs';
import { pageTypes } from './js-visits.mjs';
import {
  audit,
  CATEGORIES,
  CHROME_FLAGS,
  languageFlags,
  median,
  medianMetrics,
  withServedSite,
} from './lighthouse.mjs';

/** Audits /chat/, /chat/brands/1/ and a Japanese product page in English; one row per page, median scores. */
export async function chatLighthouse(base, { runs = 3 } = {}) {
  const product = (await pageTypes(base)).find((page) => page.type === 'product');
  const chrome = await chromeLauncher.launch({
    chromePath: FULL_CHROMIUM,
    chromeFlags: [
      ...CHROME_FLAGS.filter((flag) => !/^--(accept-)?lang=/.test(flag)),
      ...languageFlags('en-US'),
    ],
  });
  const rows = [];
  try {
    for (const path of ['/chat/', '/chat/brands/1/', '/chat/scan/', product.path]) {
      const results = [];
      // The Japanese product page sends this English browser on to chat: that is the path measured.
      const redirects = path === product.path;
      for (let run = 0; run < runs; run++)
        results.push(await audit(`${base}${path}`, chrome.port, { redirects }));
      const scores = Object.fromEntries(
        CATEGORIES.map((id) => [id, median(results.map((r) => r.scores[id]))]),
      );
      const { lost } = results.find((r) => r.scores.performance === scores.performance) ?? results[0];
      const { metrics, line } = medianMetrics(results);
      rows.push({ path, scores, metrics });
      console.log(`  ${path.padEnd(16)} ${CATEGORIES.map((id) => `${id} ${scores[id]}`).join(', ')}`);
      console.log(`                   ${line}`);
      if (lost.length) console.log(`                   below full marks: ${lost.join('; ')}`);
    }
  } finally {
    chrome.kill();
  }
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const argv = process.argv.slice(2);
  const arg = (name) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
  const runs = Number(arg('--runs') ?? 3);
  const url = arg('--url');
  console.log(`Lighthouse ${runs}× on chat pages (median), mobile, default throttling, en-US:`);
  const rows = url
    ? await chatLighthouse(url, { runs })
    : await withServedSite((base) => chatLighthouse(base, { runs }));
  console.log(JSON.stringify(rows.map(({ path, scores }) => ({ path, ...scores }))));
}

// Lighthouse on the per-visitor pages of the bag: /cart/ with a filled bag and a QR page, mobile with
// Lighthouse's default (simulated) throttling, in Debian's Chromium, ja-JP, median of several runs. The
// shopper's cart cookie goes with every request (extraHeaders), so the pages show a real bag and draft
// order. Figures, not tests: record them in docs/performance.md. Target: Performance ≥ 95.
//
//   node scripts/bench/lighthouse-bag.mjs [--url http://localhost:4321] [--runs 3]
import { pathToFileURL } from 'node:url';
import { filledBag } from './bag-session.mjs';
import { audit, CATEGORIES, launchChrome, median, medianMetrics, withServedSite } from './lighthouse.mjs';

const TARGET = 95;

/** Audits /cart/ (filled bag) and a QR page of the site at `base`; one row per page with median scores. */
export async function bagLighthouse(base, { runs = 3 } = {}) {
  const shopper = await filledBag(base);
  const chrome = await launchChrome();
  const rows = [];
  try {
    const pages = [
      { type: 'bag', path: () => '/cart/' },
      {
        type: 'QR',
        path: async () => {
          const issued = await shopper.call('POST', '/catalog/cart/qr', {});
          return `/qr/${issued.draftOrderAlias}/`;
        },
      },
    ];
    for (const page of pages) {
      const path = await page.path();
      const results = [];
      for (let run = 0; run < runs; run++)
        results.push(await audit(`${base}${path}`, chrome.port, { cookie: shopper.cookie }));
      const scores = Object.fromEntries(
        CATEGORIES.map((id) => [id, median(results.map((r) => r.scores[id]))]),
      );
      const { metrics, line } = medianMetrics(results);
      const lost = [...new Set(results.flatMap((r) => r.lost))];
      rows.push({ type: page.type, path, scores, metrics, lost });
      console.log(
        `  ${page.type.padEnd(8)} ${CATEGORIES.map((id) => `${id} ${scores[id]}`).join(', ')}  ${path}` +
          `  (Performance per run: ${results.map((r) => r.scores.performance).join(', ')})` +
          (scores.performance < TARGET ? `  ← Performance under ${TARGET}` : ''),
      );
      console.log(`           ${line}`);
      if (lost.length) console.log(`           points lost in: ${lost.join('; ')}`);
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
  console.log(`Lighthouse on the bag pages, ${runs}× per page (median), mobile, default throttling, ja-JP:`);
  const rows = url
    ? await bagLighthouse(url, { runs })
    : await withServedSite((base) => bagLighthouse(base, { runs }));
  console.log(JSON.stringify(rows.map(({ type, path, scores }) => ({ type, path, ...scores }))));
}

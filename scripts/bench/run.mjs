// `npm run bench`: figures, not tests. JS bytes (raw and gzip) per page type, the build's wall time and
// peak memory at 1,000 and 10,000 products fetched from the reference API, and Lighthouse per page type
// (scripts/bench/lighthouse.mjs), Lighthouse on the bag and QR pages with a filled bag
// (lighthouse-bag.mjs) and add-to-bag → badge time (add-to-bag.mjs). Record them in docs/performance.md
// with the date and the machine.
//
//   node scripts/bench/run.mjs [--sizes 1000,10000] [--skip-lighthouse]
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { bin, startNode, stop, waitForHttp } from '../tools/lib.mjs';
import { addToBagBench } from './add-to-bag.mjs';
import { pageJs } from './js-bytes.mjs';
import { lighthouseBench, withServedSite } from './lighthouse.mjs';
import { bagLighthouse } from './lighthouse-bag.mjs';

const argv = process.argv.slice(2);
const sizesArg = argv.includes('--sizes') ? argv[argv.indexOf('--sizes') + 1] : '1000,10000';
const sizes = sizesArg.split(',').map(Number);
const API_PORT = Number(process.env.BENCH_API_PORT ?? 8795);
const API = `http://127.0.0.1:${API_PORT}`;

/** Peak resident memory of a process and its children, sampled from /proc. */
async function rssOfTree(pid) {
  let total = 0;
  const children = await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8').catch(() => '');
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const match = status.match(/VmRSS:\s+(\d+) kB/);
  if (match) total += Number(match[1]) * 1024;
  for (const child of children.split(/\s+/).filter(Boolean)) total += await rssOfTree(Number(child));
  return total;
}

async function timedBuild(outDir) {
  const started = performance.now();
  const child = startNode([bin('astro/bin/astro.mjs'), 'build'], {
    env: { CATALOG_API_URL: API, OUT_DIR: outDir, SITE_URL: 'http://localhost:4321' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  let peak = 0;
  const sampler = setInterval(async () => {
    peak = Math.max(peak, await rssOfTree(child.pid));
  }, 100);
  const code = await new Promise((resolve) => child.on('exit', resolve));
  clearInterval(sampler);
  if (code !== 0) throw new Error(`build failed (${code}):\n${stderr.slice(-3000)}`);
  return { seconds: (performance.now() - started) / 1000, peakMb: peak / 1024 / 1024 };
}

async function countHtml(dir) {
  const entries = await readdir(dir, { recursive: true });
  return entries.filter((name) => name.endsWith('.html')).length;
}

async function firstMatching(dir, re) {
  const entries = await readdir(dir, { recursive: true });
  return entries.filter((name) => re.test(name)).sort()[0];
}

const work = await mkdtemp(join(tmpdir(), 'bench-'));
const report = [];
console.log(
  `machine: ${cpus().length} × ${cpus()[0]?.model}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
);
try {
  for (const size of sizes) {
    const api = startNode(
      [
        'scripts/catalog-api/main.ts',
        '--db',
        join(work, `catalog-${size}.sqlite`),
        '--products',
        String(size),
        '--port',
        String(API_PORT),
      ],
      { stdio: 'ignore' },
    );
    try {
      await waitForHttp(`${API}/healthz`, 120_000);
      const outDir = join(work, `dist-${size}`);
      const build = await timedBuild(outDir);
      const pages = await countHtml(outDir);
      report.push({ size, pages, ...build });
      console.log(
        `build of ${size} products: ${pages} pages in ${build.seconds.toFixed(1)} s, peak ${Math.round(build.peakMb)} MB`,
      );
      if (size === sizes[0]) {
        const types = {
          home: 'index.html',
          about: 'about/index.html',
          terms: 'terms/index.html',
          'tag list': 'product-tags/index.html',
          'brand list': 'brands/index.html',
          area: await firstMatching(outDir, /^area\/\d+\/index\.html$/),
          product: await firstMatching(outDir, /^area\/\d+\/products\/\d+\/index\.html$/),
          'not found': '404.html',
          // The scanner (/scan/): its view, and what its dynamic imports reach (the decoders).
          scanner: 'scan/index.html',
          // Chat mode (the i18next runtime and the locale files load only here; dynamic imports of all
          // three locale files are counted, though a visitor loads one).
          chat: 'chat/index.html',
          'chat brand': await firstMatching(outDir, /^chat\/brands\/\d+\/index\.html$/),
          'chat bag': 'chat/cart/index.html',
        };
        console.log('\nJavaScript per page type (raw / gzip bytes):');
        for (const [type, path] of Object.entries(types)) {
          const js = await pageJs(outDir, path);
          console.log(
            `  ${type.padEnd(10)} ${String(js.raw).padStart(7)} / ${String(js.gzip).padStart(6)}  (${js.files} files, ${js.inline} inline)`,
          );
        }
        console.log('');
      }
    } finally {
      await stop(api);
    }
  }
} finally {
  await rm(work, { recursive: true, force: true });
}
console.log(JSON.stringify(report));

if (!argv.includes('--skip-lighthouse')) {
  console.log(
    '\nLighthouse, median of 3 runs per page (mobile, default throttling, Debian Chromium, ja-JP):',
  );
  await withServedSite(async (base) => {
    const rows = await lighthouseBench(base, { runs: 3 });
    console.log(JSON.stringify(rows.map(({ type, path, scores }) => ({ type, path, ...scores }))));
    // The per-visitor pages with a real bag (cart cookie), and add-to-bag → badge on the same site.
    console.log('\nLighthouse on /cart/ (filled bag) and a QR page, median of 3 runs:');
    const bagRows = await bagLighthouse(base, { runs: 3 });
    console.log(JSON.stringify(bagRows.map(({ type, path, scores }) => ({ type, path, ...scores }))));
    console.log('\nAdd-to-bag to badge update (local API, no throttling):');
    console.log(JSON.stringify(await addToBagBench(base, { runs: 20 })));
  });
}

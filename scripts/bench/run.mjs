// `npm run bench`: figures, not tests. In one run: the product's build as users run it, `npm run build` with
// its site check (wall time, CPU time, peak memory of the build's process tree, pages, payload files,
// sitemap entries) at 1,000 and 10,000 products fetched from
// the reference API, each beside a bare Astro project rendering the same number of trivial pages
// (scripts/bench/bare-astro/), so the product is compared with Astro's own per-page cost, and beside the
// same project writing one of the product's pages as every page (Astro's cost for pages of that size); with
// --with-100k, the same at 100,000 products (several minutes), its page and payload counts checked against
// the catalogue. Then, on a served site, JavaScript per page type as Chromium loads it on a first and a
// returning visit with the budgets checked (js-visits.mjs), Lighthouse per page type (lighthouse.mjs), on
// the bag and QR pages with a filled bag (lighthouse-bag.mjs) and add-to-bag → badge time (add-to-bag.mjs).
// Record the figures in docs/performance.md with the date, the machine and its load.
//
// After each size, the rebuild a scheduled run does after a small change: one product's description edited
// in the API's database, the same build cache, a new output folder.
//
// Every output folder is kept until the run ends (about 25 GB with 100,000 products). On ext4 without a
// journal, as on this project's build machine, creating a file soon after many were deleted walks the
// recently freed inodes one by one: deleting one build's 240,000 files just before the next build made that
// build a quarter slower (docs/performance.md), which would measure the deletion, not the build.
//
//   node scripts/bench/run.mjs [--sizes 1000,10000] [--with-100k] [--bare-sizes 1000,10000] [--skip-visits]
//                              [--skip-lighthouse] [--pairs 3]
//
// --pairs N builds the product and the bare project N times each at every bare size, alternating which goes
// first, and reports every pair's ratio and their median: this machine's speed drifts by tens of percent
// within minutes, and one pair measures the drift as much as the build.
import { mkdtemp, open, readdir, readFile, rm, stat } from 'node:fs/promises';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { LANGS } from '../catalog-api/i18n-data.ts';
import { BUILD_NODE_OPTIONS, buildEnv } from '../tools/build-env.mjs';
import { bin, startNode, stop, waitForHttp } from '../tools/lib.mjs';
import { addToBagBench } from './add-to-bag.mjs';
import { pageJs } from './js-bytes.mjs';
import { jsVisits, printVisits } from './js-visits.mjs';
import { lighthouseBench, withServedSite } from './lighthouse.mjs';
import { bagLighthouse } from './lighthouse-bag.mjs';

const argv = process.argv.slice(2);
const sizesArg = argv.includes('--sizes') ? argv[argv.indexOf('--sizes') + 1] : '1000,10000';
const sizes = sizesArg.split(',').map(Number);
if (argv.includes('--with-100k') && !sizes.includes(100_000)) sizes.push(100_000);
// The sizes built beside a bare Astro project (all of them unless named).
const bareSizes = argv.includes('--bare-sizes')
  ? argv[argv.indexOf('--bare-sizes') + 1].split(',').map(Number)
  : sizes;
/** Product and bare builds measured in alternating pairs at each bare size. */
const pairs = argv.includes('--pairs') ? Math.max(1, Number(argv[argv.indexOf('--pairs') + 1])) : 1;
const API_PORT = Number(process.env.BENCH_API_PORT ?? 8795);
const API = `http://127.0.0.1:${API_PORT}`;
const TOKEN = process.env.PUBLIC_CATALOG_API_TOKEN ?? 'gift-catalogue-public-token';
const TICKS_PER_SECOND = 100;

/** Resident memory and CPU time (user + system) of a process and its children, read from /proc. */
async function treeStats(pid) {
  let rss = 0;
  let cpuTicks = 0;
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const match = status.match(/VmRSS:\s+(\d+) kB/);
  if (match) rss += Number(match[1]) * 1024;
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  // Fields after the command's closing parenthesis; utime and stime are the 14th and 15th of the line.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  if (fields.length > 13) cpuTicks += Number(fields[11]) + Number(fields[12]);
  const children = await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8').catch(() => '');
  for (const child of children.split(/\s+/).filter(Boolean)) {
    const sub = await treeStats(Number(child));
    rss += sub.rss;
    cpuTicks += sub.cpuTicks;
  }
  return { rss, cpuTicks };
}

/**
 * Runs a build in `cwd`: the product's as users run it, `npm run build` (`astro build`, then the site check
 * a deploy must pass: scripts/tools/build.mjs); the bare project's `astro build` with the same environment
 * and Node options. Wall time (and the site check's share of it), CPU time and peak memory of its process
 * tree.
 */
async function timedBuild({ cwd, env }) {
  const started = performance.now();
  const load = loadavg()[0];
  const command =
    cwd === undefined
      ? ['scripts/tools/build.mjs']
      : [...BUILD_NODE_OPTIONS, bin('astro/bin/astro.mjs'), 'build'];
  let astroDone;
  const child = startNode(command, {
    cwd,
    env: { ...buildEnv(), SITE_URL: 'http://localhost:4321', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  // Astro's own timings and the catalogue's lines, without the line per page.
  const phases = [];
  let pending = '';
  child.stdout.on('data', (chunk) => {
    const text = pending + chunk;
    const lines = text.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      // biome-ignore lint/suspicious/noControlCharactersInRegex: strips the terminal's colour codes
      const plain = line.replace(/\x1b\[[0-9;]*m/g, '').trim();
      if (/\[build\] Complete!/.test(plain)) astroDone = performance.now();
      if (
        /Completed in|built in|snapshot of|payload files|entries in|Synced content|keyed pages reused|written from the last build|site check/.test(
          plain,
        )
      )
        phases.push(plain);
    }
  });
  let peak = 0;
  let cpuTicks = 0;
  const sampler = setInterval(async () => {
    const stats = await treeStats(child.pid);
    peak = Math.max(peak, stats.rss);
    cpuTicks = Math.max(cpuTicks, stats.cpuTicks);
  }, 100);
  const code = await new Promise((resolve) => child.on('exit', resolve));
  clearInterval(sampler);
  if (code !== 0) throw new Error(`build failed (${code}):\n${stderr.slice(-3000)}`);
  const ended = performance.now();
  return {
    seconds: (ended - started) / 1000,
    checkSeconds: astroDone === undefined ? 0 : (ended - astroDone) / 1000,
    cpuSeconds: cpuTicks / TICKS_PER_SECOND,
    peakMb: peak / 1024 / 1024,
    load: `${load.toFixed(1)}→${loadavg()[0].toFixed(1)}`,
    phases,
  };
}

/** Files of a built site: HTML pages, payload files, sitemap entries. */
async function outputCounts(dir) {
  const entries = await readdir(dir, { recursive: true });
  const pages = entries.filter((name) => name.endsWith('.html')).length;
  const payloads = entries.filter((name) => name.endsWith('_payload.json')).length;
  const productPages = entries.filter((name) => /^area\/\d+\/products\/\d+\/index\.html$/.test(name));
  const productPayloads = new Set(
    entries.filter((name) => /^area\/\d+\/products\/\d+\/_payload\.json$/.test(name)),
  );
  const withoutPayload = productPages.filter(
    (name) => !productPayloads.has(name.replace(/index\.html$/, '_payload.json')),
  );
  let sitemap = 0;
  for (const name of entries.filter((entry) => /^sitemap-\d+\.xml$/.test(entry))) {
    sitemap += (await readFile(join(dir, name), 'utf8')).split('<loc>').length - 1;
  }
  return {
    pages,
    payloads,
    productPages: productPages.length,
    withoutPayload: withoutPayload.length,
    sitemap,
  };
}

/**
 * Product pages the catalogue calls for: one per (product, area) pair, read from the API. The catalogue is
 * read in every language a build reads it in (Japanese, then chat's three), so the API is warm for all.
 */
async function expectedProductPages() {
  let pairs = 0;
  for (const lang of LANGS) {
    for (let page = 1; ; page++) {
      const answer = await fetch(`${API}/catalog/products?page=${page}&size=100&lang=${lang}`, {
        headers: { 'X-Api-Token': TOKEN },
      });
      if (!answer.ok) throw new Error(`GET /catalog/products?page=${page}&lang=${lang} → ${answer.status}`);
      const { products, count } = await answer.json();
      if (lang === 'ja') for (const product of products) pairs += product.areas.length;
      if (page * 100 >= count) break;
    }
  }
  return pairs;
}

/**
 * The rebuild after one changed product is as complete as the full build, every product page carries the
 * rebuild's code version, the changed product's pages show the change and every other product page, and
 * every tag's page, was reused rather than rendered (the build's own count, `phases`).
 */
async function checkRebuild(dir, full, rebuilt, phases) {
  for (const key of ['pages', 'payloads', 'productPages', 'withoutPayload', 'sitemap']) {
    if (rebuilt[key] !== full[key])
      throw new Error(`rebuild: ${rebuilt[key]} ${key}, the full build ${full[key]}`);
  }
  const { codeVersion } = JSON.parse(await readFile(join(dir, '_build/latest.json'), 'utf8'));
  const entries = await readdir(join(dir, 'area'), { recursive: true });
  let stale = 0;
  for (const name of entries.filter((entry) => /^\d+\/products\/\d+\/index\.html$/.test(entry))) {
    const handle = await open(join(dir, 'area', name));
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(1024), 0, 1024, 0);
    await handle.close();
    if (!buffer.toString('latin1', 0, bytesRead).includes(`data-code-version="${codeVersion}"`)) stale++;
  }
  if (stale) throw new Error(`rebuild: ${stale} product pages do not carry code version ${codeVersion}`);
  const changed = entries.filter((entry) => /^\d+\/products\/1\/index\.html$/.test(entry));
  if (changed.length === 0) throw new Error('rebuild: product 1 has no page');
  for (const name of changed) {
    if (!(await readFile(join(dir, 'area', name), 'utf8')).includes('改訂')) {
      throw new Error(`rebuild: area/${name} does not show product 1's changed description`);
    }
  }
  // A tag's pages show no description: every one of them is reused too.
  const tagPages = (await readdir(join(dir, 'product-tags'), { recursive: true })).filter((entry) =>
    /^\d+\/(page\/\d+\/)?index\.html$/.test(entry),
  ).length;
  const reusable = full.productPages - changed.length + tagPages;
  const reuse = phases
    .map((line) => /(\d+) keyed pages reused from the last build, (\d+) rendered/.exec(line))
    .find(Boolean);
  if (!reuse || Number(reuse[1]) !== reusable || Number(reuse[2]) !== changed.length) {
    throw new Error(
      `rebuild: expected ${reusable} pages reused (${tagPages} of a tag's) and ${changed.length} rendered, the build said: ${reuse?.[0] ?? 'nothing'}`,
    );
  }
}

async function firstMatching(dir, re) {
  const entries = await readdir(dir, { recursive: true });
  return entries.filter((name) => re.test(name)).sort()[0];
}

const row = (label, build, counts) =>
  `${label.padEnd(30)} ${String(counts.pages).padStart(7)} pages ${String(counts.payloads ?? '').padStart(7)} payloads  ` +
  `${build.seconds.toFixed(1).padStart(6)} s wall${build.checkSeconds ? ` (site check ${build.checkSeconds.toFixed(1)} s)` : ''}  ${build.cpuSeconds.toFixed(1).padStart(6)} s CPU  ` +
  `${String(Math.round(build.peakMb)).padStart(5)} MB peak  ${((build.seconds * 1000) / counts.pages).toFixed(2)} ms/page  load ${build.load}`;

const work = await mkdtemp(join(tmpdir(), 'bench-'));
const report = [];
console.log(
  `machine: ${cpus().length} × ${cpus()[0]?.model}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
);
const BARE = join(import.meta.dirname, 'bare-astro');
try {
  for (const size of sizes) {
    const db = join(work, `catalog-${size}.sqlite`);
    const startApi = async () => {
      const child = startNode(
        ['scripts/catalog-api/main.ts', '--db', db, '--products', String(size), '--port', String(API_PORT)],
        // No pictures rendered in the background while builds are timed.
        { stdio: 'ignore', env: { CATALOG_RENDER_AHEAD: '0' } },
      );
      await waitForHttp(`${API}/healthz`, 300_000);
      return child;
    };
    let api = await startApi();
    try {
      // Read the whole catalogue once before timing, in every language: the API's cache is warm, as a
      // production API's is, and the count of product pages to expect is known.
      const expected = await expectedProductPages();
      const outDir = join(work, `dist-${size}`);
      const cacheDir = join(work, `cache-${size}`);
      const build = await timedBuild({
        env: { CATALOG_API_URL: API, OUT_DIR: outDir, ASTRO_CACHE_DIR: cacheDir },
      });
      const counts = await outputCounts(outDir);
      if (counts.productPages !== expected || counts.withoutPayload !== 0) {
        throw new Error(
          `${size} products: ${counts.productPages} product pages for ${expected} (product, area) pairs, ` +
            `${counts.withoutPayload} without their payload file`,
        );
      }
      console.log(row(`product, ${size} products`, build, counts));
      for (const phase of build.phases) console.log(`${''.padEnd(32)}${phase}`);
      console.log(
        `${''.padEnd(30)} ${counts.productPages} product pages = (product, area) pairs in the API, each with its payload; ${counts.sitemap} sitemap entries`,
      );
      const bareOut = join(work, `bare-${size}`);
      if (bareSizes.includes(size)) {
        const bare = await timedBuild({
          cwd: BARE,
          env: {
            BARE_PAGES: String(counts.pages),
            OUT_DIR: bareOut,
            ASTRO_CACHE_DIR: join(work, `bare-cache-${size}`),
          },
        });
        const bareCounts = await outputCounts(bareOut);
        console.log(row(`bare Astro, same page count`, bare, { ...bareCounts, payloads: '' }));
        console.log(
          `${''.padEnd(30)} product ÷ bare: ${(build.seconds / bare.seconds).toFixed(2)}× wall, ${(build.cpuSeconds / bare.cpuSeconds).toFixed(2)}× CPU`,
        );
        // The same bare project writing, on every page, the bytes of one of the product's pages: what Astro
        // itself costs for pages of the product's size, without the product's components and data.
        const sample = await firstMatching(outDir, /^area\/\d+\/products\/\d+\/index\.html$/);
        const sized = await timedBuild({
          cwd: BARE,
          env: {
            BARE_PAGES: String(counts.pages),
            BARE_PAGE_HTML: join(outDir, sample),
            OUT_DIR: `${bareOut}-sized`,
            ASTRO_CACHE_DIR: join(work, `bare-sized-cache-${size}`),
          },
        });
        const pageBytes = (await stat(join(outDir, sample))).size;
        console.log(
          row(`bare Astro, product page bytes`, sized, {
            ...(await outputCounts(`${bareOut}-sized`)),
            payloads: '',
          }),
        );
        console.log(
          `${''.padEnd(30)} each page ${pageBytes} bytes (${sample}); product ÷ this: ${(build.seconds / sized.seconds).toFixed(2)}× wall, ${(build.cpuSeconds / sized.cpuSeconds).toFixed(2)}× CPU`,
        );
        // More pairs, each from empty output and cache folders (kept, as every folder is, until the run
        // ends), the first build of each pair alternating.
        const ratios = [build.seconds / bare.seconds];
        for (let pair = 2; pair <= pairs; pair++) {
          const again = () =>
            timedBuild({
              env: {
                CATALOG_API_URL: API,
                OUT_DIR: join(work, `dist-${size}-${pair}`),
                ASTRO_CACHE_DIR: join(work, `cache-${size}-${pair}`),
              },
            });
          const bareAgain = () =>
            timedBuild({
              cwd: BARE,
              env: {
                BARE_PAGES: String(counts.pages),
                OUT_DIR: `${bareOut}-${pair}`,
                ASTRO_CACHE_DIR: join(work, `bare-cache-${size}-${pair}`),
              },
            });
          let product;
          let bareBuild;
          if (pair % 2 === 0) {
            bareBuild = await bareAgain();
            product = await again();
          } else {
            product = await again();
            bareBuild = await bareAgain();
          }
          ratios.push(product.seconds / bareBuild.seconds);
          console.log(
            `${''.padEnd(30)} pair ${pair}: product ${product.seconds.toFixed(1)} s, bare ${bareBuild.seconds.toFixed(1)} s, ${(product.seconds / bareBuild.seconds).toFixed(2)}× wall`,
          );
        }
        const sorted = [...ratios].sort((a, b) => a - b);
        const median = sorted[Math.floor(sorted.length / 2)];
        if (pairs > 1) {
          console.log(
            `${''.padEnd(30)} product ÷ bare over ${pairs} alternating pairs: median ${median.toFixed(2)}× (${ratios.map((ratio) => ratio.toFixed(2)).join(', ')})`,
          );
        }
        report.push({
          size,
          ...counts,
          ...build,
          bare: { pages: bareCounts.pages, ...bare },
          bareSized: { pageBytes, ...sized },
          pairs: { ratios, median },
        });
      } else {
        report.push({ size, ...counts, ...build });
      }
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
          // Chat mode. Every page's strings file is a dynamic import of its own: this count includes all
          // four, though a page loads one (its language's: js-visits.mjs counts what a browser loads).
          chat: 'chat/index.html',
          'chat brand': await firstMatching(outDir, /^chat\/brands\/\d+\/index\.html$/),
          'chat bag': 'chat/cart/index.html',
        };
        console.log('\nJavaScript per page type, read from the built files (raw / gzip bytes):');
        for (const [type, path] of Object.entries(types)) {
          const js = await pageJs(outDir, path);
          console.log(
            `  ${type.padEnd(10)} ${String(js.raw).padStart(7)} / ${String(js.gzip).padStart(6)}  (${js.files} files, ${js.inline} inline)`,
          );
        }
        console.log('');
      }

      // One product changed since the last build: the same cache folder, a new output folder.
      await stop(api);
      const edit = new DatabaseSync(db);
      edit
        .prepare(
          "UPDATE products SET texts = json_set(texts, '$.ja.descriptionHtml', json_extract(texts, '$.ja.descriptionHtml') || '<p>改訂</p>') WHERE id = 1",
        )
        .run();
      edit.close();
      api = await startApi();
      await expectedProductPages();
      const rebuildOut = join(work, `rebuild-${size}`);
      const rebuild = await timedBuild({
        env: { CATALOG_API_URL: API, OUT_DIR: rebuildOut, ASTRO_CACHE_DIR: cacheDir },
      });
      const rebuildCounts = await outputCounts(rebuildOut);
      await checkRebuild(rebuildOut, counts, rebuildCounts, rebuild.phases);
      console.log(row('rebuild, 1 product changed', rebuild, rebuildCounts));
      for (const phase of rebuild.phases) console.log(`${''.padEnd(32)}${phase}`);
      report.at(-1).rebuild = rebuild;
    } finally {
      await stop(api);
    }
  }
} finally {
  await rm(work, { recursive: true, force: true });
}
console.log(JSON.stringify(report));

if (!argv.includes('--skip-visits')) {
  console.log(
    '\nJavaScript per page type as Chromium loads it (gzip bytes of every script in the network log and the inline ones; bytes sent; files + inline scripts):',
  );
  await withServedSite(async (base) => {
    const rows = await jsVisits(base);
    printVisits(rows);
    const over = rows.filter((r) => !r.within).map((r) => r.type);
    if (over.length) {
      console.log(`  over budget: ${over.join(', ')}`);
      process.exitCode = 1;
    }
  });
}

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

// `npm run golden`: proves that a change left the built site as it was. Builds the reference API's
// 100-product seed with a fixed build time, build id, code version, site URL and API URL, lists every output
// file with its SHA-256, and compares the list with tests/golden/output.sha256. Prints the files that differ
// (added, removed, changed) and exits 1 when any does. `npm run golden -- --update` writes the list
// instead: do that in the commit that changes the output on purpose, and say why in its message.
// `--keep DIR` leaves the built site in DIR, to compare with another commit's (`diff -r`).
//
// A fresh API database and a fresh build cache each run, so nothing of this machine's other builds leaks in.
// The site is built from a copy of the working tree (tracked and untracked files, what `git status` sees)
// at one fixed path, because Astro hashes a component's absolute path into its islands' `uid`: the same
// source checked out elsewhere (CI's clone) would otherwise build other bytes. One run at a time holds
// that path (a lock folder beside it).
// The site is then built a second time with the first build's cache, where every product page is reused
// from the page pack: that output must be the same, file for file.

import { createHash } from 'node:crypto';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { BUILD_NODE_OPTIONS } from './build-env.mjs';
import {
  bin,
  comparedBuildEnv,
  copyWorkingTree,
  ROOT,
  runNode,
  startNode,
  stop,
  waitForHttp,
} from './lib.mjs';

const LIST = join(ROOT, 'tests/golden/output.sha256');
/** Where the site is built from: the same path on every machine. */
const FIXED = '/tmp/gift-catalogue-golden';
const SOURCE = join(FIXED, 'site');
const LOCK = `${FIXED}.lock`;
/** Part of the output (the /api proxy rule): fixed, so the list is the same on every machine. */
const API_PORT = 8797;
const API = `http://127.0.0.1:${API_PORT}`;

/**
 * The build's inputs that are not the source: every one fixed, and every optional one (telemetry, the API
 * token, paging) left unset whatever the caller's environment says (comparedBuildEnv).
 */
const BUILD_ENV = {
  ...comparedBuildEnv(API),
  BUILD_TIME: '2026-04-01T00:00:00.000Z',
  BUILD_ID: 'golden',
  // The code's version every page carries: fixed, or any edit of the source would change every page.
  CODE_VERSION: 'golden',
  // The catalogue's last change, the sitemap's lastmod: the seed's own is the time it was seeded.
  CATALOG_UPDATED_AT: '2026-04-01T00:00:00.000Z',
};

async function outputList(dir) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split('\\').join('/'))
    .sort();
  const lines = [];
  for (const file of files) {
    const digest = createHash('sha256')
      .update(await readFile(join(dir, file)))
      .digest('hex');
    lines.push(`${digest}  ${file}`);
  }
  return `${lines.join('\n')}\n`;
}

function parse(list) {
  const byFile = new Map();
  for (const line of list.split('\n')) {
    if (!line) continue;
    const digest = line.slice(0, 64);
    byFile.set(line.slice(66), digest);
  }
  return byFile;
}

/** The differences between the committed list and this build's, a line each, sorted by file. */
export function differences(expected, actual) {
  const before = parse(expected);
  const after = parse(actual);
  const lines = [];
  for (const file of [...new Set([...before.keys(), ...after.keys()])].sort()) {
    if (!after.has(file)) lines.push(`  removed  ${file}`);
    else if (!before.has(file)) lines.push(`  added    ${file}`);
    else if (before.get(file) !== after.get(file)) lines.push(`  changed  ${file}`);
  }
  return lines;
}

/** Whether the process `pid` is running. */
function running(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/**
 * Holds the fixed path for this run (a lock file naming this process); waits, up to 10 minutes, while
 * another running process holds it, and takes over a lock whose process is gone.
 */
async function lock() {
  const deadline = Date.now() + 600_000;
  for (;;) {
    try {
      await writeFile(LOCK, String(process.pid), { flag: 'wx' });
      return () => rm(LOCK, { force: true });
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      const holder = Number(await readFile(LOCK, 'utf8').catch(() => '0'));
      if (!running(holder)) await rm(LOCK, { force: true });
      else if (Date.now() > deadline)
        throw new Error(`${LOCK}: another golden run (process ${holder}) holds it`);
      else await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}

/** The working tree's files, copied to SOURCE, with this checkout's node_modules linked in. */
async function copySource() {
  await rm(FIXED, { recursive: true, force: true });
  await copyWorkingTree(SOURCE);
}

async function main() {
  const update = process.argv.includes('--update');
  const keepAt = process.argv.indexOf('--keep');
  const keep = keepAt === -1 ? undefined : process.argv[keepAt + 1];
  const work = await mkdtemp(join(tmpdir(), 'golden-'));
  const unlock = await lock();
  await copySource();
  const api = startNode(
    ['scripts/catalog-api/main.ts', '--db', join(work, 'catalog.sqlite'), '--port', String(API_PORT)],
    {
      stdio: 'ignore',
      env: {
        CATALOG_API_MODE: 'demo',
        CATALOG_DEMO_STAFF_PASSWORD: 'golden-unused',
        // As `npm start` runs it: the API's URLs (images) name the site's own /api proxy.
        CATALOG_PUBLIC_URL: `${BUILD_ENV.SITE_URL}/api`,
        // The builds ask for no picture: none is rendered ahead to compete with them.
        CATALOG_RENDER_AHEAD: '0',
      },
    },
  );
  try {
    await waitForHttp(`${API}/healthz`, 60_000);
    const build = async (out) => {
      const built = await runNode([...BUILD_NODE_OPTIONS, bin('astro/bin/astro.mjs'), 'build'], {
        cwd: SOURCE,
        env: { ...BUILD_ENV, OUT_DIR: out, ASTRO_CACHE_DIR: join(work, 'cache') },
        quiet: true,
      });
      if (built.code !== 0) console.error(`${built.output.slice(-4000)}\ngolden output: the build failed`);
      return built.code === 0;
    };
    if (!(await build(join(work, 'dist')))) return 1;
    const actual = await outputList(join(work, 'dist'));
    if (keep) await cp(join(work, 'dist'), keep, { recursive: true });
    if (!(await build(join(work, 'rebuilt')))) return 1;
    const rebuilt = differences(actual, await outputList(join(work, 'rebuilt')));
    if (rebuilt.length > 0) {
      console.error("golden output: a rebuild with the first build's cache (pages reused) differs from it:");
      console.error(rebuilt.slice(0, 200).join('\n'));
      return 1;
    }
    if (update) {
      await writeFile(LIST, actual);
      console.log(`golden output: wrote ${relative(ROOT, LIST)} (${actual.split('\n').length - 1} files)`);
      return 0;
    }
    const expected = await readFile(LIST, 'utf8').catch(() => '');
    const changed = differences(expected, actual);
    if (changed.length === 0) {
      console.log(`golden output: ${actual.split('\n').length - 1} files, all as listed`);
      return 0;
    }
    console.error(`golden output: ${changed.length} files differ from ${relative(ROOT, LIST)}:`);
    console.error(changed.slice(0, 200).join('\n'));
    if (changed.length > 200) console.error(`  … and ${changed.length - 200} more`);
    console.error('If the change is meant, run `npm run golden -- --update` and say why in the commit.');
    return 1;
  } finally {
    await stop(api);
    await rm(work, { recursive: true, force: true });
    await rm(FIXED, { recursive: true, force: true });
    await unlock();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) process.exit(await main());

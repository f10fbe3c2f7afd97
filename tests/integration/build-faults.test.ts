/**
 * A scheduled rebuild must never publish a partial catalogue: with API requests failing at random, the
 * build either produces exactly the pages of a clean build or exits non-zero, never fewer pages.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import {
  bin,
  copyWorkingTree,
  runNode,
  startNode,
  stop,
  WITHOUT_TEST_RUNNER_ENV,
  waitForHttp,
} from '../../scripts/tools/lib.mjs';

const API_PORT = Number(process.env.IT_API_PORT ?? 8821);
const API = `http://127.0.0.1:${API_PORT}`;
let api: ChildProcess;
let work: string;
/** The copy of the working tree the builds run in (copyWorkingTree), beside any build of the checkout. */
let source: string;

async function htmlPages(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && e.name.endsWith('.html'))
    .map((e) => relative(dir, join(e.parentPath, e.name)))
    .sort();
}

function build(outDir: string) {
  return runNode([bin('astro/bin/astro.mjs'), 'build'], {
    cwd: source,
    env: {
      ...WITHOUT_TEST_RUNNER_ENV,
      CATALOG_API_URL: API,
      OUT_DIR: outDir,
      SITE_URL: 'http://localhost:4321',
    },
    quiet: true,
  });
}

async function setFaults(rules: unknown[]) {
  const response = await fetch(`${API}/__faults`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ rules }),
  });
  expect(response.ok).toBe(true);
}

beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), 'build-faults-'));
  source = join(work, 'site');
  await copyWorkingTree(source);
  api = startNode(
    ['scripts/catalog-api/main.ts', '--db', join(work, 'catalog.sqlite'), '--port', String(API_PORT)],
    // The fault switch exists only with the test switches on (demo mode, the default).
    { stdio: 'ignore', env: { CATALOG_TEST_SWITCHES: '1', CATALOG_RENDER_AHEAD: '0' } },
  );
  await waitForHttp(`${API}/healthz`, 60_000);
});

afterAll(async () => {
  await stop(api);
  await rm(work, { recursive: true, force: true });
});

test('with 5% of API requests failing, the build has every page of a clean build or fails', async () => {
  const clean = await build(join(work, 'clean'));
  expect(clean.code, clean.output.slice(-2000)).toBe(0);
  // The payload files and search indexes are written by a thread that yields the CPU to the pages.
  if (process.platform === 'linux') {
    expect(clean.output).toMatch(
      /search indexes, written beside the pages in \d+ ms by a thread at priority 19/,
    );
  }
  const cleanPages = await htmlPages(join(work, 'clean'));
  expect(cleanPages.length).toBeGreaterThan(100);

  await setFaults([
    { path: '^/catalog/', status: 503, probability: 0.03 },
    { path: '^/catalog/', malformed: true, probability: 0.02 },
  ]);
  const faulty = await build(join(work, 'faulty'));
  await setFaults([]);
  if (faulty.code === 0) {
    expect(await htmlPages(join(work, 'faulty'))).toEqual(cleanPages);
  } else {
    expect(faulty.output).toMatch(/GET \/catalog\//);
  }
});

test('when the products call keeps failing, the build fails and names the endpoint', async () => {
  // The product list only (its path without the filters endpoint, /catalog/products-filters).
  await setFaults([{ path: '^/catalog/products$', status: 503, probability: 1 }]);
  const failed = await build(join(work, 'failed'));
  await setFaults([]);
  expect(failed.code).not.toBe(0);
  expect(failed.output).toMatch(
    /products not found\. \(GET \/catalog\/products\?page=1&size=100 → 503 FAULT_INJECTED\)/,
  );
});

/**
 * `npm run build` is what a deploy runs: the site check comes after astro build and fails it on a missing
 * page or a broken internal link, so a deploy with holes never goes online.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { ROOT } from './lib.mjs';

let api: http.Server;
let apiUrl: string;
let dir: string;

beforeAll(async () => {
  // One area, one product in it.
  api = http.createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    const { pathname } = new URL(req.url ?? '/', 'http://api');
    if (pathname === '/catalog/areas') res.end(JSON.stringify([{ id: 1 }]));
    else if (pathname === '/catalog/products')
      res.end(JSON.stringify({ products: [{ id: 7, areas: [1] }], count: 1 }));
    else res.writeHead(404).end('{}');
  });
  await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
  dir = mkdtempSync(join(tmpdir(), 'build-check-'));
});

afterAll(async () => {
  await new Promise((resolve) => api.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

function site(files: Record<string, string>): string {
  const root = mkdtempSync(join(dir, 'dist-'));
  for (const [path, body] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), body);
  }
  return root;
}

/**
 * `node scripts/tools/build.mjs --check-only root`, as a deploy's build step runs its check (not spawned
 * synchronously: the stand-in API answers from this process).
 */
function check(root: string): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['scripts/tools/build.mjs', '--check-only', root], {
      cwd: ROOT,
      env: { ...process.env, CATALOG_API_URL: apiUrl, SITE_URL: 'https://gift.example.jp' },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

const whole = {
  'index.html': '<a href="/area/1/">BASE A</a>',
  'area/1/index.html': '<a href="/area/1/products/7/">羊羹</a>',
  'area/1/products/7/index.html': '<a href="https://gift.example.jp/area/1/">戻る</a>',
  'area/1/products/7/_payload.json': '{}',
};

describe('the build a deploy runs', () => {
  it('passes a build that holds every page and link', async () => {
    const run = await check(site(whole));
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('site check: 3 pages');
  });

  it('fails on a missing product page, naming it', async () => {
    const { 'area/1/products/7/index.html': _, ...rest } = whole;
    const run = await check(site(rest));
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/site check failed, nothing to publish: .*\/area\/1\/products\/7\//);
  });

  it('fails on a broken internal link', async () => {
    const run = await check(
      site({ ...whole, 'index.html': '<a href="/area/1/">A</a><a href="/about/">?</a>' }),
    );
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('/about/');
  });
});

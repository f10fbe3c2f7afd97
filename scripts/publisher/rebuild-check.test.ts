import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  CHECK_LIMITS,
  callBuildHook,
  checkAndRebuild,
  type RebuildEnv,
  rebuildEnv,
} from './rebuild-check.ts';

/** The live site, the catalog API and Netlify's build hook, as three local servers. */
let apiVersion = '7';
let apiStatus = 200;
let builtVersion: string | null = '7';
let nextThemeAt: string | null = null;
let hooks: { url: string; method: string }[] = [];
/** How the live site answers /_build/latest.json: its status, and how long it takes. */
let siteStatus = 200;
let siteDelayMs = 0;
/** When set, the API answers only once the live site has been asked (a check that reads in turn times out). */
let apiWaitsForSite = false;
let siteAsked: () => void = () => {};
let siteAskedOnce = Promise.resolve();
const servers: http.Server[] = [];

async function serve(handler: http.RequestListener): Promise<string> {
  const server = http.createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

let env: RebuildEnv;

beforeAll(async () => {
  const siteUrl = await serve(async (req, res) => {
    if (req.url !== '/_build/latest.json') {
      res.writeHead(404).end();
      return;
    }
    siteAsked();
    if (siteDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, siteDelayMs));
    if (res.destroyed) return;
    if (siteStatus !== 200) {
      res.writeHead(siteStatus).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        buildId: 'b1',
        builtAt: '2026-11-23T00:00:00.000Z',
        catalogVersion: builtVersion,
        nextThemeAt,
      }),
    );
  });
  const apiUrl = await serve(async (req, res) => {
    if (req.url !== '/catalog/version' || req.headers['x-api-token'] !== 'public-token') {
      res.writeHead(401).end();
      return;
    }
    if (apiWaitsForSite) await siteAskedOnce;
    if (res.destroyed) return;
    res.writeHead(apiStatus, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ version: apiVersion, updatedAt: '2026-11-23T00:00:00.000Z' }));
  });
  const hookUrl = await serve((req, res) => {
    hooks.push({ url: req.url ?? '', method: req.method ?? '' });
    res.writeHead(200).end();
  });
  env = { siteUrl, apiUrl, apiToken: 'public-token', buildHookUrl: `${hookUrl}/build_hooks/abc123` };
});

afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
});

beforeEach(() => {
  apiVersion = '7';
  apiStatus = 200;
  builtVersion = '7';
  nextThemeAt = null;
  hooks = [];
  siteStatus = 200;
  siteDelayMs = 0;
  apiWaitsForSite = false;
  siteAskedOnce = new Promise((resolve) => {
    siteAsked = resolve;
  });
});

/** Short limits, so a stand-in that is slower than them keeps the test quick. */
const quick = { readMs: 400, hookMs: 400 };

describe('the scheduled rebuild', () => {
  test('an idle catalogue costs no build', async () => {
    expect(await checkAndRebuild(env)).toEqual({ action: 'skipped', version: '7' });
    expect(hooks).toEqual([]);
  });

  test('a changed catalogue calls the build hook once, saying why', async () => {
    apiVersion = '8';
    expect(await checkAndRebuild(env)).toEqual({ action: 'triggered', from: '7', to: '8' });
    expect(hooks).toHaveLength(1);
    expect(hooks[0]?.method).toBe('POST');
    const called = new URL(hooks[0]?.url ?? '', 'http://hook');
    expect(called.pathname).toBe('/build_hooks/abc123');
    expect(called.searchParams.get('trigger_title')).toBe('catalogue changed: 7 → 8');
  });

  test('a seasonal theme dated after the live build is built on its date, not before', async () => {
    nextThemeAt = '2026-11-30T15:00:00.000Z';
    expect(await checkAndRebuild(env, fetch, new Date('2026-11-30T14:59:00Z'))).toEqual({
      action: 'skipped',
      version: '7',
    });
    expect(await checkAndRebuild(env, fetch, new Date('2026-11-30T15:00:00Z'))).toEqual({
      action: 'triggered',
      from: '7',
      to: '7',
    });
    expect(new URL(hooks[0]?.url ?? '', 'http://hook').searchParams.get('trigger_title')).toBe(
      'seasonal theme launch: 2026-11-30T15:00:00.000Z',
    );
  });

  test('a live build that does not know its version is rebuilt', async () => {
    builtVersion = null;
    expect(await checkAndRebuild(env)).toMatchObject({ action: 'triggered', from: null, to: '7' });
  });

  test('an API that cannot answer triggers nothing and says so', async () => {
    apiStatus = 503;
    expect(await checkAndRebuild(env)).toEqual({ action: 'failed', reason: expect.stringContaining('503') });
    expect(await checkAndRebuild({ ...env, apiUrl: 'http://127.0.0.1:9' })).toMatchObject({
      action: 'failed',
    });
    expect(hooks).toEqual([]);
  });

  test('a build hook that fails or cannot be reached is named by its status, never by its URL', async () => {
    apiVersion = '8';
    const hookFails = (async () => new Response('', { status: 500 })) as unknown as typeof fetch;
    const failing = (async (url: string | URL | Request, init?: RequestInit) =>
      String(url).includes('/build_hooks/') ? hookFails(url, init) : fetch(url, init)) as typeof fetch;
    expect(await checkAndRebuild(env, failing)).toEqual({
      action: 'failed',
      reason: 'the build hook answered 500',
    });
    const unreachable = await checkAndRebuild({
      ...env,
      buildHookUrl: 'http://127.0.0.1:9/build_hooks/abc123',
    });
    expect(unreachable).toMatchObject({
      action: 'failed',
      reason: expect.stringMatching(/could not be reached/),
    });
    expect(JSON.stringify(unreachable)).not.toContain('abc123');
    await expect(callBuildHook('not a url', 'x')).rejects.toThrow('BUILD_HOOK_URL is not a URL');
  });

  test('reads the catalog API and the live site at the same time', async () => {
    // The API answers only after the live site was asked: a check that waited for the API first would
    // run out of time on it.
    apiWaitsForSite = true;
    expect(await checkAndRebuild(env, fetch, new Date(), quick)).toEqual({ action: 'skipped', version: '7' });
  });

  test('a slow live site is not "no live build": nothing is built, and the check says why', async () => {
    apiVersion = '8';
    siteDelayMs = 2000;
    const started = Date.now();
    const outcome = await checkAndRebuild(env, fetch, new Date(), quick);
    expect(outcome).toEqual({ action: 'failed', reason: expect.stringMatching(/^live site: .*timed out/) });
    expect(hooks).toEqual([]);
    expect(Date.now() - started).toBeLessThan(siteDelayMs);
  });

  test('a live site that cannot answer (5xx) is not "no live build" either', async () => {
    apiVersion = '8';
    siteStatus = 503;
    expect(await checkAndRebuild(env)).toEqual({ action: 'failed', reason: expect.stringContaining('503') });
    expect(hooks).toEqual([]);
  });

  test('a site with no live build yet (no /_build/latest.json) is built', async () => {
    siteStatus = 404;
    expect(await checkAndRebuild(env)).toEqual({ action: 'triggered', from: null, to: '7' });
    expect(hooks).toHaveLength(1);
  });

  test("its requests' time limits add up to less than Netlify's 30 s for a scheduled function", () => {
    // The two reads run side by side, then at most one call of the build hook.
    expect(CHECK_LIMITS.readMs + CHECK_LIMITS.hookMs).toBeLessThan(30_000);
  });

  test('the environment names what is missing', () => {
    expect(rebuildEnv({ URL: 'https://gift.example.jp' })).toEqual({
      missing: ['CATALOG_API_URL', 'BUILD_HOOK_URL'],
    });
    expect(
      rebuildEnv({
        URL: 'https://a.example',
        CATALOG_API_URL: 'https://api.example',
        BUILD_HOOK_URL: 'https://h.example/x',
      }),
    ).toMatchObject({ apiToken: 'gift-catalogue-public-token' });
  });

  it("reads the storefront's token under the name the build reads", () => {
    const env = {
      URL: 'https://a.example',
      CATALOG_API_URL: 'https://api.example',
      BUILD_HOOK_URL: 'https://h.example/x',
      PUBLIC_CATALOG_API_TOKEN: 'store-token',
    };
    expect(rebuildEnv(env)).toMatchObject({ apiToken: 'store-token' });
  });
});

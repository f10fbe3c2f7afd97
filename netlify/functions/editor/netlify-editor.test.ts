/**
 * The editor function's handler against stand-ins on 127.0.0.1 for everything it reaches: the catalog API
 * (whom a staff cookie belongs to), the build hook, Netlify's API (the deploy list) and the live site
 * (/_build/latest.json). Nothing leaves this machine.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { getStore } from '@netlify/blobs';
import { BlobsServer } from '@netlify/blobs/server';
import { build } from 'esbuild';
import { EDITOR_PATHS } from '../../../scripts/publisher/editor.ts';
import editorMain, { config } from './editor.mts';
import { blobsMemory, type EditorMemory, editorMemory } from './editor-memory.ts';
import { deployRecord, editorFunction, PENDING_MS } from './netlify-editor.ts';

const SITE = 'https://gift.example.jp';
const HOOK_SECRET = 'hook-secret-5f2a9c';
const TOKEN = 'nfp_token-secret-81b3';

let hooks: string[] = [];
let deployRequests: { url: string; authorization: string | undefined }[] = [];
let deploys: Record<string, unknown>[] = [];
let deployStatus = 200;
let live = { buildId: 'b-live', builtAt: '2026-11-23T08:00:00.000Z', catalogVersion: '7', nextThemeAt: null };
const servers: http.Server[] = [];
let urls: { api: string; hook: string; netlify: string; site: string };

async function serve(handler: http.RequestListener): Promise<string> {
  const server = http.createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  urls = {
    // The catalog API's GET /store/session: whom each staff cookie belongs to.
    api: await serve((req, res) => {
      const cookie = req.headers.cookie ?? '';
      const who = cookie.includes('__Host-staff=editor')
        ? { account: 'editor-1', roles: ['editor', 'counter'] }
        : cookie.includes('__Host-staff=counter')
          ? { account: 'counter-1', roles: ['counter'] }
          : null;
      if (req.url !== '/store/session' || who === null) {
        res.writeHead(403, { 'content-type': 'application/json' }).end('{"code":"FORBIDDEN"}');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(who));
    }),
    hook: await serve((req, res) => {
      hooks.push(`${req.method} ${req.url}`);
      res.writeHead(200).end();
    }),
    netlify: await serve((req, res) => {
      deployRequests.push({ url: req.url ?? '', authorization: req.headers.authorization });
      if (req.headers.authorization !== `Bearer ${TOKEN}`) {
        res.writeHead(401).end('{"code":401,"message":"Access Denied"}');
        return;
      }
      res.writeHead(deployStatus, { 'content-type': 'application/json' }).end(JSON.stringify(deploys));
    }),
    site: await serve((req, res) => {
      if (req.url !== '/_build/latest.json') return void res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(live));
    }),
  };
});

afterAll(() => Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve)))));

let clock = Date.parse('2026-11-23T09:00:00.000Z');
/** Everything the handler answered, headers and body, to search for secrets. */
let answered: string[] = [];
let logged: string[] = [];
/** Any address a test tried to reach beyond this machine (the function swallows some failures). */
let outside: string[] = [];

beforeEach(() => {
  hooks = [];
  deployRequests = [];
  deploys = [];
  deployStatus = 200;
  live = { buildId: 'b-live', builtAt: '2026-11-23T08:00:00.000Z', catalogVersion: '7', nextThemeAt: null };
  clock = Date.parse('2026-11-23T09:00:00.000Z');
  answered = [];
  logged = [];
  outside = [];
  // Loopback only: a request anywhere else fails the test that made it.
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.hostname !== '127.0.0.1') {
      outside.push(url.origin);
      throw new Error(`a test reached ${url.origin}`);
    }
    return realFetch(input, init);
  });
  for (const method of ['log', 'error', 'warn', 'info'] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      logged.push(args.map(String).join(' '));
    });
  }
});

afterEach(() => {
  vi.restoreAllMocks();
  expect(outside).toEqual([]);
  // The hook's URL and the Netlify token: in no answer and in no log line, whatever the test did.
  for (const text of [...answered, ...logged]) {
    expect(text).not.toContain(HOOK_SECRET);
    expect(text).not.toContain(TOKEN);
  }
});

/** The function as Netlify would run it, with the given variables (a token or not). */
function fn(withToken: boolean, memory?: EditorMemory) {
  const handle = editorFunction(
    {
      CATALOG_API_URL: urls.api,
      BUILD_HOOK_URL: `${urls.hook}/build_hooks/${HOOK_SECRET}`,
      URL: urls.site,
      SITE_ID: 'site-123',
      ...(withToken && { NETLIFY_API_TOKEN: TOKEN }),
    },
    { netlifyApi: `${urls.netlify}/api/v1`, now: () => clock, ...(memory && { memory }) },
  );
  return async (path: string, init: RequestInit = {}) => {
    const res = await handle(new Request(`${SITE}${path}`, { redirect: 'manual', ...init }));
    const body = await res.text();
    answered.push(JSON.stringify([...res.headers]), body);
    return { status: res.status, headers: res.headers, body };
  };
}

const editor = { cookie: '__Host-staff=editor-session' };
const counter = { cookie: '__Host-staff=counter-session' };
const fromSite = { origin: SITE, 'sec-fetch-site': 'same-origin' };
const press = (call: ReturnType<typeof fn>, headers: Record<string, string>) =>
  call('/editor/publish', { method: 'POST', headers });

describe('the editor page on Netlify', () => {
  test('asks whoever is not signed in to sign in with the staff sign-in under /api', async () => {
    const call = fn(false);
    const page = await call('/editor/');
    expect(page.status).toBe(401);
    expect(page.body).toContain('action="/api/store/signin"');
    expect(page.body).toContain('name="next" value="editor"');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect((await call('/editor/status.json')).status).toBe(401);
    expect((await press(call, fromSite)).status).toBe(401);
    expect(hooks).toEqual([]);
  });

  test('refuses counter staff: no page, no builds, no publishing', async () => {
    const call = fn(true);
    const page = await call('/editor/', { headers: counter });
    expect(page.status).toBe(403);
    expect(page.body).toContain('編集担当の権限がありません');
    expect(page.body).not.toContain('今すぐ公開');
    expect((await call('/editor/status.json', { headers: counter })).status).toBe(403);
    expect((await press(call, { ...counter, ...fromSite })).status).toBe(403);
    expect(hooks).toEqual([]);
  });

  test('refuses a post from another site, or without an origin, whatever the cookie', async () => {
    const call = fn(false);
    for (const headers of [
      { ...editor, origin: 'https://evil.example' },
      { ...editor, origin: SITE, 'sec-fetch-site': 'cross-site' },
      { ...editor, origin: 'http://gift.example.jp' },
      editor,
    ]) {
      const res = await press(call, headers);
      expect(res.status).toBe(403);
      expect(res.body).toContain('「今すぐ公開」ボタンからだけ受け付けます。');
    }
    expect(hooks).toEqual([]);
  });

  test('serves its script and style, and answers on the paths its config names', async () => {
    const call = fn(false);
    const script = await call('/editor/editor.js');
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(script.body).toContain('/editor/status.json');
    expect((await call('/editor/editor.css')).status).toBe(200);
    expect((await call('/editor', { headers: editor })).headers.get('location')).toBe('/editor/');
    expect([...(config.path ?? [])].sort()).toEqual([...EDITOR_PATHS].sort());
  });
});

describe('publishing without a Netlify token', () => {
  test('an editor publishes once; a second press while that build is awaited is coalesced', async () => {
    const call = fn(false);
    const first = await press(call, { ...editor, ...fromSite });
    expect(first.status).toBe(303);
    expect(first.headers.get('location')).toBe('/editor/');
    expect(hooks).toHaveLength(1);
    const hook = new URL(hooks[0]?.split(' ')[1] ?? '', 'http://hook');
    expect(hooks[0]).toMatch(/^POST /);
    expect(hook.pathname).toBe(`/build_hooks/${HOOK_SECRET}`);
    expect(hook.searchParams.get('trigger_title')).toBe('editor: editor-1');

    clock += 60_000;
    expect((await press(call, { ...editor, ...fromSite })).status).toBe(303);
    expect(hooks).toHaveLength(1);
    expect(logged).toContain('editor: editor-1 asked to publish (coalesced)');

    const status = JSON.parse((await call('/editor/status.json', { headers: editor })).body);
    expect(status.busy).toBe(true);
    expect(status.status.message).toMatch(
      /^ビルドを頼みました。Netlify でビルドと検査が終わると公開されます。/,
    );
    expect(status.progress.text).toBe('依頼から1分00秒');
    expect(status.builds[0].rows).toContainEqual([
      '結果',
      '依頼済み（Netlify でビルドが始まるのを待っています）',
    ]);
    expect(status.builds[0].rows).toContainEqual(['きっかけ', '今すぐ公開（editor-1）']);
  });

  test('once a build newer than the press is live, the page says it is published, and the next press builds', async () => {
    const call = fn(false);
    await press(call, { ...editor, ...fromSite });
    live = { ...live, buildId: 'b-new', builtAt: new Date(clock + 30_000).toISOString() };
    clock += 120_000;
    const page = await call('/editor/', { headers: editor });
    expect(page.body).toMatch(/data-busy="false">公開しました（2026年11月23日 18:00:30 開始）/);
    expect(page.body).toContain('公開中のビルド b-new');
    expect(page.body).toContain('Netlify のアクセストークンが設定されていないため');
    expect(page.body).toContain('Netlify の scheduled-rebuild 関数');
    await press(call, { ...editor, ...fromSite });
    expect(hooks).toHaveLength(2);
  });

  test('a press never seen live is shown as unknown after a while, and no longer holds the next one back', async () => {
    const call = fn(false);
    await press(call, { ...editor, ...fromSite });
    clock += PENDING_MS + 1000;
    const status = JSON.parse((await call('/editor/status.json', { headers: editor })).body);
    expect(status.busy).toBe(false);
    expect(status.status.tone).toBe('failed');
    expect(status.builds[0].rows).toContainEqual(['結果', '不明（公開されたビルドが見つかりません）']);
    await press(call, { ...editor, ...fromSite });
    expect(hooks).toHaveLength(2);
  });
});

describe('with a Netlify token', () => {
  const deploy = (over: Record<string, unknown>) => ({
    id: 'd1',
    state: 'ready',
    context: 'production',
    created_at: '2026-11-23T08:00:00.000Z',
    published_at: '2026-11-23T08:01:10.000Z',
    deploy_time: 65,
    title: 'catalogue changed: 6 → 7',
    error_message: null,
    ...over,
  });

  test("lists the last builds from Netlify's deploy list, read with the token", async () => {
    deploys = [
      deploy({
        id: 'd3',
        state: 'error',
        created_at: '2026-11-23T08:40:00.000Z',
        deploy_time: 20,
        title: 'editor: editor-1',
        error_message: 'Build script returned non-zero exit code: 2',
      }),
      deploy({
        id: 'd2',
        created_at: '2026-11-23T08:20:00.000Z',
        deploy_time: 71,
        title: 'Merge pull request #12',
      }),
      deploy({ id: 'd1' }),
      deploy({ id: 'p1', context: 'deploy-preview', title: 'a preview' }),
    ];
    const call = fn(true);
    const page = await call('/editor/', { headers: editor });
    expect(page.status).toBe(200);
    expect(deployRequests).toHaveLength(1);
    expect(deployRequests[0]?.authorization).toBe(`Bearer ${TOKEN}`);
    const asked = new URL(deployRequests[0]?.url ?? '', 'http://netlify');
    expect(asked.pathname).toBe('/api/v1/sites/site-123/deploys');
    expect(asked.searchParams.get('production')).toBe('true');
    expect(page.body).toContain('Netlify のデプロイ一覧（本番）から表示しています。');
    expect(page.body).toContain('<dt>きっかけ</dt><dd>今すぐ公開（editor-1）</dd>');
    expect(page.body).toContain('<dd>失敗（ビルドできませんでした）</dd>');
    expect(page.body).toContain('<dt>理由</dt><dd>Build script returned non-zero exit code: 2</dd>');
    expect(page.body).toContain('<dt>きっかけ</dt><dd>Netlify のデプロイ（Merge pull request #12）</dd>');
    expect(page.body).toContain('<dt>きっかけ</dt><dd>定期ビルド（catalogue changed: 6 → 7）</dd>');
    expect(page.body).toContain('<dt>所要時間</dt><dd>1分11秒</dd>');
    expect(page.body).not.toContain('a preview');
    // Durations from the deploys: drawn, and the last failure told in the status.
    expect(page.body).toContain('<figcaption id="chart-summary">最近3回のビルドの所要時間');
    expect(page.body).toMatch(
      /公開できませんでした（2026年11月23日 17:40:00 開始）。.*理由: Build script returned/,
    );
  });

  test('a press while Netlify builds or has a build waiting is coalesced; once it is done, the next builds', async () => {
    deploys = [
      deploy({
        id: 'd2',
        state: 'building',
        created_at: '2026-11-23T08:59:00.000Z',
        deploy_time: null,
        published_at: null,
        title: 'Merge pull request #13',
      }),
      deploy({}),
    ];
    const call = fn(true);
    expect((await press(call, { ...editor, ...fromSite })).status).toBe(303);
    deploys = [
      deploy({
        id: 'd2',
        state: 'enqueued',
        created_at: '2026-11-23T08:59:00.000Z',
        deploy_time: null,
        published_at: null,
      }),
      deploy({}),
    ];
    expect((await press(call, { ...editor, ...fromSite })).status).toBe(303);
    expect(hooks).toEqual([]);
    const busy = JSON.parse((await call('/editor/status.json', { headers: editor })).body);
    expect(busy).toMatchObject({ busy: true, progress: { value: null } });
    expect(busy.builds[0].rows).toContainEqual(['結果', '順番待ち（前のビルドが終わると始まります）']);

    deploys = [deploy({ id: 'd2', created_at: '2026-11-23T08:59:00.000Z' }), deploy({})];
    await press(call, { ...editor, ...fromSite });
    expect(hooks).toHaveLength(1);
    // Its deploy is not listed yet: the press is, and holds the next one back.
    await press(call, { ...editor, ...fromSite });
    expect(hooks).toHaveLength(1);
    deploys = [
      deploy({
        id: 'd4',
        state: 'building',
        created_at: new Date(clock + 2000).toISOString(),
        title: 'editor: editor-1',
        deploy_time: null,
        published_at: null,
      }),
      ...deploys,
    ];
    const building = JSON.parse((await call('/editor/status.json', { headers: editor })).body);
    expect(building.status.message).toMatch(
      /^ビルド中です。終わるまでは、いまのサイトがそのまま表示されます。前回のビルドは1分05秒かかりました。$/,
    );
    expect(building.builds).toHaveLength(3);
  });

  test('a deploy list Netlify will not give falls back to the live build, and says why', async () => {
    deployStatus = 500;
    const call = fn(true);
    const page = await call('/editor/', { headers: editor });
    expect(page.body).toContain('Netlify のデプロイ一覧を読めませんでした（Netlify が 500 と答えました）。');
    expect(page.body).toContain('公開中のビルド b-live');
    expect(logged).toContain("editor: Netlify's deploy list answered 500");
  });
});

describe('remembering across cold starts (Netlify Blobs, in its local sandbox)', () => {
  const BLOBS_TOKEN = 'blobs-token';
  let blobs: BlobsServer;
  let blobsDir: string;
  let blobsUrl: string;
  let storeName: string;
  let stores = 0;
  beforeAll(async () => {
    blobsDir = await mkdtemp(join(tmpdir(), 'editor-blobs-'));
    blobs = new BlobsServer({ directory: blobsDir, token: BLOBS_TOKEN, logger: () => {} });
    blobsUrl = `http://127.0.0.1:${(await blobs.start()).port}`;
  });
  afterAll(async () => {
    await blobs.stop();
    await rm(blobsDir, { recursive: true, force: true });
  });
  beforeEach(() => {
    storeName = `editor-${++stores}`;
  });
  /** A function instance as a cold start makes it: its own client of the site's store. */
  const coldStart = (withToken = false) =>
    fn(
      withToken,
      blobsMemory(
        getStore({
          name: storeName,
          siteID: 'site-123',
          token: BLOBS_TOKEN,
          edgeURL: blobsUrl,
          uncachedEdgeURL: blobsUrl,
          consistency: 'strong',
        }),
      ),
    );

  test('a press made before a cold start still holds the next one back, and is still shown', async () => {
    await press(coldStart(), { ...editor, ...fromSite });
    expect(hooks).toHaveLength(1);
    clock += 60_000;
    const next = coldStart();
    await press(next, { ...editor, ...fromSite });
    expect(hooks).toHaveLength(1);
    const status = JSON.parse((await next('/editor/status.json', { headers: editor })).body);
    expect(status.busy).toBe(true);
    expect(status.builds[0].rows).toContainEqual([
      '結果',
      '依頼済み（Netlify でビルドが始まるのを待っています）',
    ]);
  });

  test('what became of a press is remembered after a cold start', async () => {
    await press(coldStart(), { ...editor, ...fromSite });
    live = { ...live, buildId: 'b-new', builtAt: new Date(clock + 30_000).toISOString() };
    clock += 120_000;
    expect((await coldStart()('/editor/', { headers: editor })).body).toContain('公開しました');
    // Another deploy goes live later; a new instance still names the editor's press and its build.
    live = { ...live, buildId: 'b-newer', builtAt: new Date(clock + 600_000).toISOString() };
    clock += 900_000;
    const status = JSON.parse((await coldStart()('/editor/status.json', { headers: editor })).body);
    const rows = status.builds.map((b: { rows: string[][] }) => Object.fromEntries(b.rows));
    expect(rows).toContainEqual(
      expect.objectContaining({ きっかけ: '今すぐ公開（editor-1）', 結果: '公開済み' }),
    );
    expect(JSON.stringify(status)).toContain('b-new');
  });

  test('a press never seen live is remembered as unknown', async () => {
    await press(coldStart(), { ...editor, ...fromSite });
    clock += PENDING_MS + 1000;
    await coldStart()('/editor/status.json', { headers: editor });
    const status = JSON.parse((await coldStart()('/editor/status.json', { headers: editor })).body);
    expect(status.builds[0].rows).toContainEqual(['結果', '不明（公開されたビルドが見つかりません）']);
  });

  test('a press another instance wrote between this one reading and writing is not doubled', async () => {
    const other = coldStart();
    const store = getStore({
      name: storeName,
      siteID: 'site-123',
      token: BLOBS_TOKEN,
      edgeURL: blobsUrl,
      uncachedEdgeURL: blobsUrl,
      consistency: 'strong',
    });
    let raced = false;
    // The other instance's whole press lands just after this one has read the store.
    const racing = new Proxy(store, {
      get(target, name) {
        const value = Reflect.get(target, name);
        if (name !== 'get' || typeof value !== 'function')
          return typeof value === 'function' ? value.bind(target) : value;
        return async (...args: unknown[]) => {
          const read = await value.apply(target, args);
          if (!raced) {
            raced = true;
            await press(other, { ...editor, ...fromSite });
          }
          return read;
        };
      },
    });
    // The first read finds no entry (it does not get it): the race is on the store's first write.
    await press(other, { ...editor, ...fromSite });
    live = { ...live, buildId: 'b-new', builtAt: new Date(clock + 30_000).toISOString() };
    clock += 120_000;
    expect(hooks).toHaveLength(1);
    await press(fn(false, blobsMemory(racing)), { ...editor, ...fromSite });
    expect(raced).toBe(true);
    expect(hooks).toHaveLength(2);
  });

  test('a press whose build hook fails is not remembered as asked for', async () => {
    const call = fn(
      false,
      blobsMemory(
        getStore({
          name: storeName,
          siteID: 's',
          token: BLOBS_TOKEN,
          edgeURL: blobsUrl,
          uncachedEdgeURL: blobsUrl,
          consistency: 'strong',
        }),
      ),
    );
    const broken = editorFunction(
      {
        CATALOG_API_URL: urls.api,
        BUILD_HOOK_URL: 'http://127.0.0.1:9/build_hooks/x',
        URL: urls.site,
      },
      {
        now: () => clock,
        memory: blobsMemory(
          getStore({
            name: storeName,
            siteID: 's',
            token: BLOBS_TOKEN,
            edgeURL: blobsUrl,
            uncachedEdgeURL: blobsUrl,
            consistency: 'strong',
          }),
        ),
      },
    );
    const res = await broken(
      new Request(`${SITE}/editor/publish`, { method: 'POST', headers: { ...editor, ...fromSite } }),
    );
    expect(res.status).toBe(502);
    await press(call, { ...editor, ...fromSite });
    expect(hooks).toHaveLength(1);
  });

  test('on Netlify the function finds its Blobs in the environment; without them it keeps presses in memory', async () => {
    const lines: string[] = [];
    expect(editorMemory((line) => lines.push(line)).where).toBe('memory');
    expect(lines).toEqual([
      'editor: Netlify Blobs are not configured here; presses are kept in this instance only',
    ]);
    const context = { siteID: 'site-123', token: BLOBS_TOKEN, edgeURL: blobsUrl, uncachedEdgeURL: blobsUrl };
    vi.stubEnv('NETLIFY_BLOBS_CONTEXT', Buffer.from(JSON.stringify(context)).toString('base64'));
    try {
      expect(editorMemory().where).toBe('blobs');
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

describe('the function itself', () => {
  test('without its variables it says which are missing and calls nothing', async () => {
    const handle = editorFunction({ URL: urls.site });
    const res = await handle(new Request(`${SITE}/editor/`, { headers: editor }));
    expect(res.status).toBe(503);
    const body = await res.text();
    expect(body).toContain('CATALOG_API_URL、BUILD_HOOK_URL');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(logged).toEqual(['editor: not configured, missing CATALOG_API_URL, BUILD_HOOK_URL']);
  });

  test("the default export answers Netlify's requests from the process environment", async () => {
    vi.stubEnv('CATALOG_API_URL', '');
    vi.stubEnv('BUILD_HOOK_URL', '');
    const res = await editorMain(new Request(`${SITE}/editor/`), {} as never);
    expect(res.status).toBe(503);
    vi.unstubAllEnvs();
  });

  test('bundles into one file that serves the page away from the repository, as Netlify bundles it', async () => {
    const out = await mkdtemp(join(tmpdir(), 'editor-function-'));
    try {
      await build({
        entryPoints: [fileURLToPath(new URL('./editor.mts', import.meta.url))],
        bundle: true,
        platform: 'node',
        format: 'esm',
        outfile: join(out, 'editor.mjs'),
        logLevel: 'silent',
      });
      const bundled = (await import(
        pathToFileURL(join(out, 'editor.mjs')).href
      )) as typeof import('./editor.mts');
      // Every address it reaches is a stand-in's: the API, the hook, the live site; no Netlify token.
      vi.stubEnv('CATALOG_API_URL', urls.api);
      vi.stubEnv('BUILD_HOOK_URL', `${urls.hook}/build_hooks/${HOOK_SECRET}`);
      vi.stubEnv('URL', urls.site);
      vi.stubEnv('NETLIFY_API_TOKEN', '');
      const script = await bundled.default(new Request(`${SITE}/editor/editor.js`), {} as never);
      expect(script.status).toBe(200);
      expect(await script.text()).toContain('/editor/status.json');
      const page = await bundled.default(new Request(`${SITE}/editor/`, { headers: editor }), {} as never);
      expect(await page.text()).toContain('今すぐ公開');
    } finally {
      vi.unstubAllEnvs();
      await rm(out, { recursive: true, force: true });
    }
  });

  test('reads a deploy whatever Netlify leaves out', () => {
    expect(deployRecord({ state: 'building' }, 1)).toMatchObject({
      trigger: 'deploy',
      cause: 'Netlify',
      outcome: 'building',
      durationMs: null,
    });
    expect(deployRecord({ state: 'new', title: 'editor: ../x' }, 2)).toMatchObject({
      trigger: 'deploy',
      outcome: 'queued',
    });
    expect(
      deployRecord(
        { state: 'ready', created_at: '2026-11-23T08:00:00Z', published_at: '2026-11-23T08:00:42Z' },
        3,
      ),
    ).toMatchObject({ outcome: 'published', durationMs: 42_000 });
  });
});

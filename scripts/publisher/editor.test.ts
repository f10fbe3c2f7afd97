import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { editorHandler, editorRoutes } from './editor.ts';
import type { BuildProgress, BuildRecord, PublishRequest } from './publisher.ts';

/** A publisher that records what it is asked. */
const publisher = {
  requests: [] as PublishRequest[],
  records: [] as BuildRecord[],
  busy: false,
  queued: false,
  progress: null as BuildProgress | null,
  async press(request: PublishRequest) {
    this.requests.push(request);
    return 'started' as const;
  },
};

/** The catalog API's answer to GET /store/session: who holds which cookie. */
let apiDown = false;
const fetcher = (async (_url: string | URL | Request, init?: RequestInit) => {
  if (apiDown) return new Response('{}', { status: 503 });
  const cookie = new Headers(init?.headers).get('cookie') ?? '';
  if (cookie.includes('__Host-staff=good')) return Response.json({ account: 'editor-1', roles: ['editor'] });
  if (cookie.includes('__Host-staff=counter'))
    return Response.json({ account: 'counter-1', roles: ['counter'] });
  return Response.json({ code: 'FORBIDDEN', message: 'Staff sign-in is required' }, { status: 403 });
}) as typeof fetch;

let server: http.Server;
let base: string;
let nextThemeAt: string | null = null;
const staff = { cookie: '__Host-staff=good' };

beforeAll(async () => {
  const routes = editorRoutes({
    publisher,
    apiUrl: 'http://api.invalid',
    schedule: '@hourly',
    fetcher,
    nextThemeAt: async () => nextThemeAt,
  });
  server = http.createServer(async (req, res) => {
    if (!(await routes(req, res))) res.writeHead(418).end('not the editor');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

beforeEach(() => {
  publisher.requests = [];
  publisher.records = [];
  publisher.busy = false;
  publisher.queued = false;
  publisher.progress = null;
  apiDown = false;
  nextThemeAt = null;
});

const record = (over: Partial<BuildRecord>): BuildRecord => ({
  id: 1,
  trigger: 'editor',
  cause: 'editor-1',
  startedAt: '2026-11-23T09:00:00.000Z',
  durationMs: 31_400,
  pages: 176,
  outcome: 'published',
  reason: null,
  ...over,
});

const publish = (headers: Record<string, string>) =>
  fetch(`${base}/editor/publish`, { method: 'POST', redirect: 'manual', headers });

describe('the editor page', () => {
  test('answers only under /editor/', async () => {
    expect((await fetch(`${base}/about/`)).status).toBe(418);
    expect((await fetch(`${base}/editorial/`)).status).toBe(418);
    const bare = await fetch(`${base}/editor`, { redirect: 'manual' });
    expect(bare.headers.get('location')).toBe('/editor/');
  });

  test('asks whoever is not signed in to sign in as staff, and comes back here after', async () => {
    for (const headers of [{}, { cookie: '__Host-staff=forged' }]) {
      const res = await fetch(`${base}/editor/`, { headers });
      expect(res.status).toBe(401);
      const html = await res.text();
      expect(html).toContain('このページは編集担当のスタッフ専用です。');
      expect(html).toContain('action="/api/store/signin"');
      expect(html).toContain('name="next" value="editor"');
      expect(html).toMatch(/<label for="account">アカウント名<\/label>/);
      expect(html).not.toContain('今すぐ公開');
    }
    expect((await fetch(`${base}/editor/status.json`)).status).toBe(401);
  });

  test('shows the signed-in staff the last builds: when, how long, pages, outcome and the reason', async () => {
    publisher.records = [
      record({
        id: 2,
        outcome: 'failed',
        pages: null,
        trigger: 'schedule',
        cause: 'catalogue changed: 4 → 5',
        reason: 'products not found. (GET /catalog/products → 503) <script>',
      }),
      record({}),
      record({ id: 0, trigger: 'start', durationMs: 65_000 }),
    ];
    const res = await fetch(`${base}/editor/`, { headers: staff });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<strong>editor-1</strong>');
    expect(html).toContain(
      '<button type="submit" id="publish" aria-describedby="publish-note">今すぐ公開</button>',
    );
    expect(html).toContain('<dt>開始</dt><dd>2026年11月23日 18:00:00</dd>');
    expect(html).toContain('<dt>所要時間</dt><dd>31秒</dd><dt>ページ数</dt><dd>176ページ</dd>');
    expect(html).toContain('<dt>結果</dt><dd>失敗（ビルドできませんでした）</dd>');
    expect(html).toContain('<dt>きっかけ</dt><dd>定期ビルド（catalogue changed: 4 → 5）</dd>');
    expect(html).toContain('<dt>所要時間</dt><dd>1分05秒</dd>');
    expect(html).toContain('<dt>きっかけ</dt><dd>起動時のビルド</dd>');
    // Reasons quote API messages: escaped, never markup.
    expect(html).toContain('<dd>products not found. (GET /catalog/products → 503) &lt;script&gt;</dd>');
    expect(html).toMatch(
      /role="status" aria-live="polite" data-busy="false">公開できませんでした（.*）。いまのサイトをそのまま表示しています。理由: products not found/,
    );
  });

  test('tells when the next seasonal theme appears, and that the schedule publishes it', async () => {
    expect(await (await fetch(`${base}/editor/`, { headers: staff })).text()).not.toContain(
      '次の季節のテーマ',
    );
    nextThemeAt = '2026-11-30T15:00:00.000Z';
    const html = await (await fetch(`${base}/editor/`, { headers: staff })).text();
    expect(html).toContain(
      '次の季節のテーマは 2026年12月1日 00:00:00 から表示されます。その時刻のあとの最初の定期ビルドで、自動で公開されます。',
    );
  });

  test('says so while a build runs, and when one more is waiting', async () => {
    publisher.busy = true;
    publisher.records = [record({ outcome: 'building', durationMs: null, pages: null })];
    const body = await (await fetch(`${base}/editor/status.json`, { headers: staff })).json();
    expect(body).toMatchObject({ busy: true, status: { tone: 'busy' } });
    expect(body.status.message).toMatch(/^ビルド中です。/);
    expect(body.builds[0].rows).toContainEqual(['結果', 'ビルド中']);
    publisher.queued = true;
    const queued = await (await fetch(`${base}/editor/status.json`, { headers: staff })).json();
    expect(queued.status.message).toContain('終わりしだい、もう一度ビルドします。');
  });

  test("shows how far the build under way has come, from the publisher's progress", async () => {
    publisher.busy = true;
    publisher.records = [record({ outcome: 'building', durationMs: null, pages: null }), record({ id: 0 })];
    publisher.progress = { stage: 'pages', done: 45, planned: 176 };
    const body = await (await fetch(`${base}/editor/status.json`, { headers: staff })).json();
    expect(body.status.message).toBe(
      'ビルド中です。ページを作っています。終わるまでは、いまのサイトがそのまま表示されます。前回のビルドは31秒かかりました。',
    );
    expect(body.progress).toMatchObject({
      value: 45,
      max: 176,
      text: expect.stringMatching(/^ページの作成 45 \/ 176 ページ/),
    });
    const html = await (await fetch(`${base}/editor/`, { headers: staff })).text();
    expect(html).toMatch(/<progress id="progress" max="176" value="45">ページの作成 45 \/ 176 ページ/);
  });

  test('runs under a strict content security policy, uncached, never framed', async () => {
    const res = await fetch(`${base}/editor/`, { headers: staff });
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("style-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const html = await res.text();
    expect(html).not.toMatch(/<script(?![^>]*\ssrc=)/);
    expect(html).not.toMatch(/<style|\sstyle=/);
    const script = await fetch(`${base}/editor/editor.js`);
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(await script.text()).toContain('textContent');
    expect((await fetch(`${base}/editor/editor.css`)).status).toBe(200);
    expect((await fetch(`${base}/editor/other`)).status).toBe(404);
  });
});

describe('counter staff, who are not editors', () => {
  const counter = { cookie: '__Host-staff=counter' };

  test('see neither the page nor the builds, and are told why', async () => {
    const page = await fetch(`${base}/editor/`, { headers: counter });
    expect(page.status).toBe(403);
    const html = await page.text();
    expect(html).toContain('編集担当の権限がありません');
    expect(html).not.toContain('今すぐ公開');
    const status = await fetch(`${base}/editor/status.json`, { headers: counter });
    expect(status.status).toBe(403);
    expect(await status.json()).toEqual({ code: 'EDITOR_ROLE_REQUIRED' });
  });

  test('cannot publish, even from this origin', async () => {
    const res = await publish({ ...counter, origin: base, 'sec-fetch-site': 'same-origin' });
    expect(res.status).toBe(403);
    expect(publisher.requests).toEqual([]);
  });
});

describe('publishing now', () => {
  test('a signed-in editor on this origin starts a build and comes back to the page', async () => {
    const res = await publish({ ...staff, origin: base, 'sec-fetch-site': 'same-origin' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/editor/');
    expect(publisher.requests).toEqual([{ trigger: 'editor', cause: 'editor-1' }]);
  });

  test('is refused from another site, or without an origin, whatever the cookies', async () => {
    for (const headers of [
      { ...staff, origin: 'https://evil.example' },
      { ...staff, origin: base, 'sec-fetch-site': 'cross-site' },
      { ...staff, origin: base.replace('127.0.0.1', 'localhost') },
      { ...staff },
    ]) {
      const res = await publish(headers);
      expect(res.status).toBe(403);
      expect(await res.text()).toContain('「今すぐ公開」ボタンからだけ受け付けます。');
    }
    expect(publisher.requests).toEqual([]);
  });

  test('is refused without a staff session, asking to sign in again', async () => {
    const res = await publish({ origin: base });
    expect(res.status).toBe(401);
    expect(await res.text()).toContain('サインインの期限が切れました。');
    expect(publisher.requests).toEqual([]);
  });

  test('only by POST', async () => {
    const res = await fetch(`${base}/editor/publish`, { headers: staff });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
  });

  test('says clearly when the sign-in cannot be checked', async () => {
    apiDown = true;
    const res = await publish({ ...staff, origin: base });
    expect(res.status).toBe(503);
    expect(await res.text()).toContain('サインインの状態を確かめられませんでした');
    expect(publisher.requests).toEqual([]);
  });
});

describe('the same page on web requests (as the Netlify function serves it)', () => {
  const origin = 'https://gift.example.jp';
  const handle = (publish: () => Promise<'started'>) =>
    editorHandler({
      backend: { view: async () => ({ records: [], busy: false, queued: false }), publish },
      apiUrl: 'http://api.invalid',
      schedule: { where: 'local', pattern: null },
      fetcher,
    });

  test('answers under /editor/ only, with the origin of the request for the origin check', async () => {
    const handler = handle(async () => 'started');
    expect(await handler(new Request(`${origin}/about/`))).toBeNull();
    const page = await handler(new Request(`${origin}/editor/`, { headers: staff }));
    expect(page?.status).toBe(200);
    expect(await page?.text()).toContain('今すぐ公開');
    const post = (headers: Record<string, string>) =>
      handler(new Request(`${origin}/editor/publish`, { method: 'POST', headers: { ...staff, ...headers } }));
    expect((await post({ origin }))?.status).toBe(303);
    expect((await post({ origin: 'http://gift.example.jp' }))?.status).toBe(403);
  });

  test('says so, and keeps the site, when the build cannot be asked for', async () => {
    const handler = handle(async () => {
      throw new Error('the build hook answered 500');
    });
    const res = await handler(
      new Request(`${origin}/editor/publish`, { method: 'POST', headers: { ...staff, origin } }),
    );
    expect(res?.status).toBe(502);
    expect(await res?.text()).toContain('いまのサイトはそのまま表示されています。');
  });
});

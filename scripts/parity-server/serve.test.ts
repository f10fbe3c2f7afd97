// The production-parity server, against a fixture dist/ and the real netlify.toml: if a rule in
// netlify.toml or a Netlify behaviour in serve.mjs breaks, these tests fail.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { proxySignature } from '../catalog-api/proxy-signature.ts';
import { createHttpsRedirect, createServer } from './serve.mjs';

const CONFIG = fileURLToPath(new URL('../../netlify.toml', import.meta.url));

const PAGES: Record<string, string> = {
  'index.html': 'HOME',
  'about/index.html': 'ABOUT',
  'area/index.html': 'AREA-FALLBACK',
  'area/3/index.html': 'AREA-3',
  'area/3/products/7/index.html': 'PRODUCT-3-7',
  'qr/_/index.html': 'QR-SHELL',
  'qr/timeout/index.html': 'QR-TIMEOUT',
  'order/_/index.html': 'ORDER-SHELL',
  'address/_/index.html': 'ADDRESS-SHELL',
  'address/_/complete/index.html': 'ADDRESS-COMPLETE-SHELL',
  '404.html': 'NOT-FOUND-PAGE',
};

type RawResponse = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** A raw HTTP request: unlike fetch, it sends the path as written (`..`, `%2f`) and never decompresses. */
function raw(
  base: string,
  requestPath: string,
  {
    method = 'GET',
    headers = {},
    body,
  }: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawResponse> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request({ hostname, port, path: requestPath, method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

function listen(server: http.Server): Promise<string> {
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    );
  });
}

function close(server: http.Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

/** An HTML page big enough for compression to be meaningful, with a marker to recognise it by. */
const page = (marker: string) =>
  `<!doctype html><title>${marker}</title><p>${marker}</p>${'<p>ギフト</p>'.repeat(200)}`;

let tmp: string;
let root: string;
let upstream: http.Server;
let upstreamUrl: string;
let server: ReturnType<typeof createServer>;
let base: string;
const extraServers: http.Server[] = [];

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'serve-test-'));
  root = path.join(tmp, 'dist');
  for (const [file, marker] of Object.entries(PAGES)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), page(marker));
  }
  await mkdir(path.join(root, '_astro'), { recursive: true });
  await writeFile(path.join(root, '_astro/x.js'), `export const x = ${JSON.stringify('x'.repeat(2000))};\n`);
  await mkdir(path.join(root, '_build'), { recursive: true });
  await writeFile(path.join(root, '_build/latest.json'), '{"buildId":"b1"}');
  await writeFile(path.join(root, '_headers'), '/about/*\n  X-From-Headers-File: yes\n');
  // Outside the root: no request may ever reach it.
  await writeFile(path.join(tmp, 'secret.txt'), 'TOP-SECRET');

  // The upstream echoes what it received and sets two cookies.
  upstream = http.createServer((req, res) => {
    // Like the catalog API refusing a body by its declared length: answers before reading it.
    if (req.url === '/early') {
      res.writeHead(413, { 'content-type': 'application/json' });
      res.end('{"code":"PAYLOAD_TOO_LARGE"}');
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://upstream');
      if (url.pathname === '/slow') return; // never answers: the gateway timeout test
      res.setHeader('set-cookie', ['cart=abc; Path=/; HttpOnly', 'seen=1; Path=/']);
      res.setHeader('content-type', 'application/json');
      res.statusCode = url.pathname === '/missing' ? 404 : 200;
      res.end(
        JSON.stringify({
          method: req.method,
          path: url.pathname,
          query: url.search,
          cookie: req.headers.cookie ?? null,
          body: Buffer.concat(chunks).toString(),
          host: req.headers.host,
          forwardedHost: req.headers['x-forwarded-host'],
          forwardedProto: req.headers['x-forwarded-proto'],
          forwardedFor: req.headers['x-forwarded-for'],
          clientIp: req.headers['x-nf-client-connection-ip'] ?? null,
          sign: req.headers['x-nf-sign'] ?? null,
          proxyConnection: req.headers['proxy-connection'] ?? null,
        }),
      );
    });
  });
  upstreamUrl = await listen(upstream);
  await writeFile(
    path.join(root, '_redirects'),
    `# written by the build\n/api/*  ${upstreamUrl}/:splat  200!\n`,
  );

  server = createServer({ root, configPath: CONFIG });
  await server.ready;
  base = await listen(server);
});

afterAll(async () => {
  await Promise.all([server, upstream, ...extraServers].map(close));
  await rm(tmp, { recursive: true, force: true });
});

async function getText(requestPath: string, init?: RequestInit) {
  const res = await fetch(`${base}${requestPath}`, { redirect: 'manual', ...init });
  return { res, text: await res.text() };
}

describe('static files', () => {
  test('serves pages, and /about without a slash with 200 and no redirect', async () => {
    const cases: [string, string][] = [
      ['/', 'HOME'],
      ['/about/', 'ABOUT'],
      ['/about', 'ABOUT'],
      ['/about/index.html', 'ABOUT'],
      ['/area/3/', 'AREA-3'],
      ['/area/3/products/7/', 'PRODUCT-3-7'],
    ];
    for (const [requestPath, marker] of cases) {
      const { res, text } = await getText(requestPath);
      expect(res.status, requestPath).toBe(200);
      expect(res.headers.get('location'), requestPath).toBeNull();
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(text).toContain(`<p>${marker}</p>`);
    }
  });

  test('content types', async () => {
    expect((await fetch(`${base}/_astro/x.js`)).headers.get('content-type')).toBe(
      'text/javascript; charset=utf-8',
    );
    expect((await fetch(`${base}/_build/latest.json`)).headers.get('content-type')).toBe(
      'application/json; charset=utf-8',
    );
  });

  test('unknown paths get 404.html with status 404', async () => {
    for (const requestPath of ['/nope', '/brands/abc/', '/_astro/missing.js']) {
      const { res, text } = await getText(requestPath);
      expect(res.status, requestPath).toBe(404);
      expect(text).toContain('NOT-FOUND-PAGE');
    }
  });

  test('the rule files themselves are not served', async () => {
    expect((await fetch(`${base}/_redirects`)).status).toBe(404);
    expect((await fetch(`${base}/_headers`)).status).toBe(404);
  });

  test('HEAD answers the headers without a body', async () => {
    const res = await raw(base, '/about/', { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(page('ABOUT')));
    expect(res.body.length).toBe(0);
  });

  test('other methods on a file are refused', async () => {
    const res = await fetch(`${base}/about/`, { method: 'POST', body: 'x' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
  });

  test('ETag and If-None-Match → 304', async () => {
    const first = await raw(base, '/area/3/');
    const etag = first.headers.etag;
    expect(etag).toMatch(/^"[0-9a-f]+"$/);
    const second = await raw(base, '/area/3/', { headers: { 'if-none-match': etag ?? '' } });
    expect(second.status).toBe(304);
    expect(second.body.length).toBe(0);
    const other = await raw(base, '/area/3/', { headers: { 'if-none-match': '"something-else"' } });
    expect(other.status).toBe(200);
  });

  test('gzip and brotli when asked, identity otherwise', async () => {
    const expected = page('AREA-3');
    const gz = await raw(base, '/area/3/', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toBe('Accept-Encoding');
    expect(gz.body.length).toBeLessThan(Buffer.byteLength(expected));
    expect(zlib.gunzipSync(gz.body).toString()).toBe(expected);

    const br = await raw(base, '/area/3/', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(expected);

    const refused = await raw(base, '/area/3/', { headers: { 'accept-encoding': 'br;q=0, gzip;q=0' } });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body.toString()).toBe(expected);

    // The compressed variant has its own ETag, and revalidates too.
    expect(gz.headers.etag).not.toBe(br.headers.etag);
    const again = await raw(base, '/area/3/', {
      headers: { 'accept-encoding': 'gzip', 'if-none-match': gz.headers.etag ?? '' },
    });
    expect(again.status).toBe(304);
  });
});

describe('legacy query redirects', () => {
  // As Netlify does (its own engine matches here): the request's query string goes on to the destination.
  test.each([
    ['/area?id=3', '/area/3/?id=3'],
    ['/area/?id=3', '/area/3/?id=3'],
    ['/area?id=3&product=7', '/area/3/products/7/?id=3&product=7'],
    ['/area/?product=7&id=3', '/area/3/products/7/?product=7&id=3'],
    ['/area?id=3&utm_source=qr', '/area/3/?id=3&utm_source=qr'],
  ])('%s → 301 %s', async (from, to) => {
    const res = await fetch(`${base}${from}`, { redirect: 'manual' });
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe(to);
  });

  test('/area without id still serves the fallback page (the rule is forced past it, but needs the query)', async () => {
    const { res, text } = await getText('/area/');
    expect(res.status).toBe(200);
    expect(text).toContain('AREA-FALLBACK');
  });
});

describe('shell rewrites', () => {
  test.each([
    ['/qr/abc', 'QR-SHELL'],
    ['/qr/abc/?from=cart', 'QR-SHELL'],
    ['/order/xyz', 'ORDER-SHELL'],
    ['/address/s1', 'ADDRESS-SHELL'],
    ['/address/s1/complete', 'ADDRESS-COMPLETE-SHELL'],
    ['/address/s1/complete/', 'ADDRESS-COMPLETE-SHELL'],
  ])('%s serves the %s with 200, URL unchanged', async (requestPath, marker) => {
    const { res, text } = await getText(requestPath);
    expect(res.status).toBe(200);
    expect(res.headers.get('location')).toBeNull();
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(text).toContain(`<p>${marker}</p>`);
  });

  test('/qr/timeout is its own page: a real file shadows the /qr/* rule', async () => {
    for (const requestPath of ['/qr/timeout', '/qr/timeout/']) {
      const { res, text } = await getText(requestPath);
      expect(res.status).toBe(200);
      expect(text).toContain('<p>QR-TIMEOUT</p>');
    }
  });
});

describe('headers', () => {
  test('security headers on every page, and a revalidating Cache-Control on HTML (never no-store)', async () => {
    for (const requestPath of ['/', '/about', '/qr/abc', '/nope']) {
      const res = await fetch(`${base}${requestPath}`);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toMatch(/^(strict-origin-when-cross-origin|no-referrer)$/);
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('permissions-policy')).toBe('camera=(self), microphone=(), geolocation=()');
      // What a page's <meta> policy cannot carry, and the transport and isolation rules.
      const csp = res.headers.get('content-security-policy') ?? '';
      for (const directive of [
        "frame-ancestors 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "object-src 'none'",
      ]) {
        expect(csp).toContain(directive);
      }
      expect(res.headers.get('strict-transport-security')).toMatch(/^max-age=(\d+)/);
      expect(
        Number(/max-age=(\d+)/.exec(res.headers.get('strict-transport-security') ?? '')?.[1]),
      ).toBeGreaterThanOrEqual(31536000);
      expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin');
      const cacheControl = res.headers.get('cache-control') ?? '';
      expect(cacheControl).toContain('max-age=0');
      expect(cacheControl).toContain('must-revalidate');
      expect(cacheControl).not.toContain('no-store');
    }
  });

  test("a visitor's own pages send no Referer anywhere: their address is a link to the order", async () => {
    for (const requestPath of [
      '/qr/abc/',
      '/order/xyz/',
      '/address/s1/',
      '/address/s1/complete/',
      '/chat/qr/abc/',
      '/chat/order/xyz/',
    ]) {
      const res = await fetch(`${base}${requestPath}`);
      expect(res.headers.get('referrer-policy'), requestPath).toBe('no-referrer');
    }
    for (const requestPath of ['/', '/about/', '/area/3/']) {
      const res = await fetch(`${base}${requestPath}`);
      expect(res.headers.get('referrer-policy'), requestPath).toBe('strict-origin-when-cross-origin');
    }
  });

  test('hashed assets are immutable; the build version is never cached stale', async () => {
    const asset = await fetch(`${base}/_astro/x.js`);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('x-content-type-options')).toBe('nosniff');
    const latest = await fetch(`${base}/_build/latest.json`);
    expect(latest.headers.get('cache-control')).toBe('no-cache');
  });

  test('a missing hashed asset is a 404 that no cache keeps for a year', async () => {
    const missing = await fetch(`${base}/_astro/gone.DEADBEEF.js`);
    expect(missing.status).toBe(404);
    const cacheControl = missing.headers.get('cache-control') ?? '';
    expect(cacheControl).not.toContain('immutable');
    expect(cacheControl).not.toContain('31536000');
  });

  test('rules from dist/_headers apply too', async () => {
    expect((await fetch(`${base}/about/`)).headers.get('x-from-headers-file')).toBe('yes');
    expect((await fetch(`${base}/`)).headers.get('x-from-headers-file')).toBeNull();
  });
});

describe('/api proxy', () => {
  test('forwards method, path without /api, query, body and cookies; keeps both Set-Cookie headers', async () => {
    const res = await fetch(`${base}/api/catalog/cart/items?lang=ja&x=%E3%82%AE`, {
      method: 'POST',
      headers: { cookie: 'cart=old; theme=dark', 'content-type': 'application/json' },
      body: JSON.stringify({ productId: 7, quantity: 2 }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie()).toEqual(['cart=abc; Path=/; HttpOnly', 'seen=1; Path=/']);
    // Custom headers are not applied to proxied responses (Netlify's documented limitation).
    expect(res.headers.get('x-frame-options')).toBeNull();
    const echo = await res.json();
    expect(echo).toMatchObject({
      method: 'POST',
      path: '/catalog/cart/items',
      query: '?lang=ja&x=%E3%82%AE',
      cookie: 'cart=old; theme=dark',
      body: JSON.stringify({ productId: 7, quantity: 2 }),
      host: new URL(upstreamUrl).host,
      forwardedHost: new URL(base).host,
      forwardedProto: 'http',
      forwardedFor: '127.0.0.1',
    });
  });

  test('forwards the path as the visitor sent it, still encoded: nothing decoded twice', async () => {
    const cases: [string, string, string][] = [
      // An encoded dot segment is a name, not a step up: it never reaches /__faults.
      ['/api/%252e%252e/__faults', '/%252e%252e/__faults', ''],
      ['/api/catalog/x/%252e%252e/%252e%252e/__faults', '/catalog/x/%252e%252e/%252e%252e/__faults', ''],
      // An encoded question mark stays in the path: no query is made of it.
      ['/api/catalog/a%253Fb=1', '/catalog/a%253Fb=1', ''],
      ['/api/catalog/a%3Fb=1', '/catalog/a%3Fb=1', ''],
      // An encoded slash is not a separator.
      ['/api/catalog/a%2Fb', '/catalog/a%2Fb', ''],
      ['/api/catalog/%E3%82%AE?q=%E3%82%AE', '/catalog/%E3%82%AE', '?q=%E3%82%AE'],
    ];
    for (const [sent, path, query] of cases) {
      const res = await raw(base, sent);
      expect(res.status, sent).toBe(200);
      expect(JSON.parse(res.body.toString()), sent).toMatchObject({ path, query });
    }
  });

  test('answers a malformed /api/ path with the API’s JSON error, not text', async () => {
    for (const sent of ['/api/%E0%A4%A', '/api/catalog/%', '/api/a%00b']) {
      const res = await raw(base, sent);
      expect(res.status, sent).toBe(400);
      expect(res.headers['content-type'], sent).toBe('application/json; charset=utf-8');
      expect(res.headers['x-content-type-options'], sent).toBe('nosniff');
      expect(JSON.parse(res.body.toString()), sent).toMatchObject({
        code: 'BAD_REQUEST',
        message: expect.any(String),
      });
    }
    // Elsewhere, still the plain answer.
    expect((await raw(base, '/%E0%A4%A')).headers['content-type']).toMatch(/^text\/plain/);
  });

  test('proxied answers carry nosniff, and the client address as Netlify names it', async () => {
    const res = await raw(base, '/api/catalog/areas', {
      headers: { 'x-nf-client-connection-ip': '203.0.113.1' },
    });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(JSON.parse(res.body.toString())).toMatchObject({ clientIp: '127.0.0.1' });
  });

  test("a signed rule's requests carry Netlify's x-nf-sign, which the catalog API verifies", async () => {
    const signedRoot = path.join(path.dirname(root), 'dist-signed');
    await mkdir(signedRoot, { recursive: true });
    await writeFile(
      path.join(signedRoot, '_redirects'),
      `/api/*  ${upstreamUrl}/:splat  200!  Sign=PARITY_TEST_SIGNING_SECRET\n`,
    );
    const signed = createServer({ root: signedRoot, configPath: CONFIG });
    extraServers.push(signed);
    const signedBase = await listen(signed);
    const sent = async () => (await (await fetch(`${signedBase}/api/catalog/areas`)).json()).sign;
    process.env.PARITY_TEST_SIGNING_SECRET = 'a secret only Netlify and the API share';
    try {
      const token = await sent();
      expect(await proxySignature('a secret only Netlify and the API share').verify(token)).toBe(true);
      expect(await proxySignature('another secret').verify(token)).toBe(false);
      // The unsigned rule of the main root signs nothing, and a visitor's own x-nf-sign is not forwarded.
      const res = await fetch(`${base}/api/catalog/areas`, { headers: { 'x-nf-sign': 'forged' } });
      expect((await res.json()).sign).toBeNull();
    } finally {
      delete process.env.PARITY_TEST_SIGNING_SECRET;
    }
  });

  test('other methods, upstream status and hop-by-hop headers', async () => {
    const res = await raw(base, '/api/missing', {
      method: 'DELETE',
      headers: { 'proxy-connection': 'keep-alive' },
    });
    expect(res.status).toBe(404);
    const echo = JSON.parse(res.body.toString());
    expect(echo.method).toBe('DELETE');
    expect(echo.proxyConnection).toBeNull();
  });

  test('502 with a JSON body when the upstream drops the connection', async () => {
    // An upstream that resets every connection at once. Not a closed port: another test's server, in this
    // thread or the next, may listen on the port it freed before the request is made.
    const down = http.createServer();
    down.on('connection', (socket) => socket.resetAndDestroy());
    extraServers.push(down);
    const downUrl = await listen(down);
    const gateway = createServer({ root, configPath: CONFIG, apiUrl: downUrl });
    extraServers.push(gateway);
    const gatewayBase = await listen(gateway);
    const res = await fetch(`${gatewayBase}/api/catalog/areas`);
    expect(res.status).toBe(502);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const body = await res.json();
    expect(body).toMatchObject({ code: 'BAD_GATEWAY' });
    // Words for the shopper, and nothing of the network behind the proxy.
    expect(body.message).toMatch(/[ぁ-んァ-ン一-龥]/);
    expect(JSON.stringify(body)).not.toMatch(/127\.0\.0\.1|localhost|:\d{2,5}|ECONN|hang up/);
  });

  test('504 when the upstream does not answer in time', async () => {
    const gateway = createServer({ root, configPath: CONFIG, apiUrl: upstreamUrl, proxyTimeoutMs: 300 });
    extraServers.push(gateway);
    const gatewayBase = await listen(gateway);
    const res = await fetch(`${gatewayBase}/api/slow`);
    expect(res.status).toBe(504);
    const body = await res.json();
    expect(body).toMatchObject({ code: 'GATEWAY_TIMEOUT' });
    expect(body.message).toMatch(/[ぁ-んァ-ン一-龥]/);
    expect(JSON.stringify(body)).not.toMatch(/127\.0\.0\.1|localhost|:\d{2,5}/);
  });
});

describe('plain HTTP', () => {
  test("redirects permanently to the same path on the site's HTTPS origin, never serving a page", async () => {
    const redirect = createHttpsRedirect('https://shop.example:8443');
    extraServers.push(redirect);
    const at = await listen(redirect);
    const res = await raw(at, '/area/3/?id=3', { headers: { host: 'shop.example:8080' } });
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe('https://shop.example:8443/area/3/?id=3');
    expect(res.body.toString()).not.toContain('AREA');
  });

  test('the Location is on the configured origin whatever Host the request names, and its path has one slash', async () => {
    const redirect = createHttpsRedirect('https://shop.example');
    extraServers.push(redirect);
    const at = await listen(redirect);
    const forged = await raw(at, '/about/', { headers: { host: 'evil.example' } });
    expect(forged.headers.location).toBe('https://shop.example/about/');
    const doubled = await raw(at, '//evil.example/chat/', { headers: { host: 'shop.example' } });
    expect(doubled.headers.location).toBe('https://shop.example/evil.example/chat/');
    expect(() => createHttpsRedirect('http://shop.example')).toThrow(/https origin/);
  });
});

describe('paths starting with //', () => {
  test.each([
    ['//evil.example/chat/?lang=en', '/evil.example/chat/?lang=en'],
    ['///about/', '/about/'],
    ['//order/AbCdEf0123456789/', '/order/AbCdEf0123456789/'],
    ['//api/catalog/areas', '/api/catalog/areas'],
    ['//', '/'],
  ])('%s is redirected to the same path with one slash, before any rule or file', async (asked, to) => {
    const res = await raw(base, asked);
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe(to);
    expect(res.headers['strict-transport-security']).toMatch(/^max-age=/);
    expect(res.body.toString()).not.toMatch(/HOME|ABOUT|ORDER-SHELL|NOT-FOUND-PAGE/);
  });
});

describe('under oversized requests', () => {
  test('100 normal requests after 20 oversized bodies all succeed; the oversized get 413 in words', async () => {
    // 2 MB bodies are refused by the proxy; 32 KB ones pass it and are refused by the API before it reads them.
    const oversized = await Promise.all(
      Array.from({ length: 20 }, (_, i) => {
        const big = 'x'.repeat(i < 10 ? 2 * 1024 * 1024 : 32 * 1024);
        return raw(base, i % 2 === 0 && i < 10 ? '/api/echo' : '/api/early', {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(i % 4 === 1 ? {} : { 'content-length': String(big.length) }),
          },
          body: big,
        }).catch((error: Error) => ({ status: -1, headers: {}, body: Buffer.from(error.message) }));
      }),
    );
    for (const result of oversized) expect([413, -1]).toContain(result.status);
    expect(oversized.filter((result) => result.status === 413).length).toBeGreaterThanOrEqual(10);
    const refused = oversized.find((result) => result.status === 413 && result.body.includes('message'));
    expect(JSON.parse(refused?.body.toString() ?? '{}').message).toMatch(/大きすぎ/);

    const statuses: number[] = [];
    for (let i = 0; i < 100; i += 1) {
      const requestPath = ['/', '/about/', `/api/echo?i=${i}`, '/_astro/x.js'][i % 4] ?? '/';
      const init = requestPath.startsWith('/api/')
        ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"ok":true}' }
        : {};
      statuses.push((await fetch(`${base}${requestPath}`, init)).status);
    }
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
  });

  test('oversized headers are refused for that client only', async () => {
    const refused = await raw(base, '/', { headers: { 'x-big': 'y'.repeat(64 * 1024) } }).catch(() => ({
      status: 431,
    }));
    expect(refused.status).toBe(431);
    expect((await fetch(`${base}/`)).status).toBe(200);
  });
});

describe('safety', () => {
  test.each([
    '/../secret.txt',
    '/..%2fsecret.txt',
    '/%2e%2e/secret.txt',
    '/%2e%2e%2fsecret.txt',
    '/_astro/..%2f..%2fsecret.txt',
    '/area/%2e%2e%2f%2e%2e%2f..%2fsecret.txt',
    '/..%5csecret.txt',
    '/qr/..%2f..%2f..%2fsecret.txt',
  ])('path traversal %s never escapes the root', async (requestPath) => {
    const res = await raw(base, requestPath);
    expect([400, 404]).toContain(res.status);
    expect(res.body.toString()).not.toContain('TOP-SECRET');
  });

  test('an encoded ../ is refused with 400', async () => {
    expect((await raw(base, '/..%2fsecret.txt')).status).toBe(400);
  });

  test('malformed URLs answer 400', async () => {
    for (const requestPath of ['/%E0%A4%A', '/%', '/a%00b']) {
      expect((await raw(base, requestPath)).status, requestPath).toBe(400);
    }
  });

  test("conditions are Netlify's: the browser's first language, a cookie that overrides it, a cookie's presence", async () => {
    const config = path.join(tmp, 'conditions.toml');
    await writeFile(
      config,
      [
        '[[redirects]]',
        '  from = "/welcome"',
        '  to = "/chat/"',
        '  status = 302',
        '  conditions = { Language = ["en", "zh", "ko"] }',
        '[[redirects]]',
        '  from = "/members"',
        '  to = "/about/"',
        '  status = 302',
        '  conditions = { Cookie = ["staff"] }',
      ].join('\n'),
    );
    const conditioned = createServer({ root, configPath: config });
    await conditioned.ready;
    extraServers.push(conditioned);
    const at = await listen(conditioned);
    const go = (requestPath: string, headers: Record<string, string>) =>
      fetch(`${at}${requestPath}`, { redirect: 'manual', headers });
    expect((await go('/welcome', { 'accept-language': 'zh-TW,zh;q=0.9' })).headers.get('location')).toBe(
      '/chat/',
    );
    expect((await go('/welcome', { 'accept-language': 'ja-JP,en;q=0.8' })).status).toBe(404);
    expect((await go('/welcome', { 'accept-language': 'ja', cookie: 'nf_lang=ko' })).status).toBe(302);
    expect((await go('/members', { cookie: 'staff=1' })).headers.get('location')).toBe('/about/');
    expect((await go('/members', {})).status).toBe(404);
  });

  test('configuration errors are reported clearly', async () => {
    const badConfig = path.join(tmp, 'bad.toml');
    await writeFile(badConfig, '[[redirects]]\n  to = "/x"\n');
    const broken = createServer({ root, configPath: badConfig });
    await expect(broken.ready).rejects.toThrow(/cannot parse the rules[\s\S]*Missing "from" field/);
    await expect(
      createServer({ root: path.join(tmp, 'no-such-dir'), configPath: CONFIG }).ready,
    ).rejects.toThrow(/is not a directory/);
    await expect(createServer({ root, configPath: path.join(tmp, 'missing.toml') }).ready).rejects.toThrow(
      /missing\.toml not found/,
    );
  });
});

describe('a root that changes (a new build swapped in)', () => {
  /** A small site whose every file names its build, with its own /api rule. */
  async function site(name: string, apiTarget: string): Promise<string> {
    const dir = path.join(tmp, name);
    await mkdir(path.join(dir, '_astro'), { recursive: true });
    await writeFile(path.join(dir, 'index.html'), page(`home-${name}`));
    await writeFile(path.join(dir, '404.html'), page(`404-${name}`));
    await writeFile(path.join(dir, `_astro/${name}.js`), `export const build = ${JSON.stringify(name)};\n`);
    await writeFile(path.join(dir, '_redirects'), `/api/*  ${apiTarget}/:splat  200!\n`);
    return dir;
  }

  test('each request is served wholly from the root it started on; the swap is atomic', async () => {
    const oldSite = await site('old', upstreamUrl);
    const newSite = await site('new', upstreamUrl);
    let live = oldSite;
    const swapping = createServer({ root: () => live, configPath: CONFIG });
    await swapping.ready;
    extraServers.push(swapping);
    const at = await listen(swapping);

    const seen: string[] = [];
    const requests: Promise<void>[] = [];
    for (let i = 0; i < 200; i++) {
      if (i === 100) {
        await swapping.prepare(newSite);
        live = newSite;
      }
      requests.push(
        fetch(`${at}/`).then(async (res) => {
          expect(res.status).toBe(200);
          const text = await res.text();
          // One build's page from top to bottom, never an error and never a mix.
          expect(text).toMatch(/^<!doctype html><title>home-(old|new)<\/title><p>home-\1<\/p>/);
          seen.push(/home-(old|new)/.exec(text)?.[1] ?? '');
        }),
      );
    }
    await Promise.all(requests);
    expect(new Set(seen)).toEqual(new Set(['old', 'new']));
    // After the swap, only the new build: its assets, its 404 page; the old one's assets are gone.
    expect((await fetch(`${at}/`).then((res) => res.text())).includes('home-new')).toBe(true);
    expect((await fetch(`${at}/_astro/new.js`)).status).toBe(200);
    expect((await fetch(`${at}/_astro/old.js`)).status).toBe(404);
    expect(await fetch(`${at}/nowhere`).then((res) => res.text())).toContain('404-new');
  });

  test("each build's own rules apply (its _redirects), and a broken one is found before the swap", async () => {
    const other = http.createServer((_req, res) => res.end('{"from":"other"}'));
    extraServers.push(other);
    const otherUrl = await listen(other);
    const first = await site('first', upstreamUrl);
    const second = await site('second', otherUrl);
    let live = first;
    const swapping = createServer({ root: () => live, configPath: CONFIG });
    extraServers.push(swapping);
    const at = await listen(swapping);
    expect(await fetch(`${at}/api/x`).then((res) => res.json())).toMatchObject({ path: '/x' });
    await swapping.prepare(second);
    live = second;
    expect(await fetch(`${at}/api/x`).then((res) => res.json())).toEqual({ from: 'other' });

    const broken = await site('broken', upstreamUrl);
    await writeFile(path.join(broken, '_redirects'), '/api/*\n');
    await expect(swapping.prepare(broken)).rejects.toThrow(/cannot parse the rules/);
  });

  test('pages the local server adds answer first', async () => {
    const withEditor = createServer({
      root,
      configPath: CONFIG,
      before: (req, res) => {
        // As the editor's routes read it (scripts/publisher/editor.ts): `//x/editor/` would be /editor/ of x.
        if (new URL(req.url ?? '/', 'http://local').pathname !== '/editor/') return false;
        res.end('editor');
        return true;
      },
    });
    extraServers.push(withEditor);
    const at = await listen(withEditor);
    expect(await fetch(`${at}/editor/`).then((res) => res.text())).toBe('editor');
    expect((await fetch(`${at}/about/`)).status).toBe(200);
    // A path starting with // is redirected before they are asked.
    const doubled = await raw(at, '//evil.example/editor/');
    expect([doubled.status, doubled.headers.location]).toEqual([301, '/evil.example/editor/']);
  });
});

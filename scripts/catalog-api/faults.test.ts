import { loadConfig } from './config.ts';
import { FaultInjector, parseFaultRules } from './faults.ts';
import { hashPassword } from './staff.ts';
import { Client, makeApp, type TestApp } from './test-helpers.ts';

let t: TestApp;
let client: Client;

beforeEach(async () => {
  t = await makeApp({ config: { testSwitches: true } });
  client = new Client(t.app);
});

async function setFaults(rules: unknown, env?: object) {
  return t.app.request(
    '/__faults',
    { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ rules }) },
    env,
  );
}

describe('fault injection', () => {
  test('an injected status answers with the Error JSON for matching paths only', async () => {
    expect((await setFaults([{ path: '^/catalog/products$', status: 503, probability: 1 }])).status).toBe(
      200,
    );
    const hit = await client.call('GET', '/catalog/products');
    expect(hit.status).toBe(503);
    expect(hit.body).toMatchObject({ code: 'FAULT_INJECTED' });
    expect(hit.headers.get('cache-control')).toBe('no-store');
    expect((await client.call('GET', '/catalog/products/1')).status).toBe(200);
    expect((await client.call('GET', '/catalog/areas')).status).toBe(200);
    // A rule for /catalog leaves pictures alone; pictures take the rules that name them.
    expect((await t.app.request('/images/products/1.jpg?width=256&height=256&format=jpeg')).status).toBe(200);
    await setFaults([{ path: '^/images/products/1\\.jpg$', status: 500, probability: 1 }]);
    expect((await t.app.request('/images/products/1.jpg?width=256&height=256&format=jpeg')).status).toBe(500);
    expect((await t.app.request('/images/products/2.jpg?width=256&height=256&format=jpeg')).status).toBe(200);
  });

  test('a slow picture: latency delays the picture, which then comes as asked, its time said', async () => {
    await setFaults([{ path: '^/images/areas/1\\.png$', latencyMs: 120, probability: 1 }]);
    const started = performance.now();
    const response = await t.app.request('/images/areas/1.png');
    expect(performance.now() - started).toBeGreaterThanOrEqual(100);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    // The API's own account of the picture's time counts the latency too (routes/media.ts).
    const took = /^picture;desc=render;dur=(\d+\.\d)$/.exec(response.headers.get('server-timing') ?? '');
    expect(Number(took?.[1])).toBeGreaterThanOrEqual(100);
  });

  test('method narrows a rule', async () => {
    await setFaults([{ path: '^/catalog/cart', method: 'post', status: 500, probability: 1 }]);
    expect((await client.call('GET', '/catalog/cart/products/count')).status).toBe(200);
    expect((await client.call('POST', '/catalog/cart')).status).toBe(500);
  });

  test('malformed sends a truncated JSON body', async () => {
    await setFaults([{ path: '^/catalog/products', malformed: true, probability: 1 }]);
    const result = await client.call('GET', '/catalog/products');
    expect(result.status).toBe(200);
    expect(result.headers.get('content-type')).toMatch(/^application\/json/);
    expect(() => JSON.parse(result.text)).toThrow();
  });

  test('latency delays the real answer', async () => {
    await setFaults([{ path: '^/catalog/areas$', latencyMs: 120, probability: 1 }]);
    const started = performance.now();
    const result = await client.call('GET', '/catalog/areas');
    expect(performance.now() - started).toBeGreaterThanOrEqual(100);
    expect(result.status).toBe(200);
    expect(result.body).toHaveLength(4);
  });

  test('probability 0 never fires; probability is rolled per request', async () => {
    await setFaults([{ path: '.*', status: 500, probability: 0 }]);
    for (let i = 0; i < 200; i++) expect((await client.call('GET', '/catalog/areas')).status).toBe(200);
    const rolls = [0.1, 0.9, 0.49, 0.51];
    const injector = new FaultInjector(
      [{ path: '.*', status: 500, probability: 0.5 }],
      () => rolls.shift() ?? 1,
    );
    expect([1, 2, 3, 4].map(() => injector.roll('GET', '/catalog/areas')?.status ?? 200)).toEqual([
      500, 200, 500, 200,
    ]);
  });

  test('GET lists the rules, DELETE clears them', async () => {
    await setFaults([{ path: '^/catalog/areas$', status: 502, probability: 1 }]);
    const listed = await (await t.app.request('/__faults')).json();
    expect(listed).toEqual({ rules: [{ path: '^/catalog/areas$', status: 502, probability: 1 }] });
    expect((await client.call('GET', '/catalog/areas')).status).toBe(502);
    expect((await t.app.request('/__faults', { method: 'DELETE' })).status).toBe(200);
    expect((await client.call('GET', '/catalog/areas')).status).toBe(200);
    expect(await (await t.app.request('/__faults')).json()).toEqual({ rules: [] });
  });

  test('bad rules are 400 and change nothing', async () => {
    await setFaults([{ path: '^/catalog/areas$', status: 502, probability: 1 }]);
    for (const rules of [
      [{ path: '(', status: 500, probability: 1 }],
      [{ path: '.*', status: 500 }],
      [{ path: '.*', status: 500, probability: 2 }],
      [{ path: '.*', status: 99, probability: 1 }],
      [{ path: '.*', status: 204, probability: 1 }],
      [{ path: '.*', probability: 1 }],
      [{ path: '.*', status: 500, probability: 1, extra: 1 }],
      'nope',
    ]) {
      expect((await setFaults(rules)).status, JSON.stringify(rules)).toBe(400);
    }
    expect((await client.call('GET', '/catalog/areas')).status).toBe(502);
  });

  test('only loopback may set faults', async () => {
    const remote = { incoming: { socket: { remoteAddress: '203.0.113.9' } } };
    expect((await setFaults([{ path: '.*', status: 500, probability: 1 }], remote)).status).toBe(403);
    expect((await t.app.request('/__faults', {}, remote)).status).toBe(403);
    const local = { incoming: { socket: { remoteAddress: '::ffff:127.0.0.1' } } };
    expect((await setFaults([], local)).status).toBe(200);
  });

  test('faults cannot be set through the storefront’s /api proxy, which relays from loopback', async () => {
    const local = { incoming: { socket: { remoteAddress: '127.0.0.1' } } };
    const relayed = await t.app.request(
      '/__faults',
      { method: 'DELETE', headers: { 'X-Forwarded-For': '203.0.113.9' } },
      local,
    );
    expect(relayed.status).toBe(403);
  });

  test('CATALOG_API_FAULTS sets rules at start', () => {
    const config = loadConfig({
      CATALOG_TEST_SWITCHES: '1',
      CATALOG_API_FAULTS: '{"rules":[{"path":"^/catalog","status":503,"probability":0.05}]}',
    });
    expect(config.faults).toEqual([{ path: '^/catalog', status: 503, probability: 0.05 }]);
    expect(() => loadConfig({ CATALOG_TEST_SWITCHES: '1', CATALOG_API_FAULTS: '{"rules":[{}]}' })).toThrow(
      /CATALOG_API_FAULTS/,
    );
    expect(parseFaultRules({ rules: [] })).toEqual({ ok: true, rules: [] });
  });
});

describe('test switches exist only in demo mode with CATALOG_TEST_SWITCHES=1', () => {
  const loopback = { incoming: { socket: { remoteAddress: '127.0.0.1' } } };
  const switches = ['/__faults', '/__test/draft-orders/QQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQQ/expire'];

  test('production mode does not register them: 404 from loopback, without any forwarding header', async () => {
    const production = await makeApp({ config: { mode: 'production' } });
    for (const path of switches) {
      for (const method of ['GET', 'PUT', 'POST', 'DELETE']) {
        const response = await production.app.request(path, { method }, loopback);
        expect(response.status, `${method} ${path}`).toBe(404);
        expect(await response.json()).toMatchObject({ code: 'NOT_FOUND' });
      }
    }
  });

  test('demo mode without the flag does not register them either', async () => {
    const demo = await makeApp();
    for (const path of switches) {
      expect((await demo.app.request(path, { method: 'DELETE' }, loopback)).status, path).toBe(404);
    }
  });

  test('the flag is read from the environment, refused in production mode, and faults at start need it', () => {
    expect(loadConfig({}).testSwitches).toBe(false);
    expect(loadConfig({ CATALOG_TEST_SWITCHES: '1' }).testSwitches).toBe(true);
    expect(() => loadConfig({ CATALOG_TEST_SWITCHES: 'yes' })).toThrow(/CATALOG_TEST_SWITCHES/);
    const production = {
      CATALOG_API_MODE: 'production',
      CATALOG_STAFF_ACCOUNTS: `anna:${hashPassword('x')}`,
    };
    expect(() => loadConfig({ ...production, CATALOG_TEST_SWITCHES: '1' })).toThrow(
      /CATALOG_TEST_SWITCHES.*production/,
    );
    expect(() =>
      loadConfig({ CATALOG_API_FAULTS: '{"rules":[{"path":"^/catalog","status":503,"probability":1}]}' }),
    ).toThrow(/CATALOG_API_FAULTS.*CATALOG_TEST_SWITCHES=1/);
  });
});

describe('configuration', () => {
  test('defaults, overrides and errors name the variable', () => {
    const defaults = loadConfig({});
    expect(defaults).toMatchObject({
      host: '127.0.0.1',
      port: 8787,
      dbPath: '.data/catalog.sqlite',
      apiToken: 'gift-catalogue-public-token',
      mode: 'demo',
      publicUrl: 'http://localhost:4321/api',
      draftOrderTtlSeconds: 900,
      shippingCharge: 880,
      freeShippingFrom: 11000,
      wrappingFee: 330,
      seedProducts: 100,
      faults: [],
    });
    expect(
      loadConfig({ CATALOG_PUBLIC_URL: 'https://shop.example.jp/api/', SHIPPING_CHARGE: '990' }),
    ).toMatchObject({
      publicUrl: 'https://shop.example.jp/api',
      shippingCharge: 990,
    });
    expect(() => loadConfig({ CATALOG_API_PORT: 'eighty' })).toThrow(/CATALOG_API_PORT/);
    expect(() => loadConfig({ CATALOG_PUBLIC_URL: '/api' })).toThrow(/CATALOG_PUBLIC_URL/);
  });
});

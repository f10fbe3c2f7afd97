/**
 * Contract tests: every operation of src/lib/catalog/openapi.yaml is exercised against the reference server,
 * in success and error cases, and every response must be documented for its path, method and status and
 * validate against that response's schema. The last tests assert that every operation, and every documented
 * status of every operation, was exercised.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';
import {
  type CallOptions,
  type CallResult,
  Client,
  findVariant,
  makeApp,
  staffHeaders,
  type TestApp,
} from './test-helpers.ts';

const CONTRACT_PATH = fileURLToPath(new URL('../../src/lib/catalog/openapi.yaml', import.meta.url));
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'] as const;

interface OpenApiDoc {
  paths: Record<string, Record<string, { responses: Record<string, { $ref?: string; content?: unknown }> }>>;
  components: { responses: Record<string, { content?: Record<string, { schema?: unknown }> }> };
}

const doc = parse(readFileSync(CONTRACT_PATH, 'utf8')) as OpenApiDoc;
const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false });
addFormats(ajv);
ajv.addSchema(doc as object, 'openapi');

const escapePointer = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

/** Every documented (operation, status), filled in as the tests exercise them. */
const exercised = new Map<string, Set<string>>();
const documented = new Map<string, Set<string>>();
for (const [template, item] of Object.entries(doc.paths)) {
  for (const method of METHODS) {
    const operation = item[method];
    if (!operation) continue;
    documented.set(`${method.toUpperCase()} ${template}`, new Set(Object.keys(operation.responses)));
    exercised.set(`${method.toUpperCase()} ${template}`, new Set());
  }
}

const validators = new Map<string, ReturnType<typeof ajv.compile>>();

/** The validator of a response's JSON schema, following a components/responses $ref. */
function validatorFor(template: string, method: string, status: string) {
  const key = `${method} ${template} ${status}`;
  const cached = validators.get(key);
  if (cached) return cached;
  const operation = doc.paths[template]?.[method];
  const response = operation?.responses[status];
  if (!response) throw new Error(`undocumented response: ${method.toUpperCase()} ${template} → ${status}`);
  let pointer = `/paths/${escapePointer(template)}/${method}/responses/${status}`;
  if (response.$ref) {
    const name = response.$ref.replace('#/components/responses/', '');
    if (!doc.components.responses[name]) throw new Error(`dangling ${response.$ref}`);
    pointer = `/components/responses/${escapePointer(name)}`;
  }
  const validate = ajv.compile({ $ref: `openapi#${pointer}/content/application~1json/schema` });
  validators.set(key, validate);
  return validate;
}

/** Calls an operation (`template` with `{params}` filled) and checks the response against the contract. */
async function op(
  client: Client,
  method: 'GET' | 'POST' | 'PUT',
  template: string,
  params: Record<string, string | number> = {},
  options: CallOptions & { query?: string } = {},
): Promise<CallResult> {
  let path = template;
  for (const [name, value] of Object.entries(params)) path = path.replace(`{${name}}`, String(value));
  if (path.includes('{')) throw new Error(`missing path parameter in ${path}`);
  const result = await client.call(method, `${path}${options.query ? `?${options.query}` : ''}`, options);
  const key = `${method} ${template}`;
  const statuses = documented.get(key);
  if (!statuses) throw new Error(`not in the contract: ${key}`);
  const status = String(result.status);
  expect(statuses.has(status), `${key} answered ${status}, which the contract does not document`).toBe(true);
  expect(result.headers.get('content-type') ?? '').toMatch(/^application\/json/);
  const validate = validatorFor(template, method.toLowerCase(), status);
  const valid = validate(result.body);
  expect(valid, `${key} ${status}: ${ajv.errorsText(validate.errors)}\n${result.text.slice(0, 500)}`).toBe(
    true,
  );
  exercised.get(key)?.add(status);
  return result;
}

// ---------------------------------------------------------------------------------------------------------

let t: TestApp;
let client: Client;

interface VariantFixture {
  productId: number;
  variantId: number;
  price: number;
  totalStock: number;
  stockInShop: number;
}

function variantWhere(where: string): Promise<VariantFixture> {
  return findVariant(t, where);
}

const ADDRESS = {
  postalCode: '100-0001',
  prefecture: '東京都',
  city: '千代田区',
  street: '千代田1-1',
  building: null,
  name: '山田 太郎',
  nameKana: 'ヤマダ タロウ',
  phone: '03-1234-5678',
};

beforeEach(async () => {
  t = await makeApp();
  client = new Client(t.app);
});

describe('catalogue', () => {
  test('GET /catalog/areas', async () => {
    const ok = await op(client, 'GET', '/catalog/areas');
    expect(ok.body).toHaveLength(4);
    await op(client, 'GET', '/catalog/areas', {}, { token: null });
    await op(client, 'GET', '/catalog/areas', {}, { token: 'wrong' });
  });

  test('GET /catalog/version', async () => {
    const ok = await op(client, 'GET', '/catalog/version');
    expect(ok.body).toMatchObject({ version: expect.any(String) });
    await op(client, 'GET', '/catalog/version', {}, { token: null });
  });

  test('GET /catalog/products', async () => {
    const all = await op(client, 'GET', '/catalog/products');
    expect((all.body as { count: number }).count).toBe(100);
    await op(client, 'GET', '/catalog/products', {}, { query: 'area_id=2&page=2&size=5&lang=ko' });
    await op(client, 'GET', '/catalog/products', {}, { query: 'tenant_ids=3,5&size=100&lang=zh' });
    await op(client, 'GET', '/catalog/products', {}, { query: 'page=999' });
    await op(client, 'GET', '/catalog/products', {}, { query: 'area_id=99' });
    for (const query of [
      'size=0',
      'size=101',
      'page=0',
      'area_id=abc',
      'tenant_ids=1,,2',
      'lang=fr',
      'page=-1',
    ]) {
      await op(client, 'GET', '/catalog/products', {}, { query });
    }
    await op(client, 'GET', '/catalog/products', {}, { token: null });
  });

  test('GET /catalog/products/{id}', async () => {
    for (const lang of ['ja', 'en', 'zh', 'ko']) {
      await op(client, 'GET', '/catalog/products/{id}', { id: 2 }, { query: `lang=${lang}` });
    }
    for (let id = 1; id <= 100; id++) await op(client, 'GET', '/catalog/products/{id}', { id });
    await op(client, 'GET', '/catalog/products/{id}', { id: 'abc' });
    await op(client, 'GET', '/catalog/products/{id}', { id: 0 });
    await op(client, 'GET', '/catalog/products/{id}', { id: 1 }, { query: 'lang=xx' });
    await op(client, 'GET', '/catalog/products/{id}', { id: 100000 });
    await op(client, 'GET', '/catalog/products/{id}', { id: 1 }, { token: null });
  });

  test('GET /catalog/products-filters', async () => {
    const all = await op(client, 'GET', '/catalog/products-filters');
    expect(all.body).toHaveLength(12);
    await op(client, 'GET', '/catalog/products-filters', {}, { query: 'area_id=3' });
    await op(client, 'GET', '/catalog/products-filters', {}, { query: 'lang=zh' });
    await op(client, 'GET', '/catalog/products-filters', {}, { query: 'area_id=3&lang=ko' });
    await op(client, 'GET', '/catalog/products-filters', {}, { query: 'lang=xx' });
    await op(client, 'GET', '/catalog/products-filters', {}, { query: 'area_id=x' });
    await op(client, 'GET', '/catalog/products-filters', {}, { token: null });
  });
});

describe('cart', () => {
  test('GET /catalog/cart/products/count', async () => {
    await op(client, 'GET', '/catalog/cart/products/count');
    await op(client, 'GET', '/catalog/cart/products/count', {}, { token: null });
  });

  test('POST /catalog/cart/product', async () => {
    const v = await variantWhere('total_stock >= 5');
    const soldOut = await variantWhere('total_stock = 0');
    const path = '/catalog/cart/product';
    await op(
      client,
      'POST',
      path,
      {},
      { body: { productId: v.productId, variantId: v.variantId, addQty: 2 } },
    );
    for (const body of [
      { productId: v.productId, variantId: v.variantId },
      { productId: v.productId, variantId: v.variantId, addQty: -1 },
      { productId: v.productId, variantId: v.variantId, addQty: 1.5 },
      { productId: v.productId, variantId: v.variantId, addQty: '1' },
      { productId: v.productId, variantId: v.variantId, addQty: 1, extra: true },
      [],
    ]) {
      await op(client, 'POST', path, {}, { body });
    }
    await op(
      client,
      'POST',
      path,
      {},
      { rawBody: '{"productId":', headers: { 'Content-Type': 'application/json' } },
    );
    await op(client, 'POST', path, {}, { rawBody: 'productId=1', headers: { 'Content-Type': 'text/plain' } });
    await op(client, 'POST', path, {}, { body: { productId: 99999, variantId: 1, addQty: 1 } });
    await op(client, 'POST', path, {}, { body: { productId: v.productId, variantId: 99999, addQty: 1 } });
    await op(
      client,
      'POST',
      path,
      {},
      { body: { productId: soldOut.productId, variantId: soldOut.variantId, addQty: 1 } },
    );
    await op(
      client,
      'POST',
      path,
      {},
      { body: { productId: v.productId, variantId: v.variantId, addQty: 99 } },
    );
    await op(client, 'POST', path, {}, { rawBody: JSON.stringify({ pad: 'x'.repeat(17_000) }) });
    await op(client, 'POST', path, {}, { token: null, body: { productId: 1, variantId: 1, addQty: 1 } });
  });

  test('POST /catalog/cart/product past the lines a bag holds (409 BAG_FULL) and the write limit (429)', async () => {
    const path = '/catalog/cart/product';
    const small = new Client((await makeApp({ config: { bagMaxLines: 1 } })).app);
    const first = await variantWhere('total_stock >= 5');
    const second = await variantWhere(`total_stock >= 5 AND product_id <> ${first.productId}`);
    await op(
      small,
      'POST',
      path,
      {},
      { body: { productId: first.productId, variantId: first.variantId, addQty: 1 } },
    );
    const full = await op(
      small,
      'POST',
      path,
      {},
      { body: { productId: second.productId, variantId: second.variantId, addQty: 1 } },
    );
    expect(full.status).toBe(409);
    expect(full.body).toMatchObject({ code: 'BAG_FULL', maxLines: 1 });

    const limited = new Client((await makeApp({ config: { writeLimitPerMinute: 1 } })).app);
    const body = { productId: first.productId, variantId: first.variantId, addQty: 1 };
    // The first write starts the bag; the bag's own writes are limited from the next one.
    expect((await op(limited, 'POST', path, {}, { body })).status).toBe(200);
    expect((await op(limited, 'POST', path, {}, { body })).status).toBe(200);
    const tooMany = await op(limited, 'POST', path, {}, { body });
    expect(tooMany.status).toBe(429);
    expect(tooMany.body).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(tooMany.headers.get('retry-after')).toBe('60');
  });

  test('PUT /catalog/cart/product-qty', async () => {
    const v = await variantWhere('total_stock >= 5');
    const path = '/catalog/cart/product-qty';
    await op(
      client,
      'POST',
      '/catalog/cart/product',
      {},
      { body: { productId: v.productId, variantId: v.variantId, addQty: 1 } },
    );
    await op(
      client,
      'PUT',
      path,
      {},
      { body: { productId: v.productId, variantId: v.variantId, qty: 3, lang: 'en' } },
    );
    await op(
      client,
      'PUT',
      path,
      {},
      { body: { productId: v.productId, variantId: v.variantId, qty: v.totalStock + 1 } },
    );
    await op(client, 'PUT', path, {}, { body: { productId: v.productId, variantId: v.variantId, qty: -1 } });
    await op(
      client,
      'PUT',
      path,
      {},
      { body: { productId: v.productId, variantId: v.variantId, qty: 1, lang: 'fr' } },
    );
    await op(client, 'PUT', path, {}, { body: { productId: 99999, variantId: v.variantId, qty: 1 } });
    await op(
      client,
      'PUT',
      path,
      {},
      { rawBody: 'x'.repeat(20_000), headers: { 'Content-Type': 'application/json' } },
    );
    await op(client, 'PUT', path, {}, { body: { productId: v.productId, variantId: v.variantId, qty: 0 } });
    // The line is gone now: setting it again is a 404.
    await op(client, 'PUT', path, {}, { body: { productId: v.productId, variantId: v.variantId, qty: 1 } });
    await op(client, 'PUT', path, {}, { token: null, body: { productId: 1, variantId: 1, qty: 1 } });
  });

  test('PUT /catalog/cart/product-receive', async () => {
    const v = await variantWhere('total_stock >= 5 AND stock_in_shop >= 2');
    const path = '/catalog/cart/product-receive';
    await op(
      client,
      'POST',
      '/catalog/cart/product',
      {},
      { body: { productId: v.productId, variantId: v.variantId, addQty: 1 } },
    );
    await op(
      client,
      'PUT',
      path,
      {},
      { body: { productId: v.productId, variantId: v.variantId, receive: 'store' } },
    );
    await op(
      client,
      'PUT',
      path,
      {},
      { body: { productId: v.productId, variantId: v.variantId, receive: 'ship' } },
    );
    await op(
      client,
      'PUT',
      path,
      {},
      { body: { productId: v.productId, variantId: v.variantId, receive: 'drone' } },
    );
    await op(
      client,
      'PUT',
      path,
      {},
      { body: { productId: v.productId, variantId: v.variantId + 100000, receive: 'store' } },
    );
    const other = await variantWhere(`total_stock >= 1 AND product_id <> ${v.productId}`);
    await op(
      client,
      'PUT',
      path,
      {},
      { body: { productId: other.productId, variantId: other.variantId, receive: 'store' } },
    );
    await op(
      client,
      'PUT',
      path,
      {},
      { rawBody: `{"a":"${'x'.repeat(16_400)}"}`, headers: { 'Content-Type': 'application/json' } },
    );
    await op(
      client,
      'PUT',
      path,
      {},
      { token: null, body: { productId: 1, variantId: 1, receive: 'store' } },
    );
  });

  test('PUT /catalog/cart/product-gift, and the gift through the QR, the counter and the order', async () => {
    const path = '/catalog/cart/product-gift';
    const v = await variantWhere(
      'total_stock >= 5 AND product_id IN (SELECT id FROM products WHERE noshi = 1)',
    );
    const line = { productId: v.productId, variantId: v.variantId };
    const noshi = { title: '御歳暮', placement: 'outside', name: '山田' };
    await op(client, 'POST', '/catalog/cart/product', {}, { body: { ...line, addQty: 1 } });
    await op(
      client,
      'PUT',
      path,
      {},
      { body: { ...line, noshi, message: 'いつもありがとう。\nお元気で。' } },
    );
    await op(client, 'PUT', path, {}, { body: { ...line, noshi: { ...noshi, title: '御見舞' } } });
    await op(client, 'PUT', path, {}, { body: { ...line, message: 'x'.repeat(101) } });
    await op(client, 'PUT', path, {}, { body: { ...line, noshi: { ...noshi, placement: 'over' } } });
    await op(client, 'PUT', path, {}, { body: { ...line, variantId: v.variantId + 100000, noshi } });
    await op(
      client,
      'PUT',
      path,
      {},
      { rawBody: `{"message":"${'x'.repeat(16_400)}"}`, headers: { 'Content-Type': 'application/json' } },
    );
    await op(client, 'PUT', path, {}, { token: null, body: { ...line, noshi } });
    const bag = await op(client, 'POST', '/catalog/cart', {}, { body: { lang: 'en' } });
    expect((bag.body as { products: { gift?: unknown }[] }).products[0]?.gift).toEqual({
      noshi,
      message: 'いつもありがとう。\nお元気で。',
    });
    const issued = await op(client, 'POST', '/catalog/cart/qr');
    const alias = (issued.body as { draftOrderAlias: string }).draftOrderAlias;
    await op(client, 'GET', '/catalog/cart/qr/{alias}', { alias });
    const done = await op(
      client,
      'POST',
      '/catalog/cart/qr/{alias}/complete',
      { alias },
      { headers: await staffHeaders(t.app) },
    );
    const order = done.body as { orderAlias: string; lines: { gift?: unknown }[] };
    expect(order.lines[0]?.gift).toEqual({ noshi, message: 'いつもありがとう。\nお元気で。' });
    await op(client, 'GET', '/catalog/orders/{orderAlias}', { orderAlias: order.orderAlias });
  });

  test('PUT /catalog/cart/wrapping', async () => {
    const path = '/catalog/cart/wrapping';
    await op(client, 'PUT', path, {}, { body: { wrapping: true } });
    await op(client, 'PUT', path, {}, { body: { wrapping: 'yes' } });
    await op(client, 'PUT', path, {}, { body: {} });
    await op(
      client,
      'PUT',
      path,
      {},
      { rawBody: JSON.stringify({ wrapping: true, pad: 'x'.repeat(17_000) }) },
    );
    await op(client, 'PUT', path, {}, { token: null, body: { wrapping: true } });
  });

  test('POST /catalog/cart', async () => {
    const v = await variantWhere('total_stock >= 5');
    await op(client, 'POST', '/catalog/cart');
    await op(
      client,
      'POST',
      '/catalog/cart/product',
      {},
      { body: { productId: v.productId, variantId: v.variantId, addQty: 2 } },
    );
    for (const lang of ['ja', 'en', 'zh', 'ko'])
      await op(client, 'POST', '/catalog/cart', {}, { body: { lang } });
    await op(client, 'POST', '/catalog/cart', {}, { body: { lang: 'de' } });
    await op(client, 'POST', '/catalog/cart', {}, { body: { lang: 'en', via: 'chat' } });
    await op(client, 'POST', '/catalog/cart', {}, { rawBody: `{"lang":"${'x'.repeat(17_000)}"}` });
    await op(client, 'POST', '/catalog/cart', {}, { token: null });
  });
});

describe('QR hand-off', () => {
  async function fillBag(qty = 1) {
    const v = await variantWhere('total_stock >= 5 AND stock_in_shop >= 3');
    await op(
      client,
      'POST',
      '/catalog/cart/product',
      {},
      { body: { productId: v.productId, variantId: v.variantId, addQty: qty } },
    );
    return v;
  }

  async function issue(): Promise<string> {
    const issued = await op(client, 'POST', '/catalog/cart/qr', {}, { body: { lang: 'ja' } });
    expect(issued.status).toBe(201);
    return (issued.body as { draftOrderAlias: string }).draftOrderAlias;
  }

  test('POST /catalog/cart/qr', async () => {
    await op(client, 'POST', '/catalog/cart/qr'); // empty bag: 409 CART_EMPTY
    const v = await fillBag();
    await op(client, 'POST', '/catalog/cart/qr');
    await op(client, 'POST', '/catalog/cart/qr', {}, { body: { lang: 'en', via: 'chat' } });
    await op(client, 'POST', '/catalog/cart/qr', {}, { body: { via: 'line' } });
    await op(client, 'POST', '/catalog/cart/qr', {}, { rawBody: `{"lang":"${'x'.repeat(17_000)}"}` });
    await op(client, 'POST', '/catalog/cart/qr', {}, { token: null });
    // A warning refuses the QR: drain the stock behind the line.
    await t.query('UPDATE variants SET total_stock = 0, stock_in_shop = 0 WHERE id = ?', v.variantId);
    const refused = await op(client, 'POST', '/catalog/cart/qr');
    expect(refused.body).toMatchObject({ code: 'CART_HAS_WARNINGS' });
  });

  test('POST /catalog/cart/qr past the QR codes a bag may issue a minute (429)', async () => {
    const limited = await makeApp({ config: { qrIssuesPerMinute: 1 } });
    const shopper = new Client(limited.app);
    const v = await variantWhere('total_stock >= 5');
    await op(
      shopper,
      'POST',
      '/catalog/cart/product',
      {},
      { body: { productId: v.productId, variantId: v.variantId, addQty: 1 } },
    );
    expect((await op(shopper, 'POST', '/catalog/cart/qr')).status).toBe(201);
    const tooMany = await op(shopper, 'POST', '/catalog/cart/qr');
    expect(tooMany.status).toBe(429);
    expect(tooMany.body).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(Number(tooMany.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  test('GET /catalog/cart/qr/{alias}', async () => {
    const path = '/catalog/cart/qr/{alias}';
    await op(client, 'GET', path, { alias: 'A'.repeat(32) }); // NOT_FOUND
    const v = await fillBag();
    let alias = await issue();
    // The issuing session is told the counter code (the schema holds it to its pattern); others are not.
    expect((await op(client, 'GET', path, { alias })).body).toHaveProperty('counterCode');
    expect((await op(new Client(t.app), 'GET', path, { alias })).body).not.toHaveProperty('counterCode');
    await t.query('UPDATE variants SET total_stock = 0, stock_in_shop = 0 WHERE id = ?', v.variantId);
    await op(client, 'GET', path, { alias }); // STOCK_CHANGED
    await t.query('UPDATE variants SET total_stock = 10, stock_in_shop = 5 WHERE id = ?', v.variantId);
    t.clock.advance(t.config.draftOrderTtlSeconds + 1);
    await op(client, 'GET', path, { alias }); // EXPIRED
    alias = await issue();
    await op(
      client,
      'POST',
      '/catalog/cart/qr/{alias}/complete',
      { alias },
      { headers: await staffHeaders(t.app) },
    );
    await op(client, 'GET', path, { alias }); // COMPLETED
    await op(client, 'GET', path, { alias: 'short' });
    await op(client, 'GET', path, { alias: 'has.a.dot.in.it.which.is.bad' });
    await op(client, 'GET', path, { alias }, { token: null });
  });

  test('GET /catalog/cart/qr/{alias}/status', async () => {
    const path = '/catalog/cart/qr/{alias}/status';
    await fillBag();
    const first = await issue();
    await op(client, 'GET', path, { alias: first });
    const second = await issue();
    await op(client, 'GET', path, { alias: first }); // cancelled
    await op(
      client,
      'POST',
      '/catalog/cart/qr/{alias}/complete',
      { alias: second },
      { headers: await staffHeaders(t.app) },
    );
    await op(client, 'GET', path, { alias: second }); // completed
    await op(client, 'GET', path, { alias: 'Z'.repeat(40) });
    await op(client, 'GET', path, { alias: 'bad!' });
    await op(client, 'GET', path, { alias: first }, { token: null });
  });

  test('POST /catalog/cart/qr/{alias}/complete', async () => {
    const path = '/catalog/cart/qr/{alias}/complete';
    const staff = { headers: await staffHeaders(t.app) };
    await fillBag(2);
    const alias = await issue();
    await op(client, 'POST', path, { alias });
    await op(client, 'POST', path, { alias }, { headers: { Cookie: '__Host-staff=nope' } });
    await op(client, 'POST', path, { alias: 'x' }, staff);
    await op(client, 'POST', path, { alias: 'Q'.repeat(32) }, staff);
    await op(client, 'POST', path, { alias }, { token: null, ...staff });
    const done = await op(client, 'POST', path, { alias }, staff);
    expect(done.status).toBe(200);
    await op(client, 'POST', path, { alias }, staff); // 409 COMPLETED
  });

  test('GET /catalog/orders/{orderAlias}, shipments and address', async () => {
    const v = await fillBag(2);
    const storeLine = await variantWhere(
      `total_stock >= 3 AND stock_in_shop >= 2 AND product_id <> ${v.productId}`,
    );
    await op(
      client,
      'POST',
      '/catalog/cart/product',
      {},
      { body: { productId: storeLine.productId, variantId: storeLine.variantId, addQty: 1 } },
    );
    await op(
      client,
      'PUT',
      '/catalog/cart/product-receive',
      {},
      { body: { productId: storeLine.productId, variantId: storeLine.variantId, receive: 'store' } },
    );
    const alias = await issue();
    const done = await op(
      client,
      'POST',
      '/catalog/cart/qr/{alias}/complete',
      { alias },
      { headers: await staffHeaders(t.app) },
    );
    const order = done.body as { orderAlias: string; shipments: { shipmentAlias: string }[] };
    const orderAlias = order.orderAlias;
    const shipmentAlias = order.shipments[0]?.shipmentAlias ?? '';

    await op(client, 'GET', '/catalog/orders/{orderAlias}', { orderAlias });
    await op(client, 'GET', '/catalog/orders/{orderAlias}', { orderAlias: 'no' });
    await op(client, 'GET', '/catalog/orders/{orderAlias}', { orderAlias: 'N'.repeat(32) });
    await op(client, 'GET', '/catalog/orders/{orderAlias}', { orderAlias }, { token: null });

    await op(client, 'GET', '/catalog/shipments/{shipmentAlias}', { shipmentAlias });
    await op(client, 'GET', '/catalog/shipments/{shipmentAlias}', { shipmentAlias: '%20' });
    await op(client, 'GET', '/catalog/shipments/{shipmentAlias}', { shipmentAlias: 'S'.repeat(32) });
    await op(client, 'GET', '/catalog/shipments/{shipmentAlias}', { shipmentAlias }, { token: null });

    const path = '/catalog/shipments/{shipmentAlias}/address';
    const invalid = await op(
      client,
      'PUT',
      path,
      { shipmentAlias },
      { body: { ...ADDRESS, postalCode: '12', nameKana: 'やまだ' } },
    );
    expect(invalid.status).toBe(422);
    await op(client, 'PUT', path, { shipmentAlias }, { body: { ...ADDRESS, unknown: 1 } });
    await op(client, 'PUT', path, { shipmentAlias }, { body: { postalCode: '1000001' } });
    await op(client, 'PUT', path, { shipmentAlias: 'bad' }, { body: ADDRESS });
    await op(client, 'PUT', path, { shipmentAlias: 'S'.repeat(32) }, { body: ADDRESS });
    await op(
      client,
      'PUT',
      path,
      { shipmentAlias },
      { rawBody: JSON.stringify({ ...ADDRESS, city: 'x'.repeat(17_000) }) },
    );
    await op(client, 'PUT', path, { shipmentAlias }, { token: null, body: ADDRESS });
    const ok = await op(
      client,
      'PUT',
      path,
      { shipmentAlias },
      { body: { ...ADDRESS, deliveryTimeSlot: '14-16' } },
    );
    expect(ok.status).toBe(200);
    await op(client, 'GET', '/catalog/shipments/{shipmentAlias}', { shipmentAlias });
    await op(client, 'GET', '/catalog/orders/{orderAlias}', { orderAlias });
    const shipped = await t.app.request(`/store/shipments/${shipmentAlias}/shipped`, {
      method: 'POST',
      headers: await staffHeaders(t.app),
    });
    expect(shipped.status).toBe(200);
    await op(client, 'PUT', path, { shipmentAlias }, { body: ADDRESS }); // 409 once shipped
  });
});

describe('staff session', () => {
  test('GET /store/session', async () => {
    const signedIn = await op(
      client,
      'GET',
      '/store/session',
      {},
      {
        token: null,
        headers: await staffHeaders(t.app),
      },
    );
    expect(signedIn.body).toEqual({ account: 'staff', roles: ['counter', 'editor'] });
    expect(signedIn.headers.get('cache-control')).toBe('no-store');
    await op(client, 'GET', '/store/session', {}, { token: null });
    await op(
      client,
      'GET',
      '/store/session',
      {},
      { token: null, headers: { Cookie: 'staff_session=forged' } },
    );
  });
});

describe('the checker itself', () => {
  test('rejects bodies that break the schema and statuses the contract does not document', () => {
    const areas = validatorFor('/catalog/areas', 'get', '200');
    expect(areas([{ id: 1, imageSrc: 'http://x.example/a.jpg', description: 'd', place: 'a' }])).toBe(true);
    expect(areas([{ id: 1, imageSrc: 'not a uri', description: 'd', place: 'a' }])).toBe(false);
    expect(areas([{ id: 1, imageSrc: 'http://x.example/a.jpg', description: 'd', place: 'e' }])).toBe(false);
    const cart = validatorFor('/catalog/cart', 'post', '200');
    const empty = {
      products: [],
      count: 0,
      shippingCharge: 0,
      wrapping: false,
      wrappingFee: 0,
      subtotal: 0,
      grandTotal: 0,
      warning: [],
      chatOrder: false,
    };
    expect(cart(empty)).toBe(true);
    expect(cart({ ...empty, extra: 1 })).toBe(false);
    expect(() => validatorFor('/catalog/areas', 'get', '418')).toThrow(/undocumented/);
  });
});

describe('coverage', () => {
  test('every operation in the contract was exercised', () => {
    const missing = [...exercised].filter(([, statuses]) => statuses.size === 0).map(([key]) => key);
    expect(missing).toEqual([]);
    expect(exercised.size).toBeGreaterThanOrEqual(17);
  });

  test('every documented status of every operation was exercised', () => {
    const missing: string[] = [];
    for (const [key, statuses] of documented) {
      for (const status of statuses) if (!exercised.get(key)?.has(status)) missing.push(`${key} → ${status}`);
    }
    expect(missing).toEqual([]);
  });
});

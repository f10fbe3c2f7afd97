import { computeCharges } from './cart.ts';
import { testConfig } from './config.ts';
import { Client, findVariant, makeApp, type TestApp } from './test-helpers.ts';

interface CartBody {
  products: {
    id: number;
    selectVariantId: number;
    qty: number;
    receive: string;
    price: number;
    totalPrice: number;
    title: string;
  }[];
  count: number;
  shippingCharge: number;
  wrapping: boolean;
  wrappingFee: number;
  subtotal: number;
  grandTotal: number;
  warning: { productId: number; variantId: number; reason: string; availableQty: number; title: string }[];
  chatOrder: boolean;
  rates?: { shippingCharge: number; freeShippingFrom: number; wrappingFee: number };
}

let t: TestApp;
let shopper: Client;

beforeEach(async () => {
  t = await makeApp();
  shopper = new Client(t.app);
});

const variant = (where: string) => findVariant(t, where);

async function setStock(variantId: number, total: number, shop: number) {
  await t.query(
    'UPDATE variants SET total_stock = ?, stock_in_shop = ? WHERE id = ?',
    total,
    shop,
    variantId,
  );
}

async function add(productId: number, variantId: number, addQty: number) {
  return shopper.call('POST', '/catalog/cart/product', { body: { productId, variantId, addQty } });
}

async function cart(lang?: string): Promise<CartBody> {
  const result = await shopper.call('POST', '/catalog/cart', lang ? { body: { lang } } : {});
  expect(result.status).toBe(200);
  return result.body as CartBody;
}

describe('the API token', () => {
  test('every /catalog call without the X-Api-Token header is a 401 JSON error', async () => {
    const calls: [string, string][] = [
      ['GET', '/catalog/areas'],
      ['GET', '/catalog/products'],
      ['GET', '/catalog/products/1'],
      ['GET', '/catalog/products-filters'],
      ['GET', '/catalog/cart/products/count'],
      ['POST', '/catalog/cart/product'],
      ['PUT', '/catalog/cart/product-qty'],
      ['PUT', '/catalog/cart/product-receive'],
      ['PUT', '/catalog/cart/wrapping'],
      ['POST', '/catalog/cart'],
      ['POST', '/catalog/cart/qr'],
      ['GET', `/catalog/cart/qr/${'a'.repeat(32)}`],
      ['GET', `/catalog/orders/${'a'.repeat(32)}`],
      ['GET', '/catalog/does-not-exist'],
    ];
    for (const [method, path] of calls) {
      const result = await shopper.call(method, path, { token: null });
      expect(result.status, `${method} ${path}`).toBe(401);
      expect(result.body).toMatchObject({ code: 'UNAUTHORIZED' });
      expect(result.headers.get('cache-control')).toBe('no-store');
    }
    expect(shopper.cookie).toBeNull();
  });

  test('images, videos, health and the store counter need no token', async () => {
    expect((await t.app.request('/healthz')).status).toBe(200);
    expect(await (await t.app.request('/healthz')).json()).toEqual({ ok: true });
    expect((await t.app.request('/images/products/1.jpg?width=256&height=256&format=jpeg')).status).toBe(200);
  });
});

describe('errors', () => {
  test('unknown routes are 404 JSON; an unexpected exception is a logged 500 JSON', async () => {
    const unknown = await shopper.call('GET', '/catalog/nothing-here');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'NOT_FOUND' });
    expect((await t.app.request('/nothing')).status).toBe(404);
    const v = await variant('total_stock >= 5');
    await add(v.productId, v.variantId, 1);
    await t.query('DROP TABLE cart_lines');
    const broken = await shopper.call('GET', '/catalog/cart/products/count');
    expect(broken.status).toBe(500);
    expect(broken.body).toEqual({ code: 'INTERNAL', message: 'Something went wrong.' });
    expect(broken.headers.get('cache-control')).toBe('no-store');
    expect(t.errors).toHaveLength(1);
  });
});

describe('the cart session cookie', () => {
  test('is set by the first change to the bag, HttpOnly, SameSite=Lax, Path=/, for the 90-day absolute limit', async () => {
    const v = await variant('total_stock >= 5');
    const result = await add(v.productId, v.variantId, 1);
    const cookie = result.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^cart_session=[A-Za-z0-9_-]{43};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).toContain('Path=/');
    expect(cookie).toContain('Max-Age=7776000');
    expect(cookie).not.toContain('Secure');
    // Known session: not set again.
    const again = await shopper.call('GET', '/catalog/cart/products/count');
    expect(again.headers.get('set-cookie')).toBeNull();
  });

  test('is Secure when the public URL is https', async () => {
    const secure = await makeApp({ config: { publicUrl: 'https://shop.example.jp/api' } });
    const v = await variant('total_stock >= 5');
    const result = await new Client(secure.app).call('POST', '/catalog/cart/product', {
      body: { productId: v.productId, variantId: v.variantId, addQty: 1 },
    });
    expect(result.headers.get('set-cookie')).toContain('Secure');
  });

  test('an unknown or forged session id gets a fresh session', async () => {
    shopper.cookie = 'cart_session=forged';
    const v = await variant('total_stock >= 5');
    const result = await add(v.productId, v.variantId, 1);
    expect(result.headers.get('set-cookie')).toMatch(/^cart_session=[A-Za-z0-9_-]{43};/);
  });

  test('two browsers have two bags', async () => {
    const v = await variant('total_stock >= 5');
    await add(v.productId, v.variantId, 2);
    const other = new Client(t.app);
    expect((await other.call('GET', '/catalog/cart/products/count')).body).toEqual({ count: 0 });
    expect((await shopper.call('GET', '/catalog/cart/products/count')).body).toEqual({ count: 2 });
  });

  test('cart responses are never cached; catalogue responses may be for a minute', async () => {
    expect((await shopper.call('POST', '/catalog/cart')).headers.get('cache-control')).toBe('no-store');
    expect((await shopper.call('GET', '/catalog/products')).headers.get('cache-control')).toBe(
      'public, max-age=60',
    );
    expect((await shopper.call('GET', '/catalog/areas')).headers.get('cache-control')).toBe(
      'public, max-age=60',
    );
    expect((await shopper.call('GET', '/catalog/products/99999')).headers.get('cache-control')).toBe(
      'no-store',
    );
  });
});

describe('adding to the bag', () => {
  test('adds a line shipped by default; adding again sums the quantity; count is the sum of quantities', async () => {
    const a = await variant('total_stock >= 10');
    const b = await variant(`total_stock >= 10 AND product_id <> ${a.productId}`);
    expect((await add(a.productId, a.variantId, 2)).status).toBe(200);
    await add(a.productId, a.variantId, 3);
    const result = await add(b.productId, b.variantId, 1);
    const body = result.body as CartBody;
    expect(body.products.map((p) => [p.id, p.selectVariantId, p.qty, p.receive])).toEqual([
      [a.productId, a.variantId, 5, 'ship'],
      [b.productId, b.variantId, 1, 'ship'],
    ]);
    expect(body.count).toBe(6);
    expect((await shopper.call('GET', '/catalog/cart/products/count')).body).toEqual({ count: 6 });
  });

  test('a sold-out variant is refused with 409 OUT_OF_STOCK', async () => {
    const v = await variant('total_stock = 0');
    const result = await add(v.productId, v.variantId, 1);
    expect(result.status).toBe(409);
    expect(result.body).toMatchObject({ code: 'OUT_OF_STOCK', availableQty: 0 });
  });

  test('more than the stock is refused with 409 EXCEEDS_STOCK and what can still be had', async () => {
    const v = await variant('total_stock >= 4');
    await setStock(v.variantId, 4, 2);
    await add(v.productId, v.variantId, 3);
    const result = await add(v.productId, v.variantId, 2);
    expect(result.status).toBe(409);
    expect(result.body).toMatchObject({ code: 'EXCEEDS_STOCK', availableQty: 1 });
    expect((await cart()).count).toBe(3);
  });

  test('unknown products, unknown variants and a variant of another product are 404', async () => {
    const a = await variant('total_stock >= 1');
    const b = await variant(`total_stock >= 1 AND product_id <> ${a.productId}`);
    expect((await add(99999, a.variantId, 1)).status).toBe(404);
    expect((await add(a.productId, 9_999_999, 1)).status).toBe(404);
    expect((await add(a.productId, b.variantId, 1)).status).toBe(404);
  });
});

describe('the lines a bag holds', () => {
  test('a new line past bagMaxLines is 409 BAG_FULL with maxLines; raising a line already there is still allowed', async () => {
    const small = await makeApp({ config: { bagMaxLines: 2 } });
    const client = new Client(small.app);
    const put = (productId: number, variantId: number, addQty: number) =>
      client.call('POST', '/catalog/cart/product', { body: { productId, variantId, addQty } });
    const a = await variant('total_stock >= 10');
    const b = await variant(`total_stock >= 10 AND product_id <> ${a.productId}`);
    const c = await variant(`total_stock >= 10 AND product_id NOT IN (${a.productId}, ${b.productId})`);
    expect((await put(a.productId, a.variantId, 1)).status).toBe(200);
    expect((await put(b.productId, b.variantId, 1)).status).toBe(200);
    const full = await put(c.productId, c.variantId, 1);
    expect(full.status).toBe(409);
    expect(full.body).toMatchObject({ code: 'BAG_FULL', maxLines: 2 });
    // Lines already in the bag may still grow, by adding or by setting their quantity.
    const raised = await put(a.productId, a.variantId, 2);
    expect(raised.status).toBe(200);
    const set = await client.call('PUT', '/catalog/cart/product-qty', {
      body: { productId: b.productId, variantId: b.variantId, qty: 4 },
    });
    expect(set.status).toBe(200);
    const bag = (await client.call('POST', '/catalog/cart')).body as CartBody;
    expect(bag.products.map((p) => [p.selectVariantId, p.qty])).toEqual([
      [a.variantId, 3],
      [b.variantId, 4],
    ]);
    // Once a line goes, there is room for another.
    await client.call('PUT', '/catalog/cart/product-qty', {
      body: { productId: a.productId, variantId: a.variantId, qty: 0 },
    });
    expect((await put(c.productId, c.variantId, 1)).status).toBe(200);
  });
});

describe('bad input never changes the bag', () => {
  test('malformed bodies are 400/413 with the Error JSON and leave the bag as it was', async () => {
    const v = await variant('total_stock >= 10');
    await add(v.productId, v.variantId, 2);
    const before = await cart();
    const bad: {
      method: string;
      path: string;
      rawBody?: string;
      body?: unknown;
      type?: string;
      status: number;
    }[] = [
      {
        method: 'POST',
        path: '/catalog/cart/product',
        body: { productId: v.productId, variantId: v.variantId, addQty: -1 },
        status: 400,
      },
      {
        method: 'POST',
        path: '/catalog/cart/product',
        body: { productId: v.productId, variantId: v.variantId, addQty: 0 },
        status: 400,
      },
      {
        method: 'POST',
        path: '/catalog/cart/product',
        body: { productId: v.productId, variantId: v.variantId, addQty: 1.5 },
        status: 400,
      },
      {
        method: 'POST',
        path: '/catalog/cart/product',
        body: { productId: v.productId, variantId: v.variantId, addQty: '2' },
        status: 400,
      },
      {
        method: 'POST',
        path: '/catalog/cart/product',
        body: { productId: v.productId, variantId: v.variantId },
        status: 400,
      },
      {
        method: 'POST',
        path: '/catalog/cart/product',
        body: { productId: v.productId, variantId: v.variantId, addQty: 1, receive: 'store' },
        status: 400,
      },
      {
        method: 'POST',
        path: '/catalog/cart/product',
        body: { productId: v.productId, variantId: v.variantId, addQty: 100 },
        status: 400,
      },
      { method: 'POST', path: '/catalog/cart/product', body: null, status: 400 },
      { method: 'POST', path: '/catalog/cart/product', rawBody: '{"productId": 1,', status: 400 },
      {
        method: 'POST',
        path: '/catalog/cart/product',
        rawBody: JSON.stringify({ productId: v.productId, variantId: v.variantId, addQty: 1 }),
        type: 'text/plain',
        status: 400,
      },
      { method: 'POST', path: '/catalog/cart/product', rawBody: '', status: 400 },
      {
        method: 'POST',
        path: '/catalog/cart/product',
        rawBody: JSON.stringify({
          productId: v.productId,
          variantId: v.variantId,
          addQty: 1,
          pad: 'x'.repeat(16_384),
        }),
        status: 413,
      },
      {
        method: 'PUT',
        path: '/catalog/cart/product-qty',
        body: { productId: v.productId, variantId: v.variantId, qty: -2 },
        status: 400,
      },
      {
        method: 'PUT',
        path: '/catalog/cart/product-qty',
        body: { productId: v.productId, variantId: v.variantId, qty: 'zero' },
        status: 400,
      },
      {
        method: 'PUT',
        path: '/catalog/cart/product-qty',
        body: { productId: v.productId, variantId: v.variantId, qty: 1, lang: 'fr' },
        status: 400,
      },
      {
        method: 'PUT',
        path: '/catalog/cart/product-receive',
        body: { productId: v.productId, variantId: v.variantId, receive: 'pickup' },
        status: 400,
      },
      {
        method: 'PUT',
        path: '/catalog/cart/product-receive',
        body: { productId: v.productId, variantId: v.variantId },
        status: 400,
      },
      { method: 'PUT', path: '/catalog/cart/wrapping', body: { wrapping: 1 }, status: 400 },
      { method: 'PUT', path: '/catalog/cart/wrapping', rawBody: 'true', status: 400 },
    ];
    for (const request of bad) {
      const result = await shopper.call(request.method, request.path, {
        ...(request.rawBody !== undefined ? { rawBody: request.rawBody } : { body: request.body }),
        headers: { 'Content-Type': request.type ?? 'application/json' },
      });
      expect(
        result.status,
        `${request.method} ${request.path} ${request.rawBody ?? JSON.stringify(request.body)}`,
      ).toBe(request.status);
      expect(result.body).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    }
    expect(await cart()).toEqual(before);
  });

  test('409s leave the bag unchanged too', async () => {
    const v = await variant('total_stock >= 5');
    await add(v.productId, v.variantId, 2);
    const before = await cart();
    await add(v.productId, v.variantId, 99);
    await shopper.call('PUT', '/catalog/cart/product-qty', {
      body: { productId: v.productId, variantId: v.variantId, qty: v.totalStock + 1 },
    });
    expect(await cart()).toEqual(before);
  });
});

describe('quantities and receive', () => {
  test('setting qty checks stock, and qty 0 removes the line', async () => {
    const v = await variant('total_stock >= 5');
    await setStock(v.variantId, 5, 5);
    await add(v.productId, v.variantId, 1);
    const set = await shopper.call('PUT', '/catalog/cart/product-qty', {
      body: { productId: v.productId, variantId: v.variantId, qty: 5 },
    });
    expect((set.body as CartBody).count).toBe(5);
    const over = await shopper.call('PUT', '/catalog/cart/product-qty', {
      body: { productId: v.productId, variantId: v.variantId, qty: 6 },
    });
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({ code: 'EXCEEDS_STOCK', availableQty: 5 });
    const removed = await shopper.call('PUT', '/catalog/cart/product-qty', {
      body: { productId: v.productId, variantId: v.variantId, qty: 0 },
    });
    expect(removed.status).toBe(200);
    expect((removed.body as CartBody).products).toEqual([]);
    expect((await shopper.call('GET', '/catalog/cart/products/count')).body).toEqual({ count: 0 });
  });

  test('setting qty of a line that is not in the bag is 404', async () => {
    const v = await variant('total_stock >= 5');
    const result = await shopper.call('PUT', '/catalog/cart/product-qty', {
      body: { productId: v.productId, variantId: v.variantId, qty: 1 },
    });
    expect(result.status).toBe(404);
  });

  test('qty with lang answers in that language', async () => {
    const v = await variant('total_stock >= 5');
    await add(v.productId, v.variantId, 1);
    const result = await shopper.call('PUT', '/catalog/cart/product-qty', {
      body: { productId: v.productId, variantId: v.variantId, qty: 2, lang: 'en' },
    });
    const title = (result.body as CartBody).products[0]?.title ?? '';
    expect(title).toMatch(/^[\x20-\x7e[\]]+$/);
  });

  test('receive and wrapping with lang answer in that language (chat mode keeps its language)', async () => {
    const v = await variant('total_stock >= 5');
    await add(v.productId, v.variantId, 1);
    const ascii = /^[\x20-\x7e[\]]+$/;
    const receive = await shopper.call('PUT', '/catalog/cart/product-receive', {
      body: { productId: v.productId, variantId: v.variantId, receive: 'ship', lang: 'en' },
    });
    expect((receive.body as CartBody).products[0]?.title).toMatch(ascii);
    const wrapping = await shopper.call('PUT', '/catalog/cart/wrapping', {
      body: { wrapping: true, lang: 'en' },
    });
    expect((wrapping.body as CartBody).products[0]?.title).toMatch(ascii);
    const japanese = await shopper.call('PUT', '/catalog/cart/wrapping', { body: { wrapping: false } });
    expect((japanese.body as CartBody).products[0]?.title).not.toMatch(ascii);
    const bad = await shopper.call('PUT', '/catalog/cart/wrapping', { body: { wrapping: true, lang: 'fr' } });
    expect(bad.status).toBe(400);
  });

  test('receive switches between store and ship', async () => {
    const v = await variant('total_stock >= 5 AND stock_in_shop >= 2');
    await add(v.productId, v.variantId, 1);
    const store = await shopper.call('PUT', '/catalog/cart/product-receive', {
      body: { productId: v.productId, variantId: v.variantId, receive: 'store' },
    });
    expect((store.body as CartBody).products[0]?.receive).toBe('store');
    const ship = await shopper.call('PUT', '/catalog/cart/product-receive', {
      body: { productId: v.productId, variantId: v.variantId, receive: 'ship' },
    });
    expect((ship.body as CartBody).products[0]?.receive).toBe('ship');
  });
});

describe('charges', () => {
  test('computeCharges: 880 under 11,000 with a shipped line; 0 from 11,000; 0 when all store; wrapping 330', () => {
    const config = testConfig();
    expect(computeCharges([{ price: 10_999, qty: 1, receive: 'ship' }], false, config)).toEqual({
      shippingCharge: 880,
      wrappingFee: 0,
      subtotal: 10_999,
      grandTotal: 11_879,
    });
    expect(computeCharges([{ price: 5_500, qty: 2, receive: 'ship' }], false, config).shippingCharge).toBe(0);
    expect(computeCharges([{ price: 1_080, qty: 1, receive: 'store' }], false, config).shippingCharge).toBe(
      0,
    );
    expect(
      computeCharges(
        [
          { price: 1_080, qty: 1, receive: 'store' },
          { price: 1_080, qty: 1, receive: 'ship' },
        ],
        true,
        config,
      ),
    ).toEqual({ shippingCharge: 880, wrappingFee: 330, subtotal: 2_160, grandTotal: 3_370 });
    expect(computeCharges([], true, config)).toEqual({
      shippingCharge: 0,
      wrappingFee: 0,
      subtotal: 0,
      grandTotal: 0,
    });
  });

  test('the bag applies them: shipping under 11,000, free from 11,000, none when everything is picked up', async () => {
    const v = await variant('total_stock >= 20 AND stock_in_shop >= 20 AND price BETWEEN 1000 AND 3000');
    await add(v.productId, v.variantId, 1);
    let body = await cart();
    expect(body.subtotal).toBe(v.price);
    expect(body.shippingCharge).toBe(880);
    expect(body.grandTotal).toBe(v.price + 880);

    const qtyForFree = Math.ceil(11_000 / v.price);
    await shopper.call('PUT', '/catalog/cart/product-qty', {
      body: { productId: v.productId, variantId: v.variantId, qty: qtyForFree },
    });
    body = await cart();
    expect(body.subtotal).toBe(v.price * qtyForFree);
    expect(body.subtotal).toBeGreaterThanOrEqual(11_000);
    expect(body.shippingCharge).toBe(0);

    await shopper.call('PUT', '/catalog/cart/product-qty', {
      body: { productId: v.productId, variantId: v.variantId, qty: 1 },
    });
    await shopper.call('PUT', '/catalog/cart/product-receive', {
      body: { productId: v.productId, variantId: v.variantId, receive: 'store' },
    });
    body = await cart();
    expect(body.shippingCharge).toBe(0);
    expect(body.grandTotal).toBe(v.price);
  });

  test('wrapping adds 330 to a non-empty bag, and is configurable', async () => {
    const wrapped = await shopper.call('PUT', '/catalog/cart/wrapping', { body: { wrapping: true } });
    expect(wrapped.body).toMatchObject({ wrapping: true, wrappingFee: 0, grandTotal: 0 });
    const v = await variant('total_stock >= 5');
    await add(v.productId, v.variantId, 1);
    const body = await cart();
    expect(body.wrappingFee).toBe(330);
    expect(body.grandTotal).toBe(body.subtotal + body.shippingCharge + 330);

    const custom = await makeApp({
      config: { wrappingFee: 500, shippingCharge: 1000, freeShippingFrom: 5000 },
    });
    const other = new Client(custom.app);
    await other.call('POST', '/catalog/cart/product', {
      body: { productId: v.productId, variantId: v.variantId, addQty: 1 },
    });
    await other.call('PUT', '/catalog/cart/wrapping', { body: { wrapping: true } });
    const customBody = (await other.call('POST', '/catalog/cart')).body as CartBody;
    expect(customBody.wrappingFee).toBe(500);
    expect(customBody.shippingCharge).toBe(v.price < 5000 ? 1000 : 0);
  });

  test('every bag, even empty or all picked up, names the rates before they are chosen', async () => {
    expect((await cart()).rates).toEqual({ shippingCharge: 880, freeShippingFrom: 11_000, wrappingFee: 330 });
    const v = await variant('total_stock >= 5 AND stock_in_shop >= 5');
    await add(v.productId, v.variantId, 1);
    await shopper.call('PUT', '/catalog/cart/product-receive', {
      body: { productId: v.productId, variantId: v.variantId, receive: 'store' },
    });
    const body = await cart();
    expect(body).toMatchObject({ shippingCharge: 0, wrappingFee: 0 });
    expect(body.rates).toEqual({ shippingCharge: 880, freeShippingFrom: 11_000, wrappingFee: 330 });

    const custom = await makeApp({
      config: { wrappingFee: 500, shippingCharge: 1000, freeShippingFrom: 5000 },
    });
    const other = new Client(custom.app);
    const customBody = (await other.call('POST', '/catalog/cart')).body as CartBody;
    expect(customBody.rates).toEqual({ shippingCharge: 1000, freeShippingFrom: 5000, wrappingFee: 500 });
  });
});

describe('warnings against current stock', () => {
  test('POST /catalog/cart reports OUT_OF_STOCK, EXCEEDS_STOCK and EXCEEDS_STORE_STOCK', async () => {
    const a = await variant('total_stock >= 5');
    const b = await variant(`total_stock >= 5 AND product_id <> ${a.productId}`);
    const c = await variant(`total_stock >= 5 AND product_id NOT IN (${a.productId}, ${b.productId})`);
    await add(a.productId, a.variantId, 2);
    await add(b.productId, b.variantId, 3);
    await add(c.productId, c.variantId, 2);
    await shopper.call('PUT', '/catalog/cart/product-receive', {
      body: { productId: c.productId, variantId: c.variantId, receive: 'store' },
    });
    await setStock(a.variantId, 0, 0);
    await setStock(b.variantId, 2, 1);
    await setStock(c.variantId, 9, 1);
    const body = await cart();
    expect(body.warning.map((w) => [w.variantId, w.reason, w.availableQty])).toEqual([
      [a.variantId, 'OUT_OF_STOCK', 0],
      [b.variantId, 'EXCEEDS_STOCK', 2],
      [c.variantId, 'EXCEEDS_STORE_STOCK', 1],
    ]);
    expect(body.warning[0]?.title).toContain('（');
  });
});

import { Client, makeApp, staffHeaders } from './test-helpers.ts';

/** Every endpoint that reads a JSON body, with a body that is otherwise valid for it. */
const ENDPOINTS: [method: string, path: string, body: Record<string, unknown>][] = [
  ['POST', '/catalog/cart/product', { productId: 1, variantId: 11, addQty: 1 }],
  ['PUT', '/catalog/cart/product-qty', { productId: 1, variantId: 11, qty: 1 }],
  ['PUT', '/catalog/cart/product-receive', { productId: 1, variantId: 11, receive: 'store' }],
  ['PUT', '/catalog/cart/wrapping', { wrapping: true }],
  ['POST', '/catalog/cart', { lang: 'en' }],
  ['POST', '/catalog/cart/qr', { lang: 'en' }],
  ['PUT', '/catalog/shipments/S0000000000000000000/address', { name: '山田 太郎' }],
];

describe('request JSON with prototype keys', () => {
  test.each(
    ENDPOINTS.flatMap(([method, path, body]) =>
      ['__proto__', 'constructor', 'prototype'].map((key) => [method, path, key, body] as const),
    ),
  )('%s %s with a %s key is refused with 400 before anything changes', async (method, path, key, body) => {
    const t = await makeApp();
    const shopper = new Client(t.app);
    // Written by hand: JSON.stringify would drop or rename a __proto__ key.
    const rawBody = `{${JSON.stringify(key)}: {"polluted": true}, ${JSON.stringify(body).slice(1)}`;
    const result = await shopper.call(method, path, {
      rawBody,
      headers: { 'Content-Type': 'application/json', ...(await staffHeaders(t.app)) },
    });
    expect(result.status).toBe(400);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  test('a nested prototype key is refused too', async () => {
    const t = await makeApp();
    const result = await new Client(t.app).call('POST', '/catalog/cart/product', {
      rawBody: '{"productId": 1, "variantId": 11, "addQty": 1, "extra": {"__proto__": {"x": 1}}}',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(result.status).toBe(400);
  });
});

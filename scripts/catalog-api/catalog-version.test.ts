import { Client, findVariant, makeApp, staffCookie, staffHeaders, type TestApp } from './test-helpers.ts';

let t: TestApp;
let shopper: Client;

beforeEach(() => {
  t = makeApp();
  shopper = new Client(t.app);
});

const version = async () =>
  (await shopper.call('GET', '/catalog/version')).body as { version: string; updatedAt: string };

describe('the catalogue version', () => {
  test('holds still while nothing a page shows changes; bags and QR codes do not move it', async () => {
    const first = await version();
    expect(first.version).toMatch(/^\d+$/);
    expect(new Date(first.updatedAt).toISOString()).toBe(first.updatedAt);
    const v = findVariant(t.db, 'total_stock >= 5');
    await shopper.call('POST', '/catalog/cart/product', {
      body: { productId: v.productId, variantId: v.variantId, addQty: 1 },
    });
    await shopper.call('POST', '/catalog/cart/qr');
    expect(await version()).toEqual(first);
  });

  test('moves when a payment changes stock', async () => {
    const before = await version();
    const v = findVariant(t.db, 'total_stock >= 5');
    await shopper.call('POST', '/catalog/cart/product', {
      body: { productId: v.productId, variantId: v.variantId, addQty: 1 },
    });
    const alias = ((await shopper.call('POST', '/catalog/cart/qr')).body as { draftOrderAlias: string })
      .draftOrderAlias;
    t.clock.advance(5);
    await shopper.call('POST', `/catalog/cart/qr/${alias}/complete`, {
      headers: await staffHeaders(t.app),
    });
    const after = await version();
    expect(after.version).not.toBe(before.version);
    expect(after.updatedAt > before.updatedAt).toBe(true);
  });

  test('moves when an editor changes a product title, which the product then carries', async () => {
    const before = await version();
    const cookie = await staffCookie(t.app);
    const edit = (body: unknown, headers: Record<string, string> = { Cookie: cookie }) =>
      shopper.call('PUT', '/store/products/3', { body, headers, token: null });
    expect((await edit({ title: '新しい名前' }, {})).status).toBe(403);
    expect((await edit({ title: '' })).status).toBe(400);
    expect((await edit({ title: 'a\u0000b' })).status).toBe(400);
    expect(
      (
        await shopper.call('PUT', '/store/products/999999', {
          body: { title: 'x' },
          headers: { Cookie: cookie },
        })
      ).status,
    ).toBe(404);
    expect(await version()).toEqual(before);
    const changed = await edit({ title: '新しい名前の焼き菓子' });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ id: 3, title: '新しい名前の焼き菓子' });
    expect((await shopper.call('GET', '/catalog/products/3')).body).toMatchObject({
      title: '新しい名前の焼き菓子',
    });
    expect((await version()).version).not.toBe(before.version);
  });
});

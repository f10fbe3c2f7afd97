import {
  Client,
  findVariant,
  makeApp,
  sameDatabase,
  staffCookie,
  staffHeaders,
  type TestApp,
} from './test-helpers.ts';

let t: TestApp;
let shopper: Client;

beforeEach(async () => {
  t = await makeApp();
  shopper = new Client(t.app);
});

const version = async () =>
  (await shopper.call('GET', '/catalog/version')).body as { version: string; updatedAt: string };

describe('the catalogue version', () => {
  test('holds still while nothing a page shows changes; bags and QR codes do not move it', async () => {
    const first = await version();
    expect(first.version).toMatch(/^\d+$/);
    expect(new Date(first.updatedAt).toISOString()).toBe(first.updatedAt);
    const v = await findVariant(t, 'total_stock >= 5');
    await shopper.call('POST', '/catalog/cart/product', {
      body: { productId: v.productId, variantId: v.variantId, addQty: 1 },
    });
    await shopper.call('POST', '/catalog/cart/qr');
    expect(await version()).toEqual(first);
  });

  test('moves when a payment changes stock', async () => {
    const before = await version();
    const v = await findVariant(t, 'total_stock >= 5');
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

describe('two API instances over the same database', () => {
  let other: TestApp;
  let elsewhere: Client;
  beforeEach(async () => {
    // Instance B has read (and holds assembled) what it serves before instance A changes anything.
    other = await makeApp({ database: sameDatabase(t.database), clock: t.clock });
    elsewhere = new Client(other.app);
  });
  afterEach(async () => {
    if (other.database !== t.database) await other.database.close();
  });

  const productOnB = async (id: number) =>
    (await elsewhere.call('GET', `/catalog/products/${id}`)).body as {
      title: string;
      variants: { id: number; totalStock: number; stockInShop: number }[];
    };

  test("an editor's title change through one is served by the other at once", async () => {
    expect((await productOnB(3)).title).not.toBe('二つ目の店でも見える名前');
    const changed = await shopper.call('PUT', '/store/products/3', {
      body: { title: '二つ目の店でも見える名前' },
      headers: { Cookie: await staffCookie(t.app) },
      token: null,
    });
    expect(changed.status).toBe(200);
    expect((await productOnB(3)).title).toBe('二つ目の店でも見える名前');
    expect((await elsewhere.call('GET', '/catalog/version')).body).toEqual(await version());
  });

  test('a payment through one changes the stock the other serves', async () => {
    const v = await findVariant(t, 'total_stock >= 5 AND stock_in_shop >= 2');
    const before = (await productOnB(v.productId)).variants.find((variant) => variant.id === v.variantId);
    expect(before).toMatchObject({ totalStock: v.totalStock, stockInShop: v.stockInShop });
    await shopper.call('POST', '/catalog/cart/product', {
      body: { productId: v.productId, variantId: v.variantId, addQty: 2 },
    });
    const alias = ((await shopper.call('POST', '/catalog/cart/qr')).body as { draftOrderAlias: string })
      .draftOrderAlias;
    const paid = await shopper.call('POST', `/catalog/cart/qr/${alias}/complete`, {
      headers: await staffHeaders(t.app),
    });
    expect(paid.status).toBe(200);
    const after = (await productOnB(v.productId)).variants.find((variant) => variant.id === v.variantId);
    expect(after?.totalStock).toBe(v.totalStock - 2);
  });
});

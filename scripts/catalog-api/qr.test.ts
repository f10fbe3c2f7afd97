import { Client, findVariant, makeApp, SITE_ORIGIN, staffCookie, type TestApp } from './test-helpers.ts';

let t: TestApp;
let shopper: Client;

beforeEach(() => {
  t = makeApp();
  shopper = new Client(t.app);
});

const variant = (where: string) => findVariant(t.db, where);

function stockOf(variantId: number) {
  return t.db
    .prepare('SELECT total_stock AS totalStock, stock_in_shop AS stockInShop FROM variants WHERE id = ?')
    .get(variantId) as { totalStock: number; stockInShop: number };
}

async function add(productId: number, variantId: number, addQty: number, receive?: 'store' | 'ship') {
  const result = await shopper.call('POST', '/catalog/cart/product', {
    body: { productId, variantId, addQty },
  });
  expect(result.status).toBe(200);
  if (receive) {
    await shopper.call('PUT', '/catalog/cart/product-receive', { body: { productId, variantId, receive } });
  }
}

async function issue(body?: unknown) {
  return shopper.call('POST', '/catalog/cart/qr', body === undefined ? {} : { body });
}

async function issueAlias(body?: unknown): Promise<string> {
  const result = await issue(body);
  expect(result.status).toBe(201);
  return (result.body as { draftOrderAlias: string }).draftOrderAlias;
}

/** Staff complete the payment; `cookie` replaces the signed-in staff session. */
async function complete(alias: string, cookie?: string) {
  return shopper.call('POST', `/catalog/cart/qr/${alias}/complete`, {
    headers: { Cookie: cookie ?? (await staffCookie(t.app)) },
  });
}

async function confirmation(alias: string) {
  return (await shopper.call('GET', `/catalog/cart/qr/${alias}`)).body as Record<string, unknown>;
}

async function status(alias: string) {
  return (await shopper.call('GET', `/catalog/cart/qr/${alias}/status`)).body as Record<string, unknown>;
}

describe('issuing a QR code', () => {
  test('an empty bag is refused with 409 CART_EMPTY', async () => {
    const result = await issue();
    expect(result.status).toBe(409);
    expect(result.body).toMatchObject({ code: 'CART_EMPTY' });
  });

  test('a bag with warnings is refused with 409 CART_HAS_WARNINGS and the warnings', async () => {
    const v = variant('total_stock >= 5');
    await add(v.productId, v.variantId, 3);
    t.db.prepare('UPDATE variants SET total_stock = 2, stock_in_shop = 0 WHERE id = ?').run(v.variantId);
    const result = await issue();
    expect(result.status).toBe(409);
    expect(result.body).toMatchObject({
      code: 'CART_HAS_WARNINGS',
      warning: [{ productId: v.productId, variantId: v.variantId, reason: 'EXCEEDS_STOCK', availableQty: 2 }],
    });
  });

  test('a good bag gets a draft order: unguessable alias, time limit, snapshot; via chat sets chatOrder', async () => {
    const v = variant('total_stock >= 5');
    await add(v.productId, v.variantId, 2);
    const result = await issue({ lang: 'en', via: 'chat' });
    expect(result.status).toBe(201);
    const body = result.body as {
      draftOrderAlias: string;
      expiresAt: string;
      chatOrder: boolean;
      cart: { chatOrder: boolean; count: number };
    };
    expect(body.draftOrderAlias).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(Date.parse(body.expiresAt)).toBe(t.clock.ms + 900_000);
    expect(body.chatOrder).toBe(true);
    expect(body.cart.chatOrder).toBe(true);
    expect(body.cart.count).toBe(2);
    expect((await shopper.call('POST', '/catalog/cart')).body).toMatchObject({ chatOrder: true });
    // Issuing from the web catalogue clears the chat flag.
    await issue();
    expect((await shopper.call('POST', '/catalog/cart')).body).toMatchObject({ chatOrder: false });
  });

  test('issuing again cancels the previous pending draft order', async () => {
    const v = variant('total_stock >= 5');
    await add(v.productId, v.variantId, 1);
    const first = await issueAlias();
    const second = await issueAlias();
    expect(first).not.toBe(second);
    expect(await status(first)).toMatchObject({ status: 'cancelled' });
    expect(await status(second)).toMatchObject({ status: 'pending' });
    expect(await confirmation(first)).toEqual({ errorCode: 'EXPIRED' });
    const refused = await complete(first);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'CANCELLED' });
  });

  test('another session issuing does not cancel mine', async () => {
    const v = variant('total_stock >= 5');
    await add(v.productId, v.variantId, 1);
    const mine = await issueAlias();
    const other = new Client(t.app);
    await other.call('POST', '/catalog/cart/product', {
      body: { productId: v.productId, variantId: v.variantId, addQty: 1 },
    });
    expect((await other.call('POST', '/catalog/cart/qr')).status).toBe(201);
    expect(await status(mine)).toMatchObject({ status: 'pending' });
  });
});

describe('the confirmation and the status', () => {
  test('the confirmation is the snapshot with the store-counter URL', async () => {
    const v = variant('total_stock >= 5');
    await add(v.productId, v.variantId, 2);
    await shopper.call('PUT', '/catalog/cart/wrapping', { body: { wrapping: true } });
    const alias = await issueAlias();
    // Changing the bag afterwards does not change the draft order.
    await shopper.call('PUT', '/catalog/cart/product-qty', {
      body: { productId: v.productId, variantId: v.variantId, qty: 1 },
    });
    const body = await confirmation(alias);
    expect(body).toMatchObject({
      draftOrderAlias: alias,
      subtotal: v.price * 2,
      wrappingFee: 330,
      urlForQrCode: `http://localhost:4321/api/store/qr/${alias}`,
    });
    const { grandTotal, products } = body;
    expect(grandTotal).toBe(v.price * 2 + 330 + (v.price * 2 < 11_000 ? 880 : 0));
    expect(products).toMatchObject([{ id: v.productId, selectVariantId: v.variantId, qty: 2 }]);
  });

  test('errorCode NOT_FOUND, EXPIRED, STOCK_CHANGED and COMPLETED (with the order)', async () => {
    expect(await confirmation('A'.repeat(32))).toEqual({ errorCode: 'NOT_FOUND' });
    const v = variant('total_stock >= 5');
    await add(v.productId, v.variantId, 3);
    const alias = await issueAlias();
    t.db.prepare('UPDATE variants SET total_stock = 2 , stock_in_shop = 0 WHERE id = ?').run(v.variantId);
    expect(await confirmation(alias)).toEqual({ errorCode: 'STOCK_CHANGED' });
    t.db.prepare('UPDATE variants SET total_stock = 3, stock_in_shop = 0 WHERE id = ?').run(v.variantId);
    expect(await confirmation(alias)).toMatchObject({ draftOrderAlias: alias });
    const order = (await complete(alias)).body as { orderAlias: string };
    expect(await confirmation(alias)).toEqual({ errorCode: 'COMPLETED', orderAlias: order.orderAlias });
    expect(await status(alias)).toMatchObject({ status: 'completed', orderAlias: order.orderAlias });
  });

  test('a store line over the shop stock is STOCK_CHANGED', async () => {
    const v = variant('total_stock >= 5 AND stock_in_shop >= 2');
    await add(v.productId, v.variantId, 2, 'store');
    const alias = await issueAlias();
    t.db.prepare('UPDATE variants SET stock_in_shop = 1 WHERE id = ?').run(v.variantId);
    expect(await confirmation(alias)).toEqual({ errorCode: 'STOCK_CHANGED' });
  });

  test('the draft order expires after the time limit (injected clock)', async () => {
    const v = variant('total_stock >= 5');
    await add(v.productId, v.variantId, 1);
    const alias = await issueAlias();
    t.clock.advance(899);
    expect(await status(alias)).toMatchObject({ status: 'pending' });
    t.clock.advance(1);
    expect(await status(alias)).toMatchObject({ status: 'expired' });
    expect(await confirmation(alias)).toEqual({ errorCode: 'EXPIRED' });
    const refused = await complete(alias);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'EXPIRED' });
    expect(stockOf(v.variantId).totalStock).toBe(v.totalStock);
  });

  test('the time limit is configurable', async () => {
    const short = makeApp({ config: { draftOrderTtlSeconds: 60 } });
    const client = new Client(short.app);
    const v = variant('total_stock >= 5');
    await client.call('POST', '/catalog/cart/product', {
      body: { productId: v.productId, variantId: v.variantId, addQty: 1 },
    });
    const issued = (await client.call('POST', '/catalog/cart/qr')).body as { expiresAt: string };
    expect(Date.parse(issued.expiresAt)).toBe(short.clock.ms + 60_000);
  });

  test('malformed aliases are 400, unknown ones 404 on status', async () => {
    expect((await shopper.call('GET', '/catalog/cart/qr/short')).status).toBe(400);
    expect((await shopper.call('GET', `/catalog/cart/qr/${'x'.repeat(65)}`)).status).toBe(400);
    expect((await shopper.call('GET', `/catalog/cart/qr/${'x'.repeat(32)}/status`)).status).toBe(404);
  });
});

describe('completing at the store counter', () => {
  test('needs the staff token (403)', async () => {
    const v = variant('total_stock >= 5');
    await add(v.productId, v.variantId, 1);
    const alias = await issueAlias();
    expect((await shopper.call('POST', `/catalog/cart/qr/${alias}/complete`)).status).toBe(403);
    expect((await complete(alias, '__Host-staff=wrong')).status).toBe(403);
    expect(await status(alias)).toMatchObject({ status: 'pending' });
  });

  test('stock is decremented only on completion; the order, shipment and pickup are created; the bag is cleared', async () => {
    const shipped = variant('total_stock >= 5 AND stock_in_shop >= 3');
    const picked = variant(`total_stock >= 5 AND stock_in_shop >= 3 AND product_id <> ${shipped.productId}`);
    await add(shipped.productId, shipped.variantId, 2);
    await add(picked.productId, picked.variantId, 3, 'store');
    await shopper.call('PUT', '/catalog/cart/wrapping', { body: { wrapping: true } });
    const alias = await issueAlias();

    // Issuing and reading do not touch stock.
    await confirmation(alias);
    expect(stockOf(shipped.variantId)).toEqual({
      totalStock: shipped.totalStock,
      stockInShop: shipped.stockInShop,
    });
    expect(stockOf(picked.variantId)).toEqual({
      totalStock: picked.totalStock,
      stockInShop: picked.stockInShop,
    });
    const productBefore = (await shopper.call('GET', `/catalog/products/${picked.productId}`)).body as {
      variants: { id: number; totalStock: number }[];
    };
    expect(productBefore.variants.find((v) => v.id === picked.variantId)?.totalStock).toBe(picked.totalStock);

    const result = await complete(alias);
    expect(result.status).toBe(200);
    const order = result.body as {
      orderAlias: string;
      status: string;
      lines: { variantId: number; qty: number; receive: string }[];
      pickup: { place: string; note: string } | null;
      shipments: {
        shipmentAlias: string;
        status: string;
        lines: { variantId: number }[];
        address: unknown;
      }[];
      wrapping: boolean;
      wrappingFee: number;
      grandTotal: number;
      subtotal: number;
      shippingCharge: number;
    };
    expect(order.orderAlias).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(order.status).toBe('paid');
    expect(order.lines.map((l) => [l.variantId, l.qty, l.receive])).toEqual([
      [shipped.variantId, 2, 'ship'],
      [picked.variantId, 3, 'store'],
    ]);
    expect(order.wrapping).toBe(true);
    expect(order.wrappingFee).toBe(330);
    expect(order.grandTotal).toBe(order.subtotal + order.shippingCharge + 330);
    expect(order.pickup?.place).toMatch(/^BASE [A-D]/);
    expect(order.pickup?.note).toContain('受け取り');
    expect(order.shipments).toHaveLength(1);
    expect(order.shipments[0]).toMatchObject({ status: 'awaiting_address', address: null });
    expect(order.shipments[0]?.lines.map((l) => l.variantId)).toEqual([shipped.variantId]);

    // Stock: shipped lines from the total, store lines from the total and the shop.
    expect(stockOf(shipped.variantId).totalStock).toBe(shipped.totalStock - 2);
    expect(stockOf(shipped.variantId).stockInShop).toBe(
      Math.min(shipped.stockInShop, shipped.totalStock - 2),
    );
    expect(stockOf(picked.variantId)).toEqual({
      totalStock: picked.totalStock - 3,
      stockInShop: picked.stockInShop - 3,
    });
    // The catalogue shows the new stock at once.
    const productAfter = (await shopper.call('GET', `/catalog/products/${picked.productId}`)).body as {
      variants: { id: number; totalStock: number }[];
    };
    expect(productAfter.variants.find((v) => v.id === picked.variantId)?.totalStock).toBe(
      picked.totalStock - 3,
    );

    // The bag is empty again, wrapping off.
    expect((await shopper.call('GET', '/catalog/cart/products/count')).body).toEqual({ count: 0 });
    expect((await shopper.call('POST', '/catalog/cart')).body).toMatchObject({
      wrapping: false,
      products: [],
    });

    // The order and the shipment can be read back.
    const read = await shopper.call('GET', `/catalog/orders/${order.orderAlias}`);
    expect(read.body).toEqual(order);
    const shipment = await shopper.call('GET', `/catalog/shipments/${order.shipments[0]?.shipmentAlias}`);
    expect(shipment.body).toMatchObject({ orderAlias: order.orderAlias, status: 'awaiting_address' });

    // Completing twice is refused, and stock is not decremented twice.
    const again = await complete(alias);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'COMPLETED' });
    expect(stockOf(picked.variantId).totalStock).toBe(picked.totalStock - 3);
  });

  test('an all-pickup order has no shipment; an all-shipped order no pickup', async () => {
    const v = variant('total_stock >= 5 AND stock_in_shop >= 2');
    await add(v.productId, v.variantId, 1, 'store');
    const pickupOnly = (await complete(await issueAlias())).body as {
      pickup: unknown;
      shipments: unknown[];
      shippingCharge: number;
    };
    expect(pickupOnly.pickup).not.toBeNull();
    expect(pickupOnly.shipments).toEqual([]);
    expect(pickupOnly.shippingCharge).toBe(0);
    await add(v.productId, v.variantId, 1);
    const shipOnly = (await complete(await issueAlias())).body as { pickup: unknown; shipments: unknown[] };
    expect(shipOnly.pickup).toBeNull();
    expect(shipOnly.shipments).toHaveLength(1);
  });

  test('a chat order names its pickup counter and note in the visitor’s language', async () => {
    const v = variant('total_stock >= 5 AND stock_in_shop >= 2');
    for (const [lang, counter, note] of [
      ['en', /^BASE [A-D], (B1|\d)F pickup counter$/, 'pickup counter'],
      ['zh', /^BASE [A-D] (地下1|\d)楼 取货柜台$/, '取货柜台'],
      ['ko', /^BASE [A-D] (지하 1|\d)층 수령 카운터$/, '수령 카운터'],
      ['ja', /^BASE [A-D] (地下1|\d)階 受け取りカウンター$/, '受け取りカウンター'],
    ] as const) {
      await add(v.productId, v.variantId, 1, 'store');
      const order = (await complete(await issueAlias({ lang, via: 'chat' }))).body as {
        pickup: { place: string; note: string };
      };
      expect(order.pickup.place, lang).toMatch(counter);
      expect(order.pickup.note, lang).toContain(note);
    }
  });

  test('completion re-checks stock: 409 STOCK_CHANGED and nothing changes', async () => {
    const v = variant('total_stock >= 5');
    await add(v.productId, v.variantId, 4);
    const alias = await issueAlias();
    t.db.prepare('UPDATE variants SET total_stock = 3, stock_in_shop = 0 WHERE id = ?').run(v.variantId);
    const result = await complete(alias);
    expect(result.status).toBe(409);
    expect(result.body).toMatchObject({ code: 'STOCK_CHANGED' });
    expect(stockOf(v.variantId).totalStock).toBe(3);
    expect(await status(alias)).toMatchObject({ status: 'pending' });
    expect((await shopper.call('GET', '/catalog/cart/products/count')).body).toEqual({ count: 4 });
  });
});

describe('the store-counter page', () => {
  const form = (fields: Record<string, string>, cookie?: string) => ({
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Origin: SITE_ORIGIN,
      ...(cookie === undefined ? {} : { Cookie: cookie }),
    },
    body: new URLSearchParams(fields).toString(),
  });

  test('says in Japanese that an order came from chat, and in which language', async () => {
    const v = variant('total_stock >= 5');
    await add(v.productId, v.variantId, 1);
    const cookie = await staffCookie(t.app);
    const view = async (alias: string) =>
      (await t.app.request(`/store/qr/${alias}`, { headers: { Cookie: cookie } })).text();
    const chat = await view(await issueAlias({ lang: 'ko', via: 'chat' }));
    expect(chat).toContain('<p class="chat">チャットからのご注文（韓国語）</p>');
    const web = await view(await issueAlias());
    expect(web).not.toContain('チャットからのご注文');
  });

  test('asks for staff sign-in first and tells a stranger nothing about the order', async () => {
    const v = variant('total_stock >= 5');
    await add(v.productId, v.variantId, 2);
    const alias = await issueAlias();
    const page = await t.app.request(`/store/qr/${alias}`);
    expect(page.status).toBe(401);
    const html = await page.text();
    expect(html).toContain('スタッフサインイン');
    expect(html).toContain('action="../signin"');
    expect(html).toContain(`name="next" value="qr/${alias}"`);
    expect(html).not.toContain('お支払い待ち');
    expect(html).not.toContain(`¥${(v.price * 2).toLocaleString('en-US')}`);
    // An unknown alias looks the same: the page does not reveal which draft orders exist.
    const unknown = await t.app.request(`/store/qr/${'M'.repeat(32)}`);
    expect(unknown.status).toBe(401);
    const completeWithout = await t.app.request(`/store/qr/${alias}/complete`, form({}));
    expect(completeWithout.status).toBe(403);
    expect(await status(alias)).toMatchObject({ status: 'pending' });
  });

  test('shows the draft order in Japanese once signed in, and completes it with a plain form POST', async () => {
    const v = variant('total_stock >= 5');
    await add(v.productId, v.variantId, 2);
    const alias = await issueAlias();
    const cookie = await staffCookie(t.app);
    const page = await t.app.request(`/store/qr/${alias}`, { headers: { Cookie: cookie } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await page.text();
    expect(html).toContain('<html lang="ja">');
    expect(html).toContain('お支払い待ち');
    expect(html).toContain('お支払い期限');
    expect(html).toContain('残り約15分');
    expect(html).toContain(`¥${(v.price * 2).toLocaleString('en-US')}`);
    expect(html).toContain(`action="${alias}/complete"`);
    expect(html).toContain('スタッフ: staff');
    expect(html).not.toContain('password');

    const done = await t.app.request(`/store/qr/${alias}/complete`, form({}, cookie));
    expect(done.status).toBe(200);
    const doneHtml = await done.text();
    expect(doneHtml).toContain('お支払いが完了しました');
    const { orderAlias } = (await status(alias)) as { orderAlias: string };
    // Staff see what was paid, never the order alias that leads to the shopper's address.
    expect(orderAlias).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(doneHtml).not.toContain(orderAlias);

    const after = await (await t.app.request(`/store/qr/${alias}`, { headers: { Cookie: cookie } })).text();
    expect(after).toContain('お支払い済み');
    expect(after).not.toContain(orderAlias);
    expect(after).not.toContain(`action="${alias}/complete"`);
  });

  test('escapes everything it shows', async () => {
    const v = variant('total_stock >= 5');
    t.db
      .prepare("UPDATE products SET texts = json_set(texts, '$.ja.title', ?) WHERE id = ?")
      .run('<script>alert(1)</script>"&', v.productId);
    await add(v.productId, v.variantId, 1);
    const alias = await issueAlias();
    const cookie = await staffCookie(t.app);
    const html = await (await t.app.request(`/store/qr/${alias}`, { headers: { Cookie: cookie } })).text();
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;&quot;&amp;');
  });

  test('unknown and expired draft orders', async () => {
    const cookie = await staffCookie(t.app);
    const missing = await t.app.request(`/store/qr/${'M'.repeat(32)}`, { headers: { Cookie: cookie } });
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('見つかりません');
    const v = variant('total_stock >= 5');
    await add(v.productId, v.variantId, 1);
    const alias = await issueAlias();
    t.clock.advance(901);
    expect(
      await (await t.app.request(`/store/qr/${alias}`, { headers: { Cookie: cookie } })).text(),
    ).toContain('期限切れ');
    const late = await t.app.request(`/store/qr/${alias}/complete`, form({}, cookie));
    expect(late.status).toBe(409);
    expect(await late.text()).toContain('お支払い期限が過ぎています');
  });
});

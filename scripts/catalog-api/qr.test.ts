import { createHash } from 'node:crypto';
import { escapeHtml } from '../../src/lib/markup.ts';
import { optionText } from './i18n-data.ts';
import { Client, findVariant, makeApp, SITE_ORIGIN, staffCookie, type TestApp } from './test-helpers.ts';

let t: TestApp;
let shopper: Client;

beforeEach(async () => {
  t = await makeApp();
  shopper = new Client(t.app);
});

const variant = (where: string) => findVariant(t, where);

async function stockOf(variantId: number) {
  const [row] = await t.query<{ totalStock: number; stockInShop: number }>(
    'SELECT total_stock AS "totalStock", stock_in_shop AS "stockInShop" FROM variants WHERE id = ?',
    variantId,
  );
  return { ...row };
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
    const v = await variant('total_stock >= 5');
    await add(v.productId, v.variantId, 3);
    await t.query('UPDATE variants SET total_stock = 2, stock_in_shop = 0 WHERE id = ?', v.variantId);
    const result = await issue();
    expect(result.status).toBe(409);
    expect(result.body).toMatchObject({
      code: 'CART_HAS_WARNINGS',
      warning: [{ productId: v.productId, variantId: v.variantId, reason: 'EXCEEDS_STOCK', availableQty: 2 }],
    });
  });

  test('a good bag gets a draft order: unguessable alias, time limit, snapshot; via chat sets chatOrder', async () => {
    const v = await variant('total_stock >= 5');
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
    const v = await variant('total_stock >= 5');
    await add(v.productId, v.variantId, 1);
    const first = await issueAlias();
    const second = await issueAlias();
    expect(first).not.toBe(second);
    expect(await status(first)).toMatchObject({ status: 'cancelled' });
    expect(await status(second)).toMatchObject({ status: 'pending' });
    // Its page says a newer code replaced it, not that the time to pay has passed.
    expect(await confirmation(first)).toEqual({ errorCode: 'REPLACED' });
    const refused = await complete(first);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'CANCELLED' });
  });

  test('another session issuing does not cancel mine', async () => {
    const v = await variant('total_stock >= 5');
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

describe('the QR codes a bag may issue', () => {
  test('past qrIssuesPerMinute in a minute: 429 with Retry-After; once the minute has passed, one more is issued', async () => {
    const v = await variant('total_stock >= 5');
    await add(v.productId, v.variantId, 1);
    let last = '';
    for (let i = 0; i < t.config.qrIssuesPerMinute; i += 1) last = await issueAlias();
    const refused = await issue();
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // The refusal changed nothing: the last QR is still the one to pay.
    expect(await status(last)).toMatchObject({ status: 'pending' });
    t.clock.advance(retryAfter);
    const again = await issueAlias();
    expect(await status(again)).toMatchObject({ status: 'pending' });
    expect(await status(last)).toMatchObject({ status: 'cancelled' });
  });
});

describe('the confirmation and the status', () => {
  test('the confirmation is the snapshot with the store-counter URL', async () => {
    const v = await variant('total_stock >= 5');
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
    const v = await variant('total_stock >= 5');
    await add(v.productId, v.variantId, 3);
    const alias = await issueAlias();
    await t.query('UPDATE variants SET total_stock = 2 , stock_in_shop = 0 WHERE id = ?', v.variantId);
    expect(await confirmation(alias)).toEqual({ errorCode: 'STOCK_CHANGED' });
    await t.query('UPDATE variants SET total_stock = 3, stock_in_shop = 0 WHERE id = ?', v.variantId);
    expect(await confirmation(alias)).toMatchObject({ draftOrderAlias: alias });
    const order = (await complete(alias)).body as { orderAlias: string };
    expect(await confirmation(alias)).toEqual({ errorCode: 'COMPLETED', orderAlias: order.orderAlias });
    expect(await status(alias)).toMatchObject({ status: 'completed', orderAlias: order.orderAlias });
  });

  test('a store line over the shop stock is STOCK_CHANGED', async () => {
    const v = await variant('total_stock >= 5 AND stock_in_shop >= 2');
    await add(v.productId, v.variantId, 2, 'store');
    const alias = await issueAlias();
    await t.query('UPDATE variants SET stock_in_shop = 1 WHERE id = ?', v.variantId);
    expect(await confirmation(alias)).toEqual({ errorCode: 'STOCK_CHANGED' });
  });

  test('the draft order expires after the time limit (injected clock)', async () => {
    const v = await variant('total_stock >= 5');
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
    expect((await stockOf(v.variantId)).totalStock).toBe(v.totalStock);
  });

  test('the time limit is configurable', async () => {
    const short = await makeApp({ config: { draftOrderTtlSeconds: 60 } });
    const client = new Client(short.app);
    const v = await variant('total_stock >= 5');
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
    const v = await variant('total_stock >= 5');
    await add(v.productId, v.variantId, 1);
    const alias = await issueAlias();
    expect((await shopper.call('POST', `/catalog/cart/qr/${alias}/complete`)).status).toBe(403);
    expect((await complete(alias, '__Host-staff=wrong')).status).toBe(403);
    expect(await status(alias)).toMatchObject({ status: 'pending' });
  });

  test('stock is decremented only on completion; the order, shipment and pickup are created; the bag is cleared', async () => {
    const shipped = await variant('total_stock >= 5 AND stock_in_shop >= 3');
    const picked = await variant(
      `total_stock >= 5 AND stock_in_shop >= 3 AND product_id <> ${shipped.productId}`,
    );
    await add(shipped.productId, shipped.variantId, 2);
    await add(picked.productId, picked.variantId, 3, 'store');
    await shopper.call('PUT', '/catalog/cart/wrapping', { body: { wrapping: true } });
    const alias = await issueAlias();

    // Issuing and reading do not touch stock.
    await confirmation(alias);
    expect(await stockOf(shipped.variantId)).toEqual({
      totalStock: shipped.totalStock,
      stockInShop: shipped.stockInShop,
    });
    expect(await stockOf(picked.variantId)).toEqual({
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
    expect((await stockOf(shipped.variantId)).totalStock).toBe(shipped.totalStock - 2);
    expect((await stockOf(shipped.variantId)).stockInShop).toBe(
      Math.min(shipped.stockInShop, shipped.totalStock - 2),
    );
    expect(await stockOf(picked.variantId)).toEqual({
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
    expect((await stockOf(picked.variantId)).totalStock).toBe(picked.totalStock - 3);
  });

  test('an all-pickup order has no shipment; an all-shipped order no pickup', async () => {
    const v = await variant('total_stock >= 5 AND stock_in_shop >= 2');
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
    const v = await variant('total_stock >= 5 AND stock_in_shop >= 2');
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
    const v = await variant('total_stock >= 5');
    await add(v.productId, v.variantId, 4);
    const alias = await issueAlias();
    await t.query('UPDATE variants SET total_stock = 3, stock_in_shop = 0 WHERE id = ?', v.variantId);
    const result = await complete(alias);
    expect(result.status).toBe(409);
    expect(result.body).toMatchObject({ code: 'STOCK_CHANGED' });
    expect((await stockOf(v.variantId)).totalStock).toBe(3);
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

  test("allows no style but its own: the policy names the page's one style sheet by its hash", async () => {
    const v = await variant('total_stock >= 5');
    await add(v.productId, v.variantId, 1);
    const alias = await issueAlias();
    const cookie = await staffCookie(t.app);
    for (const path of [`/store/qr/${alias}`, '/store/signin', '/store/code']) {
      const page = await t.app.request(path, { headers: { Cookie: cookie } });
      const html = await page.text();
      const styles = [...html.matchAll(/<style>([^<]*)<\/style>/g)].map((match) => match[1] ?? '');
      expect(styles, path).toHaveLength(1);
      expect(html, path).not.toMatch(/ style="/);
      const policy = page.headers.get('content-security-policy') ?? '';
      const hash = createHash('sha256')
        .update(styles[0] ?? '')
        .digest('base64');
      expect(policy, path).toContain(`style-src 'sha256-${hash}'`);
      expect(policy, path).not.toContain('unsafe');
    }
  });

  test('labels each figure of a line with its column, for a phone that shows the line in two rows', async () => {
    const v = await variant('total_stock >= 5');
    await add(v.productId, v.variantId, 2);
    const cookie = await staffCookie(t.app);
    const html = await (
      await t.app.request(`/store/qr/${await issueAlias()}`, { headers: { Cookie: cookie } })
    ).text();
    const row = html.match(/<tbody[^>]*>\s*(<tr[\s\S]*?<\/tr>)/)?.[1] ?? '';
    const labels = [...row.matchAll(/<td[^>]*data-label="([^"]+)"/g)].map((match) => match[1]);
    expect(labels).toEqual(['受け取り', '数量', '単価', '小計']);
  });

  test('says in Japanese that an order came from chat, and in which language', async () => {
    const v = await variant('total_stock >= 5');
    await add(v.productId, v.variantId, 1);
    const cookie = await staffCookie(t.app);
    const view = async (alias: string) =>
      (await t.app.request(`/store/qr/${alias}`, { headers: { Cookie: cookie } })).text();
    const chat = await view(await issueAlias({ lang: 'ko', via: 'chat' }));
    expect(chat).toContain('<p class="chat">チャットからのご注文（韓国語）</p>');
    const web = await view(await issueAlias());
    expect(web).not.toContain('チャットからのご注文');
  });

  test('an order issued in Korean reads in Japanese at the counter, the shopper’s Korean beside it', async () => {
    const picked = await variant("total_stock >= 5 AND stock_in_shop >= 2 AND options <> '[]'");
    const shipped = await variant(
      `total_stock >= 5 AND options <> '[]' AND product_id <> ${picked.productId}`,
    );
    await add(picked.productId, picked.variantId, 2, 'store');
    await add(shipped.productId, shipped.variantId, 1);
    const alias = await issueAlias({ lang: 'ko' });

    /** What the counter must show of a line, read from the data itself. */
    const expected = async (productId: number, variantId: number) => {
      const [product] = await t.query<{ texts: string; brand: string }>(
        'SELECT p.texts AS texts, n.name AS brand FROM products p JOIN tenants n ON n.id = p.tenant_id WHERE p.id = ?',
        productId,
      );
      const [row] = await t.query<{ sku: string; options: string }>(
        'SELECT sku, options FROM variants WHERE id = ?',
        variantId,
      );
      const [area] = await t.query<{ place: string }>(
        `SELECT a.pickup_place AS place FROM product_areas pa JOIN areas a ON a.id = pa.area_id
         WHERE pa.product_id = ? ORDER BY pa.area_id LIMIT 1`,
        productId,
      );
      const texts = JSON.parse(product?.texts ?? '{}') as Record<'ja' | 'ko', { title: string }>;
      const options = JSON.parse(row?.options ?? '[]') as { name: string; value: string }[];
      return {
        ja: texts.ja.title,
        ko: texts.ko.title,
        brand: product?.brand ?? '',
        sku: row?.sku ?? '',
        // The option values as the data holds them, worded in Japanese.
        values: options.map((option) => optionText(option.name, option.value, 'ja').value),
        pickup: area?.place ?? '',
      };
    };
    const store = await expected(picked.productId, picked.variantId);
    const ship = await expected(shipped.productId, shipped.variantId);
    expect(store.ja).not.toBe(store.ko);
    expect(store.values.length).toBeGreaterThan(0);
    expect(store.pickup).not.toBe('');

    const check = (html: string, page: string) => {
      for (const line of [store, ship]) {
        expect(html, page).toContain(
          `<span class="brand">${escapeHtml(line.brand)}</span><br>${escapeHtml(line.ja)}`,
        );
        expect(html, page).toContain(`<span class="variant">${escapeHtml(line.values.join(' / '))}</span>`);
        expect(html, page).toContain(`SKU: ${escapeHtml(line.sku)}`);
        expect(html, page).toContain(
          `<span class="shopper" lang="ko">お客さまの表示: ${escapeHtml(line.ko)}`,
        );
      }
      expect(html, page).toContain(escapeHtml(store.pickup));
      expect(html, page).toContain('お客さまの言語: 韓国語');
    };

    const cookie = await staffCookie(t.app);
    const view = await t.app.request(`/store/qr/${alias}`, { headers: { Cookie: cookie } });
    expect(view.status).toBe(200);
    check(await view.text(), 'the QR page');
    const paid = await t.app.request(`/store/qr/${alias}/complete`, form({}, cookie));
    expect(paid.status).toBe(200);
    const paidHtml = await paid.text();
    expect(paidHtml).toContain('お支払いが完了しました');
    check(paidHtml, 'the paid page');
    expect(paidHtml).toContain(`店頭受け取り: ${escapeHtml(store.pickup)}`);
  });

  test('asks for staff sign-in first and tells a stranger nothing about the order', async () => {
    const v = await variant('total_stock >= 5');
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
    const v = await variant('total_stock >= 5');
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
    const v = await variant('total_stock >= 5');
    const [row] = await t.query<{ texts: string }>('SELECT texts FROM products WHERE id = ?', v.productId);
    const texts = JSON.parse(row?.texts ?? '{}') as { ja: { title: string } };
    texts.ja.title = '<script>alert(1)</script>"&';
    await t.query('UPDATE products SET texts = ? WHERE id = ?', JSON.stringify(texts), v.productId);
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
    const v = await variant('total_stock >= 5');
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

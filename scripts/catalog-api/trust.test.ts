/**
 * What a shopper's data lets others do. The draft-order alias travels in the QR code the shopper shows at the
 * counter, so anyone may hold it: it must lead to nothing personal. Orders and shipments are for the session
 * that issued them, or for holders of their own aliases (links the shopper keeps); staff sign in for real.
 */
import { loadConfig } from './config.ts';
import { hashPassword, verifyPassword } from './staff.ts';
import {
  Client,
  findVariant,
  makeApp,
  STAFF_ACCOUNT,
  STAFF_PASSWORD,
  staffCookie,
  type TestApp,
} from './test-helpers.ts';

const ADDRESS = {
  postalCode: '100-0001',
  prefecture: '東京都',
  city: '千代田区千代田',
  street: '1-1',
  building: '皇居前ビル 301',
  name: '山田 花子',
  nameKana: 'ヤマダ ハナコ',
  phone: '03-1234-5678',
};

let t: TestApp;
let shopper: Client;
let stranger: Client;

beforeEach(() => {
  t = makeApp();
  shopper = new Client(t.app);
  stranger = new Client(t.app);
});

async function add(client: Client, where: string, qty: number) {
  const v = findVariant(t.db, where);
  const result = await client.call('POST', '/catalog/cart/product', {
    body: { productId: v.productId, variantId: v.variantId, addQty: qty },
  });
  expect(result.status).toBe(200);
  return v;
}

async function issueAndPay(): Promise<{ draft: string; order: string; shipment: string }> {
  await add(shopper, 'total_stock >= 5', 1);
  const issued = await shopper.call('POST', '/catalog/cart/qr');
  const draft = (issued.body as { draftOrderAlias: string }).draftOrderAlias;
  const paid = await shopper.call('POST', `/catalog/cart/qr/${draft}/complete`, {
    headers: { Cookie: await staffCookie(t.app) },
  });
  expect(paid.status).toBe(200);
  const status = (await shopper.call('GET', `/catalog/cart/qr/${draft}/status`)).body as {
    orderAlias: string;
  };
  const order = (await shopper.call('GET', `/catalog/orders/${status.orderAlias}`)).body as {
    shipments: { shipmentAlias: string }[];
  };
  return { draft, order: status.orderAlias, shipment: order.shipments[0]?.shipmentAlias ?? '' };
}

describe('a stranger holding the draft-order alias from the QR code', () => {
  test('learns the status but never the order alias', async () => {
    const { draft, order } = await issueAndPay();
    const status = await stranger.call('GET', `/catalog/cart/qr/${draft}/status`);
    expect(status.body).toMatchObject({ status: 'completed' });
    expect(status.body).not.toHaveProperty('orderAlias');
    expect(status.text).not.toContain(order);
    const confirmation = await stranger.call('GET', `/catalog/cart/qr/${draft}`);
    expect(confirmation.body).toEqual({ errorCode: 'COMPLETED' });
    // The shopper's own browser is told, and so can open the order page.
    expect((await shopper.call('GET', `/catalog/cart/qr/${draft}`)).body).toEqual({
      errorCode: 'COMPLETED',
      orderAlias: order,
    });
  });

  test('cannot open the store-counter view or complete the payment', async () => {
    await add(shopper, 'total_stock >= 5', 1);
    const draft = ((await shopper.call('POST', '/catalog/cart/qr')).body as { draftOrderAlias: string })
      .draftOrderAlias;
    const view = await t.app.request(`/store/qr/${draft}`);
    expect(view.status).toBe(401);
    const paid = await stranger.call('POST', `/catalog/cart/qr/${draft}/complete`);
    expect(paid.status).toBe(403);
    const form = await t.app.request(`/store/qr/${draft}/complete`, { method: 'POST' });
    expect(form.status).toBe(403);
    expect((await shopper.call('GET', `/catalog/cart/qr/${draft}/status`)).body).toMatchObject({
      status: 'pending',
    });
  });
});

describe('orders, shipments and addresses', () => {
  test('the shopper sees their address in full; a holder of the address link sees it masked', async () => {
    const { order, shipment } = await issueAndPay();
    const given = await shopper.call('PUT', `/catalog/shipments/${shipment}/address`, { body: ADDRESS });
    expect(given.status).toBe(200);
    expect(given.body).toMatchObject({ addressMasked: false, address: { name: '山田 花子', street: '1-1' } });

    const seen = await stranger.call('GET', `/catalog/shipments/${shipment}`);
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({
      addressMasked: true,
      address: {
        prefecture: '東京都',
        city: '千代田区千代田',
        postalCode: '100-＊＊＊＊',
        street: '＊＊＊',
        building: '＊＊＊',
        name: '山＊＊＊',
        nameKana: 'ヤ＊＊＊',
        phone: '＊＊＊-＊＊＊＊-5678',
      },
    });
    for (const secret of ['1-1', '皇居前', '花子', 'ハナコ', '1234', '0001'])
      expect(seen.text).not.toContain(secret);
    const viaOrder = await stranger.call('GET', `/catalog/orders/${order}`);
    expect(viaOrder.body).toMatchObject({
      shipments: [{ addressMasked: true, address: { street: '＊＊＊' } }],
    });
    expect(viaOrder.text).not.toContain('花子');
  });

  test('a holder of the address link may give or correct the address before shipping, and reads it masked', async () => {
    const { shipment } = await issueAndPay();
    const given = await stranger.call('PUT', `/catalog/shipments/${shipment}/address`, { body: ADDRESS });
    expect(given.status).toBe(200);
    expect(given.body).toMatchObject({ addressMasked: true, address: { name: '山＊＊＊' } });
    expect((await shopper.call('GET', `/catalog/shipments/${shipment}`)).body).toMatchObject({
      addressMasked: false,
      address: { name: '山田 花子' },
    });
    const shipped = await t.app.request(`/store/shipments/${shipment}/shipped`, {
      method: 'POST',
      headers: { Cookie: await staffCookie(t.app) },
    });
    expect(shipped.status).toBe(200);
    const late = await stranger.call('PUT', `/catalog/shipments/${shipment}/address`, {
      body: { ...ADDRESS, city: '港区' },
    });
    expect(late.status).toBe(409);
    expect((await shopper.call('GET', `/catalog/shipments/${shipment}`)).body).toMatchObject({
      address: { city: '千代田区千代田' },
    });
  });

  test('marking a shipment shipped is for signed-in staff only', async () => {
    const { shipment } = await issueAndPay();
    await shopper.call('PUT', `/catalog/shipments/${shipment}/address`, { body: ADDRESS });
    const path = `/store/shipments/${shipment}/shipped`;
    expect((await t.app.request(path, { method: 'POST' })).status).toBe(403);
    expect(
      (await t.app.request(path, { method: 'POST', headers: { Cookie: '__Host-staff=forged' } })).status,
    ).toBe(403);
  });
});

describe('completing a QR takes only what was paid', () => {
  test('lines added or raised after the QR was issued stay in the bag, and so does the wrapping choice', async () => {
    const paid = await add(shopper, 'total_stock >= 10', 1);
    await shopper.call('PUT', '/catalog/cart/wrapping', { body: { wrapping: true } });
    const draft = ((await shopper.call('POST', '/catalog/cart/qr')).body as { draftOrderAlias: string })
      .draftOrderAlias;
    // After the QR: the paid line is raised to 3 and another product is added.
    await shopper.call('PUT', '/catalog/cart/product-qty', {
      body: { productId: paid.productId, variantId: paid.variantId, qty: 3 },
    });
    const later = await add(shopper, `total_stock >= 5 AND product_id != ${paid.productId}`, 2);
    const done = await shopper.call('POST', `/catalog/cart/qr/${draft}/complete`, {
      headers: { Cookie: await staffCookie(t.app) },
    });
    expect(done.status).toBe(200);
    const bag = (await shopper.call('POST', '/catalog/cart')).body as {
      products: { id: number; selectVariantId: number; qty: number }[];
      wrapping: boolean;
    };
    const lines = bag.products.map(({ id, selectVariantId, qty }) => ({
      productId: id,
      variantId: selectVariantId,
      qty,
    }));
    expect(lines).toEqual([
      { productId: paid.productId, variantId: paid.variantId, qty: 2 },
      { productId: later.productId, variantId: later.variantId, qty: 2 },
    ]);
    expect(bag.wrapping).toBe(true);
  });

  test('a bag emptied by the payment starts again without wrapping', async () => {
    await add(shopper, 'total_stock >= 5', 1);
    await shopper.call('PUT', '/catalog/cart/wrapping', { body: { wrapping: true } });
    const draft = ((await shopper.call('POST', '/catalog/cart/qr')).body as { draftOrderAlias: string })
      .draftOrderAlias;
    await shopper.call('POST', `/catalog/cart/qr/${draft}/complete`, {
      headers: { Cookie: await staffCookie(t.app) },
    });
    expect((await shopper.call('POST', '/catalog/cart')).body).toMatchObject({
      products: [],
      wrapping: false,
    });
  });
});

describe('staff sign-in', () => {
  const signIn = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
    t.app.request('/store/signin', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(fields).toString(),
    });

  test('sets a __Host- session cookie: HttpOnly, Secure, SameSite=Strict, Path=/, expiring; no secret in a URL', async () => {
    t = makeApp({ config: { publicUrl: 'https://shop.example.jp/api' } });
    const response = await signIn({
      account: STAFF_ACCOUNT,
      password: STAFF_PASSWORD,
      next: `qr/${'Q'.repeat(32)}`,
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`qr/${'Q'.repeat(32)}`);
    const cookie = response.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^__Host-staff=[A-Za-z0-9_-]{43};/);
    for (const part of ['HttpOnly', 'Secure', 'SameSite=Strict', 'Path=/', 'Max-Age=36000']) {
      expect(cookie).toContain(part);
    }
    expect(cookie).not.toContain('Domain');
    // The form posts the password; the sign-in page is never driven by query parameters.
    const page = await (await t.app.request('/store/signin')).text();
    expect(page).toContain('method="post"');
    expect(
      (await t.app.request(`/store/signin?account=staff&password=${STAFF_PASSWORD}`)).headers.get(
        'set-cookie',
      ),
    ).toBeNull();
  });

  test('on a plain-HTTP loopback site (local runs, tests) the cookie has no Secure flag, which WebKit would drop', async () => {
    // Chromium and Firefox keep a Secure cookie set over http://localhost; WebKit (every iPhone browser)
    // does not, so staff could never stay signed in there (found by the WebKit suite, tests/webkit/).
    const response = await signIn({ account: STAFF_ACCOUNT, password: STAFF_PASSWORD, next: 'signin' });
    expect(response.status).toBe(303);
    const cookie = response.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^staff_session=[A-Za-z0-9_-]{43};/);
    expect(cookie).not.toContain('Secure');
    for (const part of ['HttpOnly', 'SameSite=Strict', 'Path=/', 'Max-Age=36000'])
      expect(cookie).toContain(part);
    const signedIn = await t.app.request('/store/signin', {
      headers: { Cookie: cookie.split(';')[0] ?? '' },
    });
    expect(await signedIn.text()).toContain('としてサインインしています');
  });

  test('refuses a wrong password in Japanese, and never redirects off the store pages', async () => {
    const wrong = await signIn({ account: STAFF_ACCOUNT, password: 'nope' });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).toContain('アカウント名またはパスワードが正しくありません。');
    const offsite = await signIn({
      account: STAFF_ACCOUNT,
      password: STAFF_PASSWORD,
      next: 'https://evil.example/',
    });
    expect(offsite.headers.get('location')).toBe('signin');
    const sneaky = await signIn({
      account: STAFF_ACCOUNT,
      password: STAFF_PASSWORD,
      next: '//evil.example/qr/x',
    });
    expect(sneaky.headers.get('location')).toBe('signin');
  });

  test("may send staff on to the site's editor page, on the site's own origin, and nowhere else", async () => {
    const toEditor = await signIn({ account: STAFF_ACCOUNT, password: STAFF_PASSWORD, next: 'editor' });
    expect(toEditor.status).toBe(303);
    expect(toEditor.headers.get('location')).toBe(new URL('../editor/', `${t.config.publicUrl}/`).href);
    expect(new URL(toEditor.headers.get('location') ?? '').origin).toBe(new URL(t.config.publicUrl).origin);
    const wrong = await signIn({ account: STAFF_ACCOUNT, password: 'nope', next: 'editor' });
    expect(await wrong.text()).toContain('name="next" value="editor"');
    const lookalike = await signIn({ account: STAFF_ACCOUNT, password: STAFF_PASSWORD, next: 'editor/../x' });
    expect(lookalike.headers.get('location')).toBe('signin');
  });

  test('locks an account after 5 failures, even against the right password', async () => {
    for (let i = 0; i < 5; i += 1)
      expect((await signIn({ account: STAFF_ACCOUNT, password: `guess${i}` })).status).toBe(401);
    const locked = await signIn({ account: STAFF_ACCOUNT, password: STAFF_PASSWORD });
    expect(locked.status).toBe(429);
    expect(locked.headers.get('set-cookie')).toBeNull();
    expect(await locked.text()).toContain('このアカウントは15分間ロックされています');
  });

  test('slows a client that tries many accounts', async () => {
    const from = { 'X-Forwarded-For': '203.0.113.9' };
    for (let i = 0; i < 20; i += 1) {
      expect((await signIn({ account: `someone${i}`, password: 'x' }, from)).status).toBe(401);
    }
    const blocked = await signIn({ account: 'someone-else', password: 'x' }, from);
    expect(blocked.status).toBe(429);
    expect(await blocked.text()).toContain('この端末からのサインインを一時的に止めています');
  });

  test('a signed-out or forged session is no staff session', async () => {
    const cookie = await staffCookie(t.app);
    await t.app.request('/store/signout', { method: 'POST', headers: { Cookie: cookie } });
    const draft = 'Q'.repeat(32);
    expect((await t.app.request(`/store/qr/${draft}`, { headers: { Cookie: cookie } })).status).toBe(401);
  });

  test('passwords are stored as scrypt hashes; production refuses to start without staff accounts', async () => {
    const hash = hashPassword('correct horse');
    expect(hash).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(hash).not.toContain('correct');
    expect(await verifyPassword('correct horse', hash)).toBe(true);
    expect(await verifyPassword('correct hors', hash)).toBe(false);
    expect(
      await verifyPassword('x', 'scrypt$1073741824$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAA'),
    ).toBe(false);
    expect(() => loadConfig({ CATALOG_API_MODE: 'production' })).toThrow(
      /CATALOG_STAFF_ACCOUNTS is required/,
    );
    expect(
      loadConfig({ CATALOG_API_MODE: 'production', CATALOG_STAFF_ACCOUNTS: `anna:${hash}` }).staffAccounts
        .size,
    ).toBe(1);
    expect(() => loadConfig({ CATALOG_STAFF_ACCOUNTS: 'anna:plaintext' })).toThrow(/hash-password/);
  });
});

describe('visitor sessions', () => {
  const count = async (client: Client) =>
    ((await client.call('GET', '/catalog/cart/products/count')).body as { count: number }).count;

  test('end after 30 days without use', async () => {
    await add(shopper, 'total_stock >= 5', 2);
    t.clock.advance(29 * 86400);
    expect(await count(shopper)).toBe(2);
    t.clock.advance(29 * 86400); // used 29 days ago: still alive (the last use was written)
    expect(await count(shopper)).toBe(2);
    t.clock.advance(31 * 86400);
    expect(await count(shopper)).toBe(0);
  });

  test('expired sessions and their bags are deleted by the sweep; live ones stay', async () => {
    await add(shopper, 'total_stock >= 5', 2);
    t.clock.advance(31 * 86400);
    await add(stranger, 'total_stock >= 5', 1);
    const { Store } = await import('./db.ts');
    const { Catalog } = await import('./catalog.ts');
    const { CartService } = await import('./cart.ts');
    const store = new Store(t.db);
    const cart = new CartService(store, new Catalog(store, t.config.publicUrl), t.config, t.clock.now);
    const rows = (table: string) =>
      (t.db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
    expect(rows('sessions')).toBe(2);
    expect(cart.deleteExpiredSessions()).toBe(1);
    expect(rows('sessions')).toBe(1);
    expect(rows('cart_lines')).toBe(1);
    expect(await count(stranger)).toBe(1);
  });

  test('end 90 days after they began, however busy', async () => {
    await add(shopper, 'total_stock >= 5', 1);
    for (let days = 10; days <= 80; days += 10) {
      t.clock.advance(10 * 86400);
      expect(await count(shopper)).toBe(1);
    }
    t.clock.advance(9 * 86400); // 89 days
    expect(await count(shopper)).toBe(1);
    t.clock.advance(86400);
    expect(await count(shopper)).toBe(0);
  });
});

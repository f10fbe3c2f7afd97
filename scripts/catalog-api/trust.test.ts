/**
 * What a shopper's data lets others do. The draft-order alias travels in the QR code the shopper shows at the
 * counter, so anyone may hold it: it must lead to nothing personal. Orders and shipments are for the session
 * that issued them, or for holders of their own aliases (links the shopper keeps); staff sign in for real.
 */
import { loadConfig } from './config.ts';
import {
  hashPassword,
  parseStaffAccounts,
  scryptParametersAccepted,
  staffCookieName,
  verifyPassword,
} from './staff.ts';
import {
  Client,
  findVariant,
  makeApp,
  SITE_ORIGIN,
  STAFF_ACCOUNT,
  STAFF_PASSWORD,
  staffCookie,
  staffHeaders,
  type TestApp,
  TOKEN,
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

beforeEach(async () => {
  t = await makeApp();
  shopper = new Client(t.app);
  stranger = new Client(t.app);
});

async function add(client: Client, where: string, qty: number) {
  const v = await findVariant(t, where);
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
    headers: await staffHeaders(t.app),
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
        // The municipality only: the town (千代田) would narrow the recipient down to a few streets.
        city: '千代田区＊＊＊',
        postalCode: '100-＊＊＊＊',
        street: '＊＊＊',
        building: '＊＊＊',
        name: '山＊＊＊',
        nameKana: 'ヤ＊＊＊',
        phone: '＊＊＊-＊＊＊＊-5678',
      },
    });
    for (const secret of ['1-1', '皇居前', '花子', 'ハナコ', '1234', '0001', '千代田区千代田'])
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
      headers: await staffHeaders(t.app),
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
      headers: await staffHeaders(t.app),
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
      headers: await staffHeaders(t.app),
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
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        // The site the API serves: its origin check takes posts from there only.
        Origin: new URL(t.config.publicUrl).origin,
        ...headers,
      },
      body: new URLSearchParams(fields).toString(),
    });

  test('sets a __Host- session cookie: HttpOnly, Secure, SameSite=Strict, Path=/, expiring; no secret in a URL', async () => {
    t = await makeApp({ config: { publicUrl: 'https://shop.example.jp/api' } });
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

  test('nobody can lock staff out: failures from one client never stop a sign-in from another', async () => {
    const attacker = { 'X-Forwarded-For': '203.0.113.66' };
    for (let i = 0; i < 30; i += 1) await signIn({ account: STAFF_ACCOUNT, password: `guess${i}` }, attacker);
    const counter = await signIn(
      { account: STAFF_ACCOUNT, password: STAFF_PASSWORD },
      { 'X-Forwarded-For': '198.51.100.20' },
    );
    expect(counter.status).toBe(303);
    expect(counter.headers.get('set-cookie')).toMatch(new RegExp(`^${staffCookieName(t.config.publicUrl)}=`));
  });

  test('failures of one account from one client wait longer and longer, the right password too', async () => {
    const from = { 'X-Forwarded-For': '203.0.113.7' };
    const guess = () => signIn({ account: STAFF_ACCOUNT, password: 'wrong' }, from);
    // Three free tries, then 1 s, 2 s, 4 s… between tries.
    for (let i = 0; i < 3; i += 1) expect((await guess()).status).toBe(401);
    const waiting = await guess();
    expect(waiting.status).toBe(429);
    expect(waiting.headers.get('retry-after')).toBe('1');
    expect(await waiting.text()).toContain('秒ほど待ってから');
    t.clock.advance(1);
    expect((await guess()).status).toBe(401);
    const longer = await guess();
    expect(longer.headers.get('retry-after')).toBe('2');
    t.clock.advance(1);
    const right = await signIn({ account: STAFF_ACCOUNT, password: STAFF_PASSWORD }, from);
    expect(right.status).toBe(429);
    expect(right.headers.get('set-cookie')).toBeNull();
    t.clock.advance(1);
    expect((await signIn({ account: STAFF_ACCOUNT, password: STAFF_PASSWORD }, from)).status).toBe(303);
    // Signed in: the slate is clean.
    for (let i = 0; i < 3; i += 1) expect((await guess()).status).toBe(401);
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
    await t.app.request('/store/signout', {
      method: 'POST',
      headers: { Cookie: cookie, Origin: SITE_ORIGIN },
    });
    const draft = 'Q'.repeat(32);
    expect((await t.app.request(`/store/qr/${draft}`, { headers: { Cookie: cookie } })).status).toBe(401);
  });

  test('passwords are stored as scrypt hashes; production refuses to start without staff accounts', async () => {
    // New hashes at N = 2^17, r = 8, p = 1 (OWASP's minimum for scrypt).
    const hash = hashPassword('correct horse');
    expect(hash).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(hash).not.toContain('correct');
    expect(await verifyPassword('correct horse', hash)).toBe(true);
    expect(await verifyPassword('correct hors', hash)).toBe(false);
    expect(
      await verifyPassword('x', 'scrypt$1073741824$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAA'),
    ).toBe(false);
    // Production needs an address key too (checked first): given one, the staff accounts are what is missing.
    const production = {
      CATALOG_API_MODE: 'production',
      CATALOG_ADDRESS_KEYS: `k1:${Buffer.alloc(32, 1).toString('base64url')}`,
    };
    expect(() => loadConfig(production)).toThrow(/CATALOG_STAFF_ACCOUNTS is required/);
    expect(loadConfig({ ...production, CATALOG_STAFF_ACCOUNTS: `anna:${hash}` }).staffAccounts.size).toBe(1);
    expect(() => loadConfig({ CATALOG_STAFF_ACCOUNTS: 'anna:plaintext' })).toThrow(/hash-password/);
  });

  test('hashes made at N = 2^14 before still verify', async () => {
    const old = hashPassword('correct horse', { N: 16384 });
    expect(old).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(await verifyPassword('correct horse', old)).toBe(true);
    expect(await verifyPassword('wrong horse', old)).toBe(false);
  });

  test.each([
    ['N = 2^20, r = 32: 4 GiB', 1_048_576, 32, 1],
    ['N = 2^20, r = 8: 1 GiB', 1_048_576, 8, 1],
    ['N = 2^21', 2_097_152, 1, 1],
    ['r = 64', 16384, 64, 1],
    ['p = 16', 16384, 8, 16],
    ['r = 0', 16384, 0, 1],
    ['p = 0', 16384, 8, 0],
    ['N not a power of two', 100_000, 8, 1],
  ])('a hash whose parameters cost too much is refused before any work: %s', async (_, N, r, p) => {
    expect(scryptParametersAccepted(N, r, p)).toBe(false);
    const started = performance.now();
    const hostile = `scrypt$${N}$${r}$${p}$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAA`;
    expect(await verifyPassword('x', hostile)).toBe(false);
    // Worked, any of these would take seconds and gigabytes: half a second tells refused from worked on
    // any runner, however loaded.
    expect(performance.now() - started).toBeLessThan(500);
  });

  test('the parameters it accepts reach 256 MiB at most', () => {
    expect(scryptParametersAccepted(131_072, 8, 1)).toBe(true);
    expect(scryptParametersAccepted(16384, 8, 1)).toBe(true);
    expect(scryptParametersAccepted(262_144, 8, 1)).toBe(true);
    expect(scryptParametersAccepted(524_288, 8, 1)).toBe(false);
  });
});

describe('staff requests that change something come from the site’s own pages only', () => {
  /** Every state-changing staff request, with a valid staff session: what it changes, and how to see it. */
  const cases = (cookie: string) => ({
    'completing a payment (counter form)': async (headers: Record<string, string>) => {
      await add(shopper, 'total_stock >= 5', 1);
      const draft = ((await shopper.call('POST', '/catalog/cart/qr')).body as { draftOrderAlias: string })
        .draftOrderAlias;
      const response = await t.app.request(`/store/qr/${draft}/complete`, {
        method: 'POST',
        headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
      });
      const after = (await shopper.call('GET', `/catalog/cart/qr/${draft}/status`)).body as {
        status: string;
      };
      return { status: response.status, changed: after.status === 'completed' };
    },
    'completing a payment (JSON)': async (headers: Record<string, string>) => {
      await add(shopper, 'total_stock >= 5', 1);
      const draft = ((await shopper.call('POST', '/catalog/cart/qr')).body as { draftOrderAlias: string })
        .draftOrderAlias;
      const response = await t.app.request(`/catalog/cart/qr/${draft}/complete`, {
        method: 'POST',
        headers: { Cookie: cookie, 'X-Api-Token': TOKEN, ...headers },
      });
      const after = (await shopper.call('GET', `/catalog/cart/qr/${draft}/status`)).body as {
        status: string;
      };
      return { status: response.status, changed: after.status === 'completed' };
    },
    'marking a shipment shipped': async (headers: Record<string, string>) => {
      const { shipment } = await issueAndPay();
      await shopper.call('PUT', `/catalog/shipments/${shipment}/address`, { body: ADDRESS });
      const response = await t.app.request(`/store/shipments/${shipment}/shipped`, {
        method: 'POST',
        headers: { Cookie: cookie, ...headers },
      });
      const after = (await shopper.call('GET', `/catalog/shipments/${shipment}`)).body as { status: string };
      return { status: response.status, changed: after.status === 'shipped' };
    },
    'renaming a product': async (headers: Record<string, string>) => {
      const title = `改名${Math.random()}`;
      const response = await t.app.request('/store/products/3', {
        method: 'PUT',
        headers: { Cookie: cookie, 'Content-Type': 'application/json', ...headers },
        body: JSON.stringify({ title }),
      });
      const after = (await shopper.call('GET', '/catalog/products/3')).body as { title: string };
      return { status: response.status, changed: after.title === title };
    },
    'signing out': async (headers: Record<string, string>) => {
      const response = await t.app.request('/store/signout', {
        method: 'POST',
        headers: { Cookie: cookie, ...headers },
      });
      const still = await t.app.request('/store/session', { headers: { Cookie: cookie } });
      return { status: response.status, changed: still.status !== 200 };
    },
  });

  const crossSite: [string, Record<string, string>][] = [
    ['another site', { Origin: 'https://evil.example' }],
    ['a sibling subdomain', { Origin: 'http://shop.localhost:4321', 'Sec-Fetch-Site': 'same-site' }],
    ['the right origin but a cross-site fetch', { Origin: SITE_ORIGIN, 'Sec-Fetch-Site': 'cross-site' }],
    ['no origin at all', {}],
  ];

  test.each(crossSite)('are refused from %s, changing nothing', async (_, headers) => {
    const cookie = await staffCookie(t.app);
    for (const [name, attempt] of Object.entries(cases(cookie))) {
      const result = await attempt(headers);
      expect(result, name).toEqual({ status: 403, changed: false });
    }
  });

  test('are accepted from the site’s own pages', async () => {
    const cookie = await staffCookie(t.app);
    for (const [name, attempt] of Object.entries(cases(cookie))) {
      const result = await attempt({ Origin: SITE_ORIGIN, 'Sec-Fetch-Site': 'same-origin' });
      expect(result.changed, name).toBe(true);
      expect(result.status, name).toBeLessThan(400);
    }
  });

  test('the counter’s own pages let their forms name the site: no-referrer would make the Origin null', async () => {
    // Under Referrer-Policy: no-referrer a browser sends `Origin: null` with a form's POST, and the check
    // refuses it: the counter's pages keep the referrer within the site, and give it to nobody else.
    for (const page of ['/store/signin', `/store/qr/${'Q'.repeat(32)}`]) {
      const response = await t.app.request(page, { headers: { Cookie: await staffCookie(t.app) } });
      expect(response.headers.get('referrer-policy'), page).toBe('same-origin');
    }
  });

  test('so is signing in: another site cannot sign a browser in', async () => {
    const signIn = (headers: Record<string, string>) =>
      t.app.request('/store/signin', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
        body: new URLSearchParams({ account: STAFF_ACCOUNT, password: STAFF_PASSWORD }).toString(),
      });
    const refused = await signIn({ Origin: 'https://evil.example' });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('set-cookie')).toBeNull();
    expect((await signIn({ Origin: SITE_ORIGIN })).status).toBe(303);
  });
});

describe('roles: counter staff and editors', () => {
  const COUNTER = 'counter-1';
  const EDITOR = 'editor-1';
  let roles: TestApp;
  beforeEach(async () => {
    const hash = hashPassword('role-test-password', { N: 1024 });
    roles = await makeApp({
      config: {
        staffAccounts: parseStaffAccounts(`${COUNTER}:counter:${hash},${EDITOR}:editor:${hash}`),
      },
    });
  });
  const signedIn = async (account: string) => {
    const response = await roles.app.request('/store/signin', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: SITE_ORIGIN },
      body: new URLSearchParams({ account, password: 'role-test-password' }).toString(),
    });
    expect(response.status).toBe(303);
    return { Cookie: response.headers.get('set-cookie')?.split(';')[0] ?? '', Origin: SITE_ORIGIN };
  };
  const rename = (headers: Record<string, string>) =>
    roles.app.request('/store/products/3', {
      method: 'PUT',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ title: '改名' }),
    });

  test('the session names the account and its roles', async () => {
    const session = await roles.app.request('/store/session', { headers: await signedIn(COUNTER) });
    expect(await session.json()).toEqual({ account: COUNTER, roles: ['counter'] });
  });

  test('renaming a product is for editors only', async () => {
    const refused = await rename(await signedIn(COUNTER));
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'ROLE_REQUIRED' });
    expect((await rename(await signedIn(EDITOR))).status).toBe(200);
  });

  test('the counter’s work is for counter staff only', async () => {
    const buyer = new Client(roles.app);
    const v = await findVariant(roles, 'total_stock >= 5');
    await buyer.call('POST', '/catalog/cart/product', {
      body: { productId: v.productId, variantId: v.variantId, addQty: 1 },
    });
    const draft = ((await buyer.call('POST', '/catalog/cart/qr')).body as { draftOrderAlias: string })
      .draftOrderAlias;
    const editor = await signedIn(EDITOR);
    const view = await roles.app.request(`/store/qr/${draft}`, { headers: editor });
    expect(view.status).toBe(403);
    expect(await view.text()).toContain('お支払いの受け付けの権限がありません');
    const form = await roles.app.request(`/store/qr/${draft}/complete`, { method: 'POST', headers: editor });
    expect(form.status).toBe(403);
    const json = await buyer.call('POST', `/catalog/cart/qr/${draft}/complete`, { headers: editor });
    expect(json.status).toBe(403);
    expect((await buyer.call('GET', `/catalog/cart/qr/${draft}/status`)).body).toMatchObject({
      status: 'pending',
    });
    const counter = await signedIn(COUNTER);
    expect((await roles.app.request(`/store/qr/${draft}`, { headers: counter })).status).toBe(200);
    expect(
      (await roles.app.request(`/store/qr/${draft}/complete`, { method: 'POST', headers: counter })).status,
    ).toBe(200);
  });

  test('marking shipped is counter work too', async () => {
    const shipped = await roles.app.request(`/store/shipments/${'S'.repeat(32)}/shipped`, {
      method: 'POST',
      headers: await signedIn(EDITOR),
    });
    expect(shipped.status).toBe(403);
    expect(await shipped.json()).toMatchObject({ code: 'ROLE_REQUIRED' });
  });
});

describe('CATALOG_STAFF_ACCOUNTS', () => {
  const hash = hashPassword('format-test-password', { N: 1024 });

  test('names each account’s roles: counter, editor, or both', () => {
    const accounts = parseStaffAccounts(
      `anna:counter:${hash}, ken:editor:${hash},mio:counter+editor:${hash}`,
    );
    expect([...accounts].map(([name, account]) => [name, [...account.roles]])).toEqual([
      ['anna', ['counter']],
      ['ken', ['editor']],
      ['mio', ['counter', 'editor']],
    ]);
  });

  test('an account in the old format (no roles) keeps both, as before, and is flagged for migration', () => {
    const accounts = parseStaffAccounts(`old:${hash}`);
    expect(accounts.get('old')).toMatchObject({ roles: new Set(['counter', 'editor']), legacy: true });
    expect(parseStaffAccounts(`anna:counter:${hash}`).get('anna')?.legacy).toBe(false);
  });

  test('an unknown role is refused, naming the account', () => {
    expect(() => parseStaffAccounts(`anna:admin:${hash}`)).toThrow(/"anna".*counter.*editor/);
    expect(() => parseStaffAccounts(`anna::${hash}`)).toThrow(/"anna"/);
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
    const { Store } = await import('./store.ts');
    const { Catalog } = await import('./catalog.ts');
    const { CartService } = await import('./cart.ts');
    const store = Store.of(t.database);
    const cart = new CartService(store, await Catalog.load(store, t.config.publicUrl), t.config, t.clock.now);
    const rows = async (table: string) =>
      (await t.query<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}`))[0]?.n;
    expect(await rows('sessions')).toBe(2);
    expect(await cart.deleteExpiredSessions()).toBe(1);
    expect(await rows('sessions')).toBe(1);
    expect(await rows('cart_lines')).toBe(1);
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

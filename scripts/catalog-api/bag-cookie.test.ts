/**
 * The bag cookie: `__Host-cart` (Secure, Path=/, no Domain) wherever the visitor came over HTTPS, the API's
 * public URL or a trusted proxy's X-Forwarded-Proto says so; `cart_session` on plain HTTP. Its value
 * changes when a QR code is issued. A bag under the old name is read once and given the new name.
 */
import {
  findVariant,
  makeApp,
  SITE_ORIGIN,
  STAFF_ACCOUNT,
  STAFF_PASSWORD,
  type TestApp,
  TOKEN,
} from './test-helpers.ts';

let t: TestApp;

interface Sent {
  status: number;
  body: unknown;
  cookies: string[];
}

/** One request with exactly these cookies (`name=value; …`) and headers. */
async function send(
  method: string,
  path: string,
  cookie: string,
  headers: Record<string, string> = {},
  body?: unknown,
  env?: object,
): Promise<Sent> {
  const response = await t.app.request(
    path,
    {
      method,
      headers: {
        'X-Api-Token': TOKEN,
        Origin: SITE_ORIGIN,
        ...(cookie ? { Cookie: cookie } : {}),
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    },
    env,
  );
  const text = await response.text();
  return {
    status: response.status,
    body: text ? JSON.parse(text) : undefined,
    cookies: response.headers.getSetCookie(),
  };
}

const addLine = async (cookie: string, headers: Record<string, string> = {}, env?: object) => {
  const v = await findVariant(t, 'total_stock >= 10');
  return send(
    'POST',
    '/catalog/cart/product',
    cookie,
    headers,
    { productId: v.productId, variantId: v.variantId, addQty: 1 },
    env,
  );
};
const count = async (cookie: string, headers: Record<string, string> = {}) =>
  ((await send('GET', '/catalog/cart/products/count', cookie, headers)).body as { count: number }).count;
const pair = (setCookie: string | undefined) => setCookie?.split(';')[0] ?? '';

describe('over HTTPS', () => {
  test('the bag cookie is __Host-cart: Secure, HttpOnly, SameSite=Lax, Path=/, no Domain', async () => {
    t = await makeApp({ config: { publicUrl: 'https://shop.example.jp/api' } });
    const { cookies } = await addLine('');
    expect(cookies).toHaveLength(1);
    const [cookie = ''] = cookies;
    expect(cookie).toMatch(/^__Host-cart=[A-Za-z0-9_-]{43};/);
    for (const part of ['Secure', 'HttpOnly', 'SameSite=Lax', 'Path=/', 'Max-Age=7776000']) {
      expect(cookie).toContain(part);
    }
    expect(cookie).not.toContain('Domain');
    expect(await count(pair(cookie))).toBe(1);
  });

  test('behind an HTTPS proxy the API trusts (X-Forwarded-Proto), even with an http public URL', async () => {
    t = await makeApp();
    const behind = await addLine('', { 'X-Forwarded-Proto': 'https' });
    expect(behind.cookies[0]).toMatch(/^__Host-cart=.*; Secure/);
    // A client that is not a trusted proxy cannot say so.
    const claimed = await addLine(
      '',
      { 'X-Forwarded-Proto': 'https' },
      {
        incoming: { socket: { remoteAddress: '203.0.113.9' } },
      },
    );
    expect(claimed.cookies[0]).toMatch(/^cart_session=/);
    expect(claimed.cookies[0]).not.toContain('Secure');
  });

  test('on plain HTTP it stays cart_session, not Secure', async () => {
    t = await makeApp();
    const { cookies } = await addLine('');
    expect(cookies[0]).toMatch(/^cart_session=[A-Za-z0-9_-]{43};/);
    expect(cookies[0]).not.toContain('Secure');
  });
});

describe('a bag under the old name', () => {
  test('is read once over HTTPS and re-issued as __Host-cart; the old value then opens nothing', async () => {
    t = await makeApp();
    const https = { 'X-Forwarded-Proto': 'https' };
    const old = pair((await addLine('')).cookies[0]);
    expect(old).toMatch(/^cart_session=/);
    await addLine(old);

    const upgraded = await send('GET', '/catalog/cart/products/count', old, https);
    expect(upgraded.body).toEqual({ count: 2 });
    const renamed = upgraded.cookies.find((cookie) => cookie.startsWith('__Host-cart='));
    expect(renamed).toContain('Secure');
    expect(upgraded.cookies.find((cookie) => cookie.startsWith('cart_session='))).toMatch(/Max-Age=0/);

    expect(await count(pair(renamed), https)).toBe(2);
    expect(await count(old, https)).toBe(0);
    expect(await count(old)).toBe(0);
  });

  test('on plain HTTP is simply kept', async () => {
    t = await makeApp();
    const old = pair((await addLine('')).cookies[0]);
    const again = await send('GET', '/catalog/cart/products/count', old);
    expect(again.body).toEqual({ count: 1 });
    expect(again.cookies).toEqual([]);
  });
});

describe('issuing a QR code', () => {
  test('gives the bag a new cookie value; the old one opens nothing, the new one the bag and the order', async () => {
    t = await makeApp({ config: { publicUrl: 'https://shop.example.jp/api' } });
    const before = pair((await addLine('')).cookies[0]);
    const issued = await send('POST', '/catalog/cart/qr', before);
    expect(issued.status).toBe(201);
    const after = pair(issued.cookies.find((cookie) => cookie.startsWith('__Host-cart=')));
    expect(after).toMatch(/^__Host-cart=[A-Za-z0-9_-]{43}$/);
    expect(after).not.toBe(before);
    expect(await count(before)).toBe(0);
    expect(await count(after)).toBe(1);

    const alias = (issued.body as { draftOrderAlias: string }).draftOrderAlias;
    const site = { Origin: 'https://shop.example.jp' };
    const signedIn = await t.app.request('/store/signin', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...site },
      body: new URLSearchParams({ account: STAFF_ACCOUNT, password: STAFF_PASSWORD }).toString(),
    });
    const staff = pair(signedIn.headers.get('set-cookie') ?? '');
    const paid = await send('POST', `/catalog/cart/qr/${alias}/complete`, staff, site);
    expect(paid.status).toBe(200);
    const status = await send('GET', `/catalog/cart/qr/${alias}/status`, after);
    expect(status.body).toHaveProperty('orderAlias');
    expect((await send('GET', `/catalog/cart/qr/${alias}/status`, before)).body).not.toHaveProperty(
      'orderAlias',
    );
  });
});

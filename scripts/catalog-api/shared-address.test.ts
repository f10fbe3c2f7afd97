/**
 * A department store's guests share its Wi-Fi, a carrier puts many phones behind one address, a proxy's
 * edge relays everyone: the limits must hold for the people behind one address, not stop them all. 200
 * shoppers behind one address fill bags, get QR codes and pay at the counter while an attacker behind the
 * same address guesses staff passwords; the counter's tablet still signs in.
 */
import { staffDeviceCookieName } from './staff.ts';
import {
  Client,
  findVariant,
  makeApp,
  SITE_ORIGIN,
  STAFF_ACCOUNT,
  STAFF_PASSWORD,
  type TestApp,
} from './test-helpers.ts';

const SHARED = '203.0.113.50';

function signIn(t: TestApp, form: Record<string, string>, cookie?: string) {
  return t.app.request('/store/signin', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Origin: SITE_ORIGIN,
      'X-Forwarded-For': SHARED,
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams(form).toString(),
  });
}

/** The cookies a response sets, as `name=value` pairs. */
function setCookies(response: Response): Map<string, string> {
  return new Map(
    response.headers.getSetCookie().map((line) => {
      const pair = line.split(';')[0] ?? '';
      const eq = pair.indexOf('=');
      return [pair.slice(0, eq), pair.slice(eq + 1)];
    }),
  );
}

test('200 shoppers and an attacker behind one address: the shoppers pay, the counter signs in', async () => {
  const t = await makeApp();
  const deviceName = staffDeviceCookieName(t.config.publicUrl);
  // The counter's tablet signed in on an earlier day: it holds its device cookie.
  const first = await signIn(t, { account: STAFF_ACCOUNT, password: STAFF_PASSWORD });
  expect(first.status).toBe(303);
  const device = setCookies(first).get(deviceName);
  expect(device).toMatch(/^[A-Za-z0-9_-]{43}$/);
  const deviceCookie = `${deviceName}=${device}`;

  const v = await findVariant(t, 'total_stock >= 10');
  await t.query('UPDATE variants SET total_stock = 500, stock_in_shop = 0 WHERE id = ?', v.variantId);
  const shoppers = Array.from({ length: 200 }, () => new Client(t.app));
  const drafts: string[] = [];
  let attackerRefused = 0;
  let guesses = 0;
  for (let batch = 0; batch < 200; batch += 20) {
    await Promise.all(
      shoppers.slice(batch, batch + 20).map(async (shopper) => {
        const headers = { 'X-Forwarded-For': SHARED };
        const added = await shopper.call('POST', '/catalog/cart/product', {
          body: { productId: v.productId, variantId: v.variantId, addQty: 1 },
          headers,
        });
        expect(added.status).toBe(200);
        const issued = await shopper.call('POST', '/catalog/cart/qr', { body: {}, headers });
        expect(issued.status).toBe(201);
        drafts.push((issued.body as { draftOrderAlias: string }).draftOrderAlias);
      }),
    );
    // Between the batches, the attacker guesses: the real account and made-up ones.
    for (let i = 0; i < 6; i += 1) {
      guesses += 1;
      const account = i % 2 === 0 ? STAFF_ACCOUNT : `clerk${batch + i}`;
      const answer = await signIn(t, { account, password: `guess-${batch}-${i}` });
      expect([401, 429]).toContain(answer.status);
      if (answer.status === 429) attackerRefused += 1;
    }
  }
  expect(drafts).toHaveLength(200);
  expect(guesses).toBe(60);
  // The address's budget of failures is spent: the attacker is refused, and so would be a device that
  // never signed in before.
  expect(attackerRefused).toBeGreaterThan(30);
  expect((await signIn(t, { account: STAFF_ACCOUNT, password: STAFF_PASSWORD })).status).toBe(429);

  // The counter's tablet signs in all the same, and takes every payment.
  const counter = await signIn(t, { account: STAFF_ACCOUNT, password: STAFF_PASSWORD }, deviceCookie);
  expect(counter.status).toBe(303);
  const session = setCookies(counter).get('staff_session');
  const staffHeaders = {
    Cookie: `staff_session=${session}`,
    Origin: SITE_ORIGIN,
    'X-Api-Token': t.config.apiToken,
    'X-Forwarded-For': SHARED,
  };
  for (const alias of drafts) {
    const paid = await t.app.request(`/catalog/cart/qr/${alias}/complete`, {
      method: 'POST',
      headers: staffHeaders,
    });
    expect(paid.status).toBe(200);
  }
  const [left] = await t.query<{ total: number }>(
    'SELECT total_stock AS total FROM variants WHERE id = ?',
    v.variantId,
  );
  expect(Number(left?.total)).toBe(300);
  // Two hundred purchases, each a few requests and transactions, and 62 password checks: a long test on a
  // runner shared with the browser steps (docs/performance.md, "`npm test`, per step").
}, 300_000);

test("a device cookie is its account's: it exempts no other account, and a forged one nothing", async () => {
  const t = await makeApp();
  const deviceName = staffDeviceCookieName(t.config.publicUrl);
  const first = await signIn(t, { account: STAFF_ACCOUNT, password: STAFF_PASSWORD });
  const device = `${deviceName}=${setCookies(first).get(deviceName)}`;
  for (let i = 0; i < 20; i += 1) {
    expect((await signIn(t, { account: `nobody${i}`, password: 'x' }, device)).status).toBe(401);
  }
  // The address's budget is spent by tries the device made for other accounts.
  expect((await signIn(t, { account: 'nobody-else', password: 'x' }, device)).status).toBe(429);
  expect(
    (await signIn(t, { account: STAFF_ACCOUNT, password: STAFF_PASSWORD }, `${deviceName}=${'A'.repeat(43)}`))
      .status,
  ).toBe(429);
  expect((await signIn(t, { account: STAFF_ACCOUNT, password: STAFF_PASSWORD }, device)).status).toBe(303);
});

test('guesses on the tablet itself slow the tablet, the right password too', async () => {
  const t = await makeApp();
  const deviceName = staffDeviceCookieName(t.config.publicUrl);
  const first = await signIn(t, { account: STAFF_ACCOUNT, password: STAFF_PASSWORD });
  const device = `${deviceName}=${setCookies(first).get(deviceName)}`;
  for (let i = 0; i < 3; i += 1) {
    expect((await signIn(t, { account: STAFF_ACCOUNT, password: 'wrong' }, device)).status).toBe(401);
  }
  const waiting = await signIn(t, { account: STAFF_ACCOUNT, password: STAFF_PASSWORD }, device);
  expect(waiting.status).toBe(429);
  t.clock.advance(1);
  expect((await signIn(t, { account: STAFF_ACCOUNT, password: STAFF_PASSWORD }, device)).status).toBe(303);
});

test('a refused form (too large, or not from the site) is no failed sign-in: it checked no password', async () => {
  const t = await makeApp();
  for (let i = 0; i < 25; i += 1) {
    const huge = await signIn(t, { account: STAFF_ACCOUNT, password: 'x'.repeat(5000) });
    expect(huge.status).toBe(413);
  }
  expect((await signIn(t, { account: STAFF_ACCOUNT, password: STAFF_PASSWORD })).status).toBe(303);
});

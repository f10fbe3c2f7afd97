import {
  COUNTER_CODE_ALPHABET,
  COUNTER_CODE_MISSES_PER_CLIENT,
  COUNTER_CODE_MISSES_PER_STAFF,
  COUNTER_CODE_WINDOW_MS,
  CounterCodeThrottle,
  counterCodeAtRest,
  formatCounterCode,
  newCounterCode,
  parseCounterCode,
} from './counter-code.ts';
import type { Database } from './database.ts';
import { migrateToLatest } from './migrations.ts';
import { hashPassword, parseStaffAccounts } from './staff.ts';
import { Store } from './store.ts';
import { Client, emptyDatabase, findVariant, makeApp, SITE_ORIGIN, type TestApp } from './test-helpers.ts';

describe('the counter code alphabet', () => {
  test('has no character people read as another: no 0, O, 1, I or L, and no lower case', () => {
    expect(COUNTER_CODE_ALPHABET).toHaveLength(31);
    expect(COUNTER_CODE_ALPHABET).not.toMatch(/[01ILOa-z]/);
    expect(new Set(COUNTER_CODE_ALPHABET).size).toBe(COUNTER_CODE_ALPHABET.length);
  });

  test('a new code is 8 characters of it, and codes differ', () => {
    const codes = new Set(Array.from({ length: 200 }, () => newCounterCode()));
    expect(codes.size).toBe(200);
    for (const code of codes) expect(code).toMatch(/^[2-9A-HJKMNP-Z]{8}$/);
  });

  test('bytes that would favour some characters are drawn again', () => {
    // 248 and above would make the first characters likelier; they are skipped, not folded in.
    const bytes = [248, 255, 0, 30, 31, 247, 249, 1, 2, 3, 4, 5];
    const code = newCounterCode((size) => Uint8Array.from(bytes.splice(0, size)));
    expect(code).toBe(`2${COUNTER_CODE_ALPHABET[30]}2${COUNTER_CODE_ALPHABET[247 % 31]}3456`);
  });

  test('is shown in two groups of four', () => {
    expect(formatCounterCode('K7QM3XHP')).toBe('K7QM-3XHP');
  });
});

describe('what staff type', () => {
  test.each([
    ['K7QM-3XHP', 'K7QM3XHP'],
    ['k7qm 3xhp', 'K7QM3XHP'],
    ['  k7QM3xhp ', 'K7QM3XHP'],
    ['ｋ７ｑｍ－３ｘｈｐ', 'K7QM3XHP'],
    ['K7QM ー 3XHP', 'K7QM3XHP'],
    ['K7QM\u30003XHP', 'K7QM3XHP'],
  ])('%j is the code %s: case, spaces, hyphens and full width do not matter', (typed, code) => {
    expect(parseCounterCode(typed)).toEqual({ ok: true, code });
  });

  test('characters the alphabet never uses are refused, named, never guessed at', () => {
    const zero = parseCounterCode('K7QM-30HP');
    expect(zero).toMatchObject({ ok: false });
    expect(zero.ok ? '' : zero.message).toContain('「0」は使われていません');
    const several = parseCounterCode('l7QO-3XHi');
    expect(several.ok ? '' : several.message).toContain('「L」「O」「I」');
  });

  test('a wrong length or other characters are refused with what a code is', () => {
    expect(parseCounterCode('K7QM-3XH')).toMatchObject({
      ok: false,
      message: expect.stringContaining('8文字'),
    });
    expect(parseCounterCode('K7QM-3XHPP')).toMatchObject({ ok: false });
    expect(parseCounterCode('K7QM/3XHP')).toMatchObject({
      ok: false,
      message: expect.stringContaining('英数字8文字'),
    });
    expect(parseCounterCode(' - ')).toMatchObject({ ok: false, message: 'コードを入力してください。' });
  });

  test('a code is stored as a hash of its own kind, never as typed', () => {
    const stored = counterCodeAtRest('K7QM3XHP');
    expect(stored).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(stored).not.toContain('K7QM');
    expect(counterCodeAtRest('K7QM3XHQ')).not.toBe(stored);
  });
});

describe('wrong codes are limited', () => {
  let now = 0;
  let throttle: CounterCodeThrottle;
  let database: Database;
  beforeEach(async () => {
    now = Date.UTC(2025, 0, 15);
    database = await emptyDatabase();
    await migrateToLatest(database);
    throttle = new CounterCodeThrottle(Store.of(database), () => now);
  });
  afterEach(async () => {
    await database.close();
  });

  test(`per staff member: ${COUNTER_CODE_MISSES_PER_STAFF} in 15 minutes, then a wait until the oldest leaves the window`, async () => {
    for (let i = 0; i < COUNTER_CODE_MISSES_PER_STAFF; i += 1) {
      expect(await throttle.wait('hanako', `client-${i}`)).toBe(0);
      await throttle.missed('hanako', `client-${i}`);
      now += 1000;
    }
    expect(await throttle.wait('hanako', 'another-client')).toBe(COUNTER_CODE_WINDOW_MS - 10_000);
    // Another staff member at another device is not slowed.
    expect(await throttle.wait('taro', 'another-client')).toBe(0);
    now += COUNTER_CODE_WINDOW_MS - 10_000;
    expect(await throttle.wait('hanako', 'another-client')).toBe(0);
  });

  test(`per client: ${COUNTER_CODE_MISSES_PER_CLIENT} in 15 minutes, whichever staff member types`, async () => {
    for (let i = 0; i < COUNTER_CODE_MISSES_PER_CLIENT; i += 1) {
      await throttle.missed(`staff-${i}`, 'counter-device');
    }
    expect(await throttle.wait('someone-new', 'counter-device')).toBeGreaterThan(0);
    expect(await throttle.wait('someone-new', 'other-device')).toBe(0);
  });

  test('misses older than the window are forgotten', async () => {
    for (let i = 0; i < COUNTER_CODE_MISSES_PER_STAFF - 1; i += 1) await throttle.missed('hanako', 'device');
    now += COUNTER_CODE_WINDOW_MS;
    await throttle.missed('hanako', 'device');
    expect(await throttle.wait('hanako', 'device')).toBe(0);
  });
});

// ------------------------------------------------------------------------------------------ at the counter

describe('the counter code at the store counter', () => {
  const COUNTER = 'counter-1';
  const OTHER = 'counter-2';
  const EDITOR = 'editor-1';
  const PASSWORD = 'code-test-password';
  let t: TestApp;
  let shopper: Client;
  beforeEach(async () => {
    const hash = hashPassword(PASSWORD, { N: 1024 });
    t = await makeApp({
      config: {
        staffAccounts: parseStaffAccounts(
          `${COUNTER}:counter:${hash},${OTHER}:counter:${hash},${EDITOR}:editor:${hash}`,
        ),
      },
    });
    shopper = new Client(t.app);
  });

  const signedIn = async (account: string, app = t.app) => {
    const response = await app.request('/store/signin', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: SITE_ORIGIN },
      body: new URLSearchParams({ account, password: PASSWORD }).toString(),
    });
    expect(response.status).toBe(303);
    return { Cookie: response.headers.get('set-cookie')?.split(';')[0] ?? '', Origin: SITE_ORIGIN };
  };

  /** Staff type a code into the counter's form, from a client (its address, through the site's proxy). */
  const typeCode = (code: string, headers: Record<string, string>, client = '203.0.113.7') =>
    t.app.request('/store/code', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        'X-Forwarded-For': client,
        ...headers,
      },
      body: new URLSearchParams({ code }).toString(),
    });

  async function issue(buyer = shopper, app = t) {
    const v = await findVariant(app, 'total_stock >= 5 AND stock_in_shop >= 2');
    await buyer.call('POST', '/catalog/cart/product', {
      body: { productId: v.productId, variantId: v.variantId, addQty: 1 },
    });
    const issued = await buyer.call('POST', '/catalog/cart/qr');
    expect(issued.status).toBe(201);
    const alias = (issued.body as { draftOrderAlias: string }).draftOrderAlias;
    const confirmation = (await buyer.call('GET', `/catalog/cart/qr/${alias}`)).body as {
      counterCode?: string;
    };
    return { alias, code: confirmation.counterCode ?? '' };
  }

  test('the shopper who issued the QR is told its code; whoever else holds the QR link is not', async () => {
    const { alias, code } = await issue();
    expect(code).toMatch(/^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);
    const stranger = new Client(t.app);
    const seen = await stranger.call('GET', `/catalog/cart/qr/${alias}`);
    expect(seen.body).toMatchObject({ draftOrderAlias: alias });
    expect(seen.text).not.toContain(code);
    expect((await shopper.call('GET', `/catalog/cart/qr/${alias}/status`)).text).not.toContain(code);
    // Stored as a hash: the database holds neither the code nor its plain form.
    const stored = JSON.stringify(await t.query('SELECT * FROM draft_orders'));
    expect(stored).not.toContain(code);
    expect(stored).not.toContain(code.replace('-', ''));
  });

  test('counter staff type it in lower case with a space and reach the page the QR opens', async () => {
    const { alias, code } = await issue();
    const staff = await signedIn(COUNTER);
    const typed = code.toLowerCase().replace('-', ' ');
    const response = await typeCode(typed, staff);
    expect(response.status).toBe(303);
    const location = response.headers.get('location') ?? '';
    expect(location).toBe(`qr/${alias}`);
    expect(location).not.toContain(code.replace('-', ''));
    const page = await t.app.request(new URL(location, 'http://x/store/code').pathname, { headers: staff });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('QRコード注文の確認');
  });

  test('the form is on the counter, after sign-in, and its code is posted, never in a URL', async () => {
    const before = await t.app.request('/store/code');
    expect(before.status).toBe(401);
    expect(await before.text()).toContain('スタッフサインイン');
    const staff = await signedIn(COUNTER);
    expect(await (await t.app.request('/store/signin', { headers: staff })).text()).toContain('href="code"');
    const form = await (await t.app.request('/store/code', { headers: staff })).text();
    expect(form).toContain('<h1>コードで注文を開く</h1>');
    expect(form).toContain('<form method="post" action="code">');
    // Signing in from the form leads back to it.
    const signIn = await t.app.request('/store/signin', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: SITE_ORIGIN },
      body: new URLSearchParams({ account: COUNTER, password: PASSWORD, next: 'code' }).toString(),
    });
    expect(signIn.headers.get('location')).toBe('code');
  });

  test('without a counter staff session the answer is the same for a real code and a made-up one', async () => {
    const { code } = await issue();
    const real = await typeCode(code, { Origin: SITE_ORIGIN });
    const madeUp = await typeCode('2345-6789', { Origin: SITE_ORIGIN });
    expect(real.status).toBe(401);
    expect(madeUp.status).toBe(401);
    expect(await real.text()).toBe(await madeUp.text());
    const editor = await signedIn(EDITOR);
    const refused = await typeCode(code, editor);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain('お支払いの受け付けの権限がありません');
    // From another site, even with a counter session: refused before anything is looked up.
    const crossSite = await typeCode(code, { ...(await signedIn(COUNTER)), Origin: 'https://evil.example' });
    expect(crossSite.status).toBe(403);
    expect(await crossSite.text()).not.toContain('qr/');
  });

  test('a character the code never uses is refused with a clear message, and costs no try', async () => {
    const staff = await signedIn(COUNTER);
    const response = await typeCode('K7QM-30HP', staff);
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain('「0」は使われていません');
    expect(html).toContain('value="K7QM-30HP"');
  });

  test('only a pending draft opens: not once paid, expired or replaced by a newer QR', async () => {
    const staff = await signedIn(COUNTER);
    const first = await issue();
    const second = await issue();
    expect(second.code).not.toBe(first.code);
    const replaced = await typeCode(first.code, staff);
    expect(replaced.status).toBe(404);
    expect(await replaced.text()).toContain('お支払い待ちの注文は見つかりませんでした');
    expect((await typeCode(second.code, staff)).status).toBe(303);

    const paid = await t.app.request(`/store/qr/${second.alias}/complete`, {
      method: 'POST',
      headers: staff,
    });
    expect(paid.status).toBe(200);
    expect((await typeCode(second.code, staff)).status).toBe(404);

    const third = await issue();
    expect((await typeCode(third.code, staff)).status).toBe(303);
    t.clock.advance(t.config.draftOrderTtlSeconds);
    expect((await typeCode(third.code, staff)).status).toBe(404);
    // No longer pending, the draft's code is gone from the database too.
    const held = await t.query<{ counter_code: string | null }>(
      "SELECT status, counter_code FROM draft_orders WHERE status != 'pending'",
    );
    expect(held.length).toBe(2);
    expect(held.every((row) => row.counter_code === null)).toBe(true);
  });

  test(`wrong codes slow the staff member who typed them (${COUNTER_CODE_MISSES_PER_STAFF} in 15 minutes), not a colleague`, async () => {
    const { code } = await issue();
    const staff = await signedIn(COUNTER);
    for (let i = 0; i < COUNTER_CODE_MISSES_PER_STAFF; i += 1) {
      expect((await typeCode('2345-6789', staff, `198.51.100.${i}`)).status).toBe(404);
    }
    const slowed = await typeCode(code, staff, '198.51.100.200');
    expect(slowed.status).toBe(429);
    expect(Number(slowed.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await slowed.text()).toContain('待ってから');
    // A colleague at another device is not slowed; after the window, neither is the first.
    expect((await typeCode(code, await signedIn(OTHER), '198.51.100.201')).status).toBe(303);
    t.clock.advance(COUNTER_CODE_WINDOW_MS / 1000);
    const later = await issue();
    expect((await typeCode(later.code, staff, '198.51.100.200')).status).toBe(303);
  });

  test('a code is unique among the drafts that hold one, and drawn again when taken', async () => {
    const draws = ['K7QM3XHP', 'K7QM3XHP', 'A2B3C4D5'];
    const colliding = await makeApp({
      config: {
        staffAccounts: parseStaffAccounts(`${COUNTER}:counter:${hashPassword(PASSWORD, { N: 1024 })}`),
      },
      newCounterCode: () => draws.shift() ?? 'Z9Z9Z9Z9',
    });
    const one = await issue(new Client(colliding.app), colliding);
    const two = await issue(new Client(colliding.app), colliding);
    expect(one.code).toBe('K7QM-3XHP');
    expect(two.code).toBe('A2B3-C4D5');
  });
});

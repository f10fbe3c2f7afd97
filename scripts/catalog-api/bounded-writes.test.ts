/**
 * What a visitor can make the API store is bounded: reading stores nothing, what ended is purged, and each
 * client's writes to /catalog/* are limited.
 */
import { AddressVault } from './address-key.ts';
import { CartService } from './cart.ts';
import { Catalog } from './catalog.ts';
import { OrderService } from './orders.ts';
import { Store } from './store.ts';
import { Client, findVariant, makeApp, sameDatabase, type TestApp } from './test-helpers.ts';

let t: TestApp;
const rows = async (table: string) =>
  Number((await t.query<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}`))[0]?.n);

describe('reading the bag stores nothing', () => {
  beforeEach(async () => {
    t = await makeApp();
  });

  test('the bag count without a cookie answers 0, sets no cookie and creates no session', async () => {
    const visitor = new Client(t.app);
    for (const cookie of [undefined, `cart_session=${'A'.repeat(43)}`, 'cart_session=malformed']) {
      const response = await visitor.call('GET', '/catalog/cart/products/count', {
        ...(cookie ? { headers: { Cookie: cookie } } : {}),
      });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ count: 0 });
      expect(response.headers.get('set-cookie')).toBeNull();
    }
    expect(await rows('sessions')).toBe(0);
  });

  test('nor does looking at an empty bag', async () => {
    const visitor = new Client(t.app);
    const bag = await visitor.call('POST', '/catalog/cart', { body: { lang: 'ja' } });
    expect(bag.status).toBe(200);
    expect(bag.body).toMatchObject({ products: [], count: 0 });
    expect(bag.headers.get('set-cookie')).toBeNull();
    expect(await rows('sessions')).toBe(0);
  });

  test('the first change to the bag starts the session, and the count follows it', async () => {
    const shopper = new Client(t.app);
    const v = await findVariant(t, 'total_stock >= 5');
    await shopper.call('POST', '/catalog/cart/product', {
      body: { productId: v.productId, variantId: v.variantId, addQty: 2 },
    });
    expect(await rows('sessions')).toBe(1);
    expect((await shopper.call('GET', '/catalog/cart/products/count')).body).toEqual({ count: 2 });
  });
});

describe('draft orders that ended are purged with the hourly sweep', () => {
  beforeEach(async () => {
    t = await makeApp();
  });

  async function issue(client: Client): Promise<string> {
    const v = await findVariant(t, 'total_stock >= 5');
    await client.call('POST', '/catalog/cart/product', {
      body: { productId: v.productId, variantId: v.variantId, addQty: 1 },
    });
    const issued = await client.call('POST', '/catalog/cart/qr');
    return (issued.body as { draftOrderAlias: string }).draftOrderAlias;
  }

  test('drafts never paid (expired, cancelled) go a day after their time limit; paid ones stay', async () => {
    const shopper = new Client(t.app);
    const cancelled = await issue(shopper);
    const expired = await issue(shopper); // cancels the first
    t.clock.advance(20 * 60);
    const paid = await issue(new Client(t.app));
    const pending = await issue(new Client(t.app));
    const store = Store.of(t.database);
    const catalog = await Catalog.load(store, t.config.publicUrl);
    const cart = new CartService(store, catalog, t.config, t.clock.now);
    const orders = new OrderService(
      store,
      catalog,
      cart,
      t.config,
      t.clock.now,
      new AddressVault(t.config.addressKeys),
    );
    await orders.complete(paid);
    const status = async (alias: string) => (await orders.draft(alias))?.status ?? 'gone';
    const statuses = () => Promise.all([cancelled, expired, paid, pending].map(status));
    expect(await statuses()).toEqual(['cancelled', 'expired', 'completed', 'pending']);
    // Within the day after its time limit an ended draft still says what became of it.
    expect(await orders.deleteEndedDrafts()).toBe(0);
    // A day past every time limit (the pending one's too): only the paid draft stays, beside its order.
    t.clock.advance(25 * 3600);
    expect(await orders.deleteEndedDrafts()).toBe(3);
    expect(await statuses()).toEqual(['gone', 'gone', 'completed', 'gone']);
    expect(await rows('draft_orders')).toBe(1);
    expect(await rows('orders')).toBe(1);
  });
});

describe('writes to /catalog/* are limited per bag, and per address only as a backstop', () => {
  beforeEach(async () => {
    t = await makeApp({
      config: { writeLimitPerMinute: 5, newBagWritesPerMinute: 3, clientWriteLimitPerMinute: 12 },
    });
  });

  const add = async (client: Client, from: string) => {
    const v = await findVariant(t, 'total_stock >= 10');
    return client.call('POST', '/catalog/cart/product', {
      body: { productId: v.productId, variantId: v.variantId, addQty: 1 },
      headers: { 'X-Forwarded-For': from },
    });
  };

  test('past the limit a bag is answered 429 with the Error JSON; other bags on the same address and reads go on', async () => {
    const busy = new Client(t.app);
    // The first write starts the bag (counted for the address); then 5 of the bag's own.
    for (let i = 0; i < 6; i += 1) expect((await add(busy, '203.0.113.9')).status).toBe(200);
    const refused = await add(busy, '203.0.113.9');
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.headers.get('cache-control')).toBe('no-store');
    const count = await busy.call('GET', '/catalog/cart/products/count', {
      headers: { 'X-Forwarded-For': '203.0.113.9' },
    });
    expect(count.body).toEqual({ count: 6 });
    // Another shopper on the same network is not held back by the first.
    expect((await add(new Client(t.app), '203.0.113.9')).status).toBe(200);
  });

  test('an address starts a bounded number of bags a minute, and its writes stop at the backstop', async () => {
    for (let i = 0; i < 3; i += 1) expect((await add(new Client(t.app), '198.51.100.7')).status).toBe(200);
    expect((await add(new Client(t.app), '198.51.100.7')).status).toBe(429);
    t.clock.advance(61);
    const shoppers = [new Client(t.app), new Client(t.app), new Client(t.app)];
    for (const shopper of shoppers) expect((await add(shopper, '198.51.100.7')).status).toBe(200);
    // 3 starts and 9 writes of the started bags make the address's 12: the 13th is the backstop's.
    for (let i = 0; i < 9; i += 1)
      expect((await add(shoppers[i % 3] as Client, '198.51.100.7')).status).toBe(200);
    const stopped = await add(shoppers[0] as Client, '198.51.100.7');
    expect(stopped.status).toBe(429);
    expect((await add(new Client(t.app), '192.0.2.44')).status).toBe(200);
  });
});

describe('QR codes issued again and again for a full bag', () => {
  beforeEach(async () => {
    // Only the per-bag limit on QR codes is at work here, not the per-client limit on writes.
    t = await makeApp({ config: { writeLimitPerMinute: 10_000 } });
  });

  /** Every draft's snapshot, in bytes (UTF-8, as stored), and how many drafts hold one. */
  async function snapshots(): Promise<{ bytes: number; held: number; drafts: number }> {
    const stored = await t.query<{ snapshot: string }>('SELECT snapshot FROM draft_orders');
    return {
      bytes: stored.reduce((sum, row) => sum + Buffer.byteLength(row.snapshot, 'utf8'), 0),
      held: stored.filter((row) => row.snapshot !== '').length,
      drafts: stored.length,
    };
  }

  test('keep the drafts bounded: cancelled ones hold no snapshot, and the sweep a day later deletes them', async () => {
    const shopper = new Client(t.app);
    const variants = await t.query<{ productId: number; variantId: number }>(
      'SELECT product_id AS "productId", id AS "variantId" FROM variants WHERE total_stock >= 2 ORDER BY id LIMIT ?',
      t.config.bagMaxLines,
    );
    expect(variants).toHaveLength(t.config.bagMaxLines);
    for (const v of variants) {
      const added = await shopper.call('POST', '/catalog/cart/product', { body: { ...v, addQty: 1 } });
      expect(added.status).toBe(200);
    }
    const issue = () => shopper.call('POST', '/catalog/cart/qr', { body: { lang: 'en' } });
    expect((await issue()).status).toBe(201);
    const one = await snapshots();
    expect(one).toMatchObject({ held: 1, drafts: 1 });
    // A full bag's snapshot: ids, prices and titles of its lines, not the products themselves.
    expect(one.bytes).toBeLessThan(t.config.bagMaxLines * 1024);

    const bursts = 6;
    let issued = 1;
    for (let burst = 0; burst < bursts; burst += 1) {
      while (issued < (burst + 1) * t.config.qrIssuesPerMinute) {
        expect((await issue()).status).toBe(201);
        issued += 1;
      }
      // Past the limit the bag waits; what it stores does not grow meanwhile.
      const refused = await issue();
      expect(refused.status).toBe(429);
      expect(refused.body).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
      const now = await snapshots();
      expect(now).toMatchObject({ held: 1, drafts: issued });
      expect(now.bytes).toBeLessThanOrEqual(one.bytes);
      t.clock.advance(Number(refused.headers.get('retry-after')));
    }
    expect(issued).toBe(bursts * t.config.qrIssuesPerMinute);

    // A day after the last one's time limit, the sweep (at the start of an instance, then hourly) deletes
    // every draft never paid.
    t.clock.advance(t.config.draftOrderTtlSeconds + 25 * 3600);
    const next = await makeApp({ database: sameDatabase(t.database), clock: t.clock });
    expect(await snapshots()).toEqual({ bytes: 0, held: 0, drafts: 0 });
    if (next.database !== t.database) await next.database.close();
  });
});

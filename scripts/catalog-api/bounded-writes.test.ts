/**
 * What a visitor can make the API store is bounded: reading stores nothing, what ended is purged, and each
 * client's writes to /catalog/* are limited.
 */
import { CartService } from './cart.ts';
import { Catalog } from './catalog.ts';
import { Store } from './db.ts';
import { OrderService } from './orders.ts';
import { Client, findVariant, makeApp, type TestApp } from './test-helpers.ts';

let t: TestApp;
const rows = (table: string) => (t.db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;

describe('reading the bag stores nothing', () => {
  beforeEach(() => {
    t = makeApp();
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
    expect(rows('sessions')).toBe(0);
  });

  test('nor does looking at an empty bag', async () => {
    const visitor = new Client(t.app);
    const bag = await visitor.call('POST', '/catalog/cart', { body: { lang: 'ja' } });
    expect(bag.status).toBe(200);
    expect(bag.body).toMatchObject({ products: [], count: 0 });
    expect(bag.headers.get('set-cookie')).toBeNull();
    expect(rows('sessions')).toBe(0);
  });

  test('the first change to the bag starts the session, and the count follows it', async () => {
    const shopper = new Client(t.app);
    const v = findVariant(t.db, 'total_stock >= 5');
    await shopper.call('POST', '/catalog/cart/product', {
      body: { productId: v.productId, variantId: v.variantId, addQty: 2 },
    });
    expect(rows('sessions')).toBe(1);
    expect((await shopper.call('GET', '/catalog/cart/products/count')).body).toEqual({ count: 2 });
  });
});

describe('draft orders that ended are purged with the hourly sweep', () => {
  beforeEach(() => {
    t = makeApp();
  });

  async function issue(client: Client): Promise<string> {
    const v = findVariant(t.db, 'total_stock >= 5');
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
    const store = new Store(t.db);
    const catalog = new Catalog(store, t.config.publicUrl);
    const cart = new CartService(store, catalog, t.config, t.clock.now);
    const orders = new OrderService(store, catalog, cart, t.config, t.clock.now);
    orders.complete(paid);
    const status = (alias: string) => orders.draft(alias)?.status ?? 'gone';
    expect([cancelled, expired, paid, pending].map(status)).toEqual([
      'cancelled',
      'expired',
      'completed',
      'pending',
    ]);
    // Within the day after its time limit an ended draft still says what became of it.
    expect(orders.deleteEndedDrafts()).toBe(0);
    // A day past every time limit (the pending one's too): only the paid draft stays, beside its order.
    t.clock.advance(25 * 3600);
    expect(orders.deleteEndedDrafts()).toBe(3);
    expect([cancelled, expired, paid, pending].map(status)).toEqual(['gone', 'gone', 'completed', 'gone']);
    expect(rows('draft_orders')).toBe(1);
    expect(rows('orders')).toBe(1);
  });
});

describe('writes to /catalog/* are limited per client', () => {
  beforeEach(() => {
    t = makeApp({ config: { writeLimitPerMinute: 5 } });
  });

  const add = (client: Client, from: string) => {
    const v = findVariant(t.db, 'total_stock >= 10');
    return client.call('POST', '/catalog/cart/product', {
      body: { productId: v.productId, variantId: v.variantId, addQty: 1 },
      headers: { 'X-Forwarded-For': from },
    });
  };

  test('past the limit a client is answered 429 with the Error JSON; other clients and reads go on', async () => {
    const busy = new Client(t.app);
    for (let i = 0; i < 5; i += 1) expect((await add(busy, '203.0.113.9')).status).toBe(200);
    const refused = await add(busy, '203.0.113.9');
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.headers.get('cache-control')).toBe('no-store');
    const count = await busy.call('GET', '/catalog/cart/products/count', {
      headers: { 'X-Forwarded-For': '203.0.113.9' },
    });
    expect(count.body).toEqual({ count: 5 });
    expect((await add(new Client(t.app), '198.51.100.3')).status).toBe(200);
  });
});

/**
 * The reference API as a store runs it: two instances on one PostgreSQL server behind a round-robin proxy
 * (scripts/catalog-api/fleet.ts), every request landing on the next instance. A shopper's journey crosses
 * instances, staff stay signed in across them and across a restart, and shoppers racing for the last units
 * buy exactly what there is. The same journey and race run on the embedded database (one instance).
 */
import pg from 'pg';
import { FLEET_STAFF_PASSWORD, type Fleet, startFleet } from '../../scripts/catalog-api/fleet.ts';

const TOKEN = 'gift-catalogue-public-token';
/** The site's origin (the API's default public URL's): staff forms post from its pages. */
const SITE = 'http://localhost:4321';

/** One browser: a cookie jar over fetch. */
class Browser {
  readonly cookies = new Map<string, string>();
  readonly base: string;
  constructor(base: string) {
    this.base = base;
  }

  async call(method: string, path: string, options: { json?: unknown; form?: Record<string, string> } = {}) {
    const headers: Record<string, string> = { 'X-Api-Token': TOKEN };
    if (this.cookies.size > 0) headers.Cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    let body: string | null = null;
    if (options.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.json);
    }
    if (options.form !== undefined) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(options.form).toString();
    }
    if (method !== 'GET') headers.Origin = SITE;
    const response = await fetch(`${this.base}${path}`, { method, headers, body, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const value = pair.slice(eq + 1);
      if (/max-age=0/i.test(line) || value === '') this.cookies.delete(pair.slice(0, eq));
      else this.cookies.set(pair.slice(0, eq), value);
    }
    const text = await response.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: response.status, text, json: json as Record<string, unknown> };
  }
}

async function signInStaff(fleet: Fleet): Promise<Browser> {
  const staff = new Browser(fleet.url);
  const signedIn = await staff.call('POST', '/store/signin', {
    form: { account: 'staff', password: FLEET_STAFF_PASSWORD },
  });
  expect(signedIn.status, `${fleet.output(0)}\n${fleet.output(1)}`).toBe(303);
  return staff;
}

/** A variant in stock for shipping and pickup, as the catalogue serves it. */
async function stockedVariant(shopper: Browser, least: number) {
  const page = await shopper.call('GET', '/catalog/products?size=100');
  const products = page.json.products as {
    id: number;
    variants: { id: number; totalStock: number; stockInShop: number }[];
  }[];
  for (const product of products) {
    const variant = product.variants.find((v) => v.totalStock >= least && v.stockInShop >= 1);
    if (variant) return { productId: product.id, variantId: variant.id };
  }
  throw new Error(`no variant with ${least} in stock`);
}

const ADDRESS = {
  postalCode: '150-0001',
  prefecture: '東京都',
  city: '渋谷区神宮前',
  street: '1-2-3',
  building: null,
  name: '山田 花子',
  nameKana: 'ヤマダ ハナコ',
  phone: '090-1234-5678',
  deliveryDate: null,
  deliveryTimeSlot: null,
};

async function journey(fleet: Fleet) {
  const shopper = new Browser(fleet.url);
  const v = await stockedVariant(shopper, 3);
  const add = await shopper.call('POST', '/catalog/cart/product', { json: { ...v, addQty: 2 } });
  expect(add.status).toBe(200);
  expect((await shopper.call('GET', '/catalog/cart/products/count')).json).toEqual({ count: 2 });
  expect(
    (await shopper.call('PUT', '/catalog/cart/product-receive', { json: { ...v, receive: 'ship' } })).status,
  ).toBe(200);
  const issued = await shopper.call('POST', '/catalog/cart/qr', { json: { lang: 'ja' } });
  expect(issued.status).toBe(201);
  const alias = issued.json.draftOrderAlias as string;
  // The QR page reads the draft through whichever instance answers.
  for (let i = 0; i < 2; i++) {
    expect((await shopper.call('GET', `/catalog/cart/qr/${alias}`)).json.draftOrderAlias).toBe(alias);
  }

  const staff = await signInStaff(fleet);
  // The staff session made on one instance opens the counter page on every instance.
  for (let i = 0; i < 2; i++) {
    const page = await staff.call('GET', `/store/qr/${alias}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('お支払い待ち');
  }
  const paid = await staff.call('POST', `/store/qr/${alias}/complete`, { form: {} });
  expect(paid.status).toBe(200);
  expect(paid.text).toContain('お支払いが完了しました');

  const status = await shopper.call('GET', `/catalog/cart/qr/${alias}/status`);
  expect(status.json.status).toBe('completed');
  const orderAlias = status.json.orderAlias as string;
  const order = await shopper.call('GET', `/catalog/orders/${orderAlias}`);
  const shipments = order.json.shipments as { shipmentAlias: string }[];
  expect(shipments).toHaveLength(1);
  const shipmentAlias = (shipments[0] as { shipmentAlias: string }).shipmentAlias;
  const put = await shopper.call('PUT', `/catalog/shipments/${shipmentAlias}/address`, { json: ADDRESS });
  expect(put.status).toBe(200);
  // The address, whole for its owner, through either instance.
  for (let i = 0; i < 2; i++) {
    const shipment = await shopper.call('GET', `/catalog/shipments/${shipmentAlias}`);
    expect(shipment.json).toMatchObject({ status: 'address_received', addressMasked: false });
    expect((shipment.json.address as { street: string }).street).toBe('1-2-3');
    const again = await shopper.call('GET', `/catalog/orders/${orderAlias}`);
    expect(again.json.orderAlias).toBe(orderAlias);
  }
  return { shopper, staff, orderAlias, shipmentAlias };
}

/** `shoppers` shoppers each put one unit of a variant with `units` left in their bag, then all pay at once. */
async function race(fleet: Fleet, setStock: (variantId: number, units: number) => Promise<void>) {
  const shoppers = Array.from({ length: 20 }, () => new Browser(fleet.url));
  const v = await stockedVariant(shoppers[0] as Browser, 1);
  await setStock(v.variantId, 5);
  const aliases: string[] = [];
  for (const shopper of shoppers) {
    expect((await shopper.call('POST', '/catalog/cart/product', { json: { ...v, addQty: 1 } })).status).toBe(
      200,
    );
    const issued = await shopper.call('POST', '/catalog/cart/qr', { json: {} });
    expect(issued.status).toBe(201);
    aliases.push(issued.json.draftOrderAlias as string);
  }
  const staff = await signInStaff(fleet);
  const results = await Promise.all(
    aliases.map((alias) => staff.call('POST', `/store/qr/${alias}/complete`, { form: {} })),
  );
  const paid = results.filter((r) => r.status === 200).length;
  const refused = results.filter((r) => r.status === 409 && r.text.includes('在庫が変わった')).length;
  const product = await (shoppers[0] as Browser).call('GET', `/catalog/products/${v.productId}`);
  const variant = (product.json.variants as { id: number; totalStock: number }[]).find(
    (x) => x.id === v.variantId,
  );
  return { paid, refused, left: variant?.totalStock };
}

describe('two API instances on one PostgreSQL server, behind a round-robin proxy', () => {
  let fleet: Fleet;
  let db: pg.Pool;

  beforeAll(async () => {
    fleet = await startFleet({ instances: 2, database: 'postgres' });
    db = new pg.Pool({ connectionString: fleet.database, max: 2 });
  }, 120_000);

  afterAll(async () => {
    await db?.end();
    await fleet?.stop();
  });

  test('a shopper fills a bag and pays through one instance and the other; the order and address work through either', async () => {
    await journey(fleet);
  });

  test('20 shoppers racing for the last 5 units buy exactly 5', async () => {
    const result = await race(fleet, async (variantId, units) => {
      await db.query('UPDATE variants SET total_stock = $1, stock_in_shop = 0 WHERE id = $2', [
        units,
        variantId,
      ]);
    });
    expect(result).toEqual({ paid: 5, refused: 15, left: 0 });
  });

  test('restarting an instance signs nobody out and loses nothing', async () => {
    const { shopper, staff, orderAlias, shipmentAlias } = await journey(fleet);
    const v = await stockedVariant(shopper, 2);
    await shopper.call('POST', '/catalog/cart/product', { json: { ...v, addQty: 1 } });
    await fleet.restart(0);
    await fleet.restart(1);
    // Both instances are new processes: the bag, the staff session and the order are still there.
    for (let i = 0; i < 2; i++) {
      expect((await shopper.call('GET', '/catalog/cart/products/count')).json).toEqual({ count: 1 });
      expect((await staff.call('GET', '/store/session')).json).toMatchObject({ account: 'staff' });
      expect((await shopper.call('GET', `/catalog/orders/${orderAlias}`)).json.orderAlias).toBe(orderAlias);
    }
    const shipped = await staff.call('POST', `/store/shipments/${shipmentAlias}/shipped`);
    expect(shipped.status).toBe(200);
    expect(shipped.json.status).toBe('shipped');
  }, 120_000);
});

describe('the same journey and race on the embedded database', () => {
  let fleet: Fleet;

  beforeAll(async () => {
    fleet = await startFleet({ instances: 1, database: 'sqlite' });
  }, 120_000);

  afterAll(async () => {
    await fleet?.stop();
  });

  test('a shopper fills a bag, pays at the counter and gives the address', async () => {
    await journey(fleet);
  });

  test('20 shoppers racing for the last 5 units buy exactly 5', async () => {
    const { DatabaseSync } = await import('node:sqlite');
    const result = await race(fleet, async (variantId, units) => {
      const file = new DatabaseSync(fleet.database);
      file.exec('PRAGMA busy_timeout = 5000');
      file
        .prepare('UPDATE variants SET total_stock = ?, stock_in_shop = 0 WHERE id = ?')
        .run(units, variantId);
      file.close();
    });
    expect(result).toEqual({ paid: 5, refused: 15, left: 0 });
  });
});

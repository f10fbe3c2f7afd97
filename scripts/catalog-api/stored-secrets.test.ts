/**
 * The database never holds a link, a session or an address as it was given out: session ids and aliases
 * are stored as their SHA-256 and looked up by it, an alias another link leads to is stored sealed with
 * that link, and a delivery address is sealed with the address key (address-key.ts) beside a masked
 * summary, and deleted some days after the shipment left. A file of the layouts from before versioned
 * migrations is refused, untouched, rather than migrated in place.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { sqliteFileProblem } from './database.ts';
import { appliedMigrations, MIGRATION_NAMES, migrateToLatest } from './migrations.ts';
import {
  Client,
  findVariant,
  makeApp,
  sameDatabase,
  seededDatabase,
  staffHeaders,
  type TestApp,
} from './test-helpers.ts';

const ADDRESS = {
  postalCode: '100-0001',
  prefecture: '東京都',
  city: '千代田区千代田',
  street: '丸の内二丁目7番3号',
  building: null,
  name: '山田 花子',
  nameKana: 'ヤマダ ハナコ',
  phone: '03-1234-5678',
};

/** ADDRESS as its owner reads it back: validated (the phone in E.164). */
const OPENED = { ...ADDRESS, phone: '+81312345678' };

/** What of ADDRESS is the recipient's alone: none of it may be stored in plain text. */
const PRIVATE_VALUES = [
  ADDRESS.city,
  ADDRESS.name,
  ADDRESS.nameKana,
  ADDRESS.phone,
  ADDRESS.phone.replace(/\D/g, ''),
  OPENED.phone,
  ADDRESS.street,
  ADDRESS.postalCode,
  ADDRESS.postalCode.replace(/\D/g, ''),
];

/** ADDRESS as anyone but its owner sees it, and everyone once it is deleted (orders.ts, maskAddress). */
const SUMMARY = {
  ...ADDRESS,
  city: '千代田区＊＊＊',
  postalCode: '100-＊＊＊＊',
  street: '＊＊＊',
  name: '山＊＊＊',
  nameKana: 'ヤ＊＊＊',
  phone: '＊＊＊-＊＊＊＊-5678',
};

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

interface Links {
  session: string;
  draft: string;
  order: string;
  shipment: string;
}

/** A shopper who paid for a shipped line and gave the address: the four secrets a browser holds. */
async function shopAndPay(t: TestApp, shopper: Client, address: object = ADDRESS): Promise<Links> {
  const v = await findVariant(t, 'total_stock >= 5');
  await shopper.call('POST', '/catalog/cart/product', {
    body: { productId: v.productId, variantId: v.variantId, addQty: 1 },
  });
  const draft = ((await shopper.call('POST', '/catalog/cart/qr')).body as { draftOrderAlias: string })
    .draftOrderAlias;
  const paid = await shopper.call('POST', `/catalog/cart/qr/${draft}/complete`, {
    headers: await staffHeaders(t.app),
  });
  expect(paid.status).toBe(200);
  const order = (
    (await shopper.call('GET', `/catalog/cart/qr/${draft}/status`)).body as { orderAlias: string }
  ).orderAlias;
  const shipment = (
    (await shopper.call('GET', `/catalog/orders/${order}`)).body as { shipments: { shipmentAlias: string }[] }
  ).shipments[0]?.shipmentAlias;
  if (!shipment) throw new Error('no shipment');
  expect(
    (await shopper.call('PUT', `/catalog/shipments/${shipment}/address`, { body: address })).status,
  ).toBe(200);
  const session = /cart_session=([^;]+)/.exec(shopper.cookie ?? '')?.[1] ?? '';
  return { session, draft, order, shipment };
}

/** Every text value of the tables that hold visitors' data. */
async function storedText(t: TestApp): Promise<string> {
  const tables = ['sessions', 'cart_lines', 'draft_orders', 'orders', 'shipments'];
  const dumps: string[] = [];
  for (const table of tables) dumps.push(JSON.stringify(await t.query(`SELECT * FROM ${table}`)));
  return dumps.join('\n');
}

/** A dump of every table of the database, whatever it holds. */
async function everyTable(t: TestApp): Promise<string> {
  const tables = await t.query<{ name: string }>(
    t.database.dialect === 'postgres'
      ? "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public'"
      : "SELECT name FROM sqlite_master WHERE type = 'table'",
  );
  expect(tables.map((table) => table.name)).toEqual(expect.arrayContaining(['shipments', 'orders', 'meta']));
  const dumps: string[] = [];
  for (const { name } of tables) dumps.push(JSON.stringify(await t.query(`SELECT * FROM "${name}"`)));
  return dumps.join('\n');
}

/** What the shopper's browser, and a holder of each link, can open. */
async function expectLinksOpen(t: TestApp, shopper: Client, links: Links) {
  expect((await shopper.call('GET', '/catalog/cart/products/count')).status).toBe(200);
  expect((await shopper.call('GET', `/catalog/cart/qr/${links.draft}/status`)).body).toMatchObject({
    status: 'completed',
    orderAlias: links.order,
  });
  expect((await shopper.call('GET', `/catalog/cart/qr/${links.draft}`)).body).toEqual({
    errorCode: 'COMPLETED',
    orderAlias: links.order,
  });
  const order = await shopper.call('GET', `/catalog/orders/${links.order}`);
  expect(order.body).toMatchObject({
    orderAlias: links.order,
    shipments: [{ shipmentAlias: links.shipment, orderAlias: links.order, addressMasked: false }],
  });
  const holder = new Client(t.app);
  expect((await holder.call('GET', `/catalog/shipments/${links.shipment}`)).body).toMatchObject({
    shipmentAlias: links.shipment,
    orderAlias: links.order,
    addressMasked: true,
  });
}

/** The shipment as the shopper who ordered it sees it, through the order and through its own link. */
async function ownersView(shopper: Client, links: Links) {
  const order = (await shopper.call('GET', `/catalog/orders/${links.order}`)).body as {
    shipments: { address: unknown; addressMasked: boolean }[];
  };
  const shipment = (await shopper.call('GET', `/catalog/shipments/${links.shipment}`)).body as {
    address: unknown;
    addressMasked: boolean;
  };
  expect(order.shipments[0]).toMatchObject({
    address: shipment.address,
    addressMasked: shipment.addressMasked,
  });
  return shipment;
}

describe('session ids and aliases at rest', () => {
  test('are stored as their SHA-256, never as given out, and every link still opens', async () => {
    const t = await makeApp();
    const shopper = new Client(t.app);
    const links = await shopAndPay(t, shopper);
    const stored = await storedText(t);
    for (const [name, secret] of Object.entries(links)) {
      expect(secret, name).toMatch(/^[A-Za-z0-9_-]{32,43}$/);
      expect(stored, name).not.toContain(secret);
    }
    expect(await t.query('SELECT id FROM sessions')).toEqual([{ id: sha256(links.session) }]);
    expect(await t.query('SELECT alias FROM orders')).toEqual([{ alias: sha256(links.order) }]);
    expect(await t.query('SELECT alias FROM shipments')).toEqual([{ alias: sha256(links.shipment) }]);
    await expectLinksOpen(t, shopper, links);
  });

  test('a fresh database is of the current schema and needs no migration', async () => {
    const database = await seededDatabase();
    expect(await appliedMigrations(database)).toEqual(MIGRATION_NAMES);
    expect(await migrateToLatest(database)).toEqual([]);
    await database.close();
  });
});

describe('a file of the layout from before versioned migrations', () => {
  test('is refused as it is, never migrated in place nor seeded over', () => {
    const dir = mkdtempSync(join(tmpdir(), 'catalog-old-layout-'));
    try {
      // As the first layouts kept a catalogue: a meta table with the seed, orders with their links.
      const file = join(dir, 'catalog.sqlite');
      const old = new DatabaseSync(file);
      old.exec(`
        CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
        INSERT INTO meta VALUES ('seed', '{"products":100,"schemaVersion":2}');
        CREATE TABLE orders (alias TEXT PRIMARY KEY, status TEXT NOT NULL, data TEXT NOT NULL);
        INSERT INTO orders VALUES ('an-order-a-shopper-holds', 'paid', '{"lines":[]}');
      `);
      old.close();
      const bytes = readFileSync(file);
      expect(sqliteFileProblem(file)).toMatch(/layout from before versioned migrations/);
      expect(readFileSync(file).equals(bytes)).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('delivery addresses at rest', () => {
  test('no table holds the address in plain text, while its owner sees it whole', async () => {
    const t = await makeApp();
    const shopper = new Client(t.app);
    const links = await shopAndPay(t, shopper);
    const dump = await everyTable(t);
    for (const value of PRIVATE_VALUES) expect(dump, value).not.toContain(value);
    // What is kept in plain text is the summary anyone holding the shipment's link sees: the
    // municipality, never the town after it.
    expect(dump).toContain(SUMMARY.city);
    expect(dump).not.toContain(ADDRESS.city);
    expect(await ownersView(shopper, links)).toMatchObject({ address: OPENED, addressMasked: false });
    expect((await new Client(t.app).call('GET', `/catalog/shipments/${links.shipment}`)).body).toMatchObject({
      address: SUMMARY,
      addressMasked: true,
    });
  });

  test('the sweep deletes the address once the retention after shipping is over; its summary stays', async () => {
    const retentionDays = 7;
    const t = await makeApp({ config: { addressRetentionDays: retentionDays } });
    const shopper = new Client(t.app);
    const links = await shopAndPay(t, shopper);
    const shipped = await shopper.call('POST', `/store/shipments/${links.shipment}/shipped`, {
      headers: await staffHeaders(t.app),
      token: null,
    });
    expect(shipped.status).toBe(200);
    /** Another instance starting over the same database: its sweep runs at once (then hourly). */
    const sweepNow = async () => {
      const other = await makeApp({
        database: sameDatabase(t.database),
        clock: t.clock,
        config: { addressRetentionDays: retentionDays },
      });
      if (other.database !== t.database) await other.database.close();
    };
    const sealed = async () =>
      (await t.query<{ n: number }>('SELECT COUNT(*) AS n FROM shipments WHERE address IS NOT NULL'))[0]?.n;

    // An hour before the retention is over, the owner still sees the address.
    t.clock.advance(retentionDays * 86_400 - 3600);
    await sweepNow();
    expect(await sealed()).toBe(1);
    expect(await ownersView(shopper, links)).toMatchObject({ address: OPENED, addressMasked: false });

    // An hour after, it is gone: the summary stays, masked as before, and the owner is told so.
    t.clock.advance(2 * 3600);
    await sweepNow();
    expect(await sealed()).toBe(0);
    const [row] = await t.query<{ address: string | null; address_summary: string }>(
      'SELECT address, address_summary FROM shipments',
    );
    expect(row?.address).toBeNull();
    expect(JSON.parse(row?.address_summary ?? 'null')).toMatchObject(SUMMARY);
    expect(await ownersView(shopper, links)).toMatchObject({
      status: 'shipped',
      address: SUMMARY,
      addressMasked: true,
    });
  });

  test("an address sealed for one shipment, copied onto another's row, does not open", async () => {
    const t = await makeApp();
    const first = new Client(t.app);
    const firstLinks = await shopAndPay(t, first);
    const second = new Client(t.app);
    const secondAddress = {
      ...ADDRESS,
      prefecture: '大阪府',
      city: '大阪市北区',
      street: '梅田三丁目1番1号',
      name: '佐藤 一郎',
      nameKana: 'サトウ イチロウ',
      phone: '06-9876-5432',
    };
    const secondLinks = await shopAndPay(t, second, secondAddress);
    // Someone with the database copies the first shipment's sealed address onto the second's row.
    const [sealed] = await t.query<{ address: string }>(
      'SELECT address FROM shipments WHERE alias = ?',
      sha256(firstLinks.shipment),
    );
    expect(sealed?.address).toEqual(expect.any(String));
    await t.query(
      'UPDATE shipments SET address = ? WHERE alias = ?',
      sealed?.address,
      sha256(secondLinks.shipment),
    );

    // The second shopper sees their own summary, never the first shopper's address.
    const seen = await ownersView(second, secondLinks);
    expect(seen).toMatchObject({
      addressMasked: true,
      address: { prefecture: '大阪府', city: '大阪市北区' },
    });
    const text = JSON.stringify(seen);
    for (const value of PRIVATE_VALUES) expect(text, value).not.toContain(value);
    expect(text).not.toContain(ADDRESS.city);
    // The first shopper's own shipment still opens for them.
    expect(await ownersView(first, firstLinks)).toMatchObject({ address: OPENED, addressMasked: false });
  });
});

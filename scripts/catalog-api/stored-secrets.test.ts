/**
 * The database never holds a link or a session as it was given out: session ids and aliases are stored as
 * their SHA-256 and looked up by it, and an alias another link leads to is stored sealed with that link.
 * A database of the first schema (plain values) or the second (no counter codes) is migrated in place, so
 * every link shoppers hold still opens.
 */
import { createHash } from 'node:crypto';
import type { DatabaseSync } from 'node:sqlite';
import { migrate, SCHEMA_VERSION, seedInfo } from './db.ts';
import { Client, findVariant, makeApp, seededDb, staffHeaders, type TestApp } from './test-helpers.ts';

const ADDRESS = {
  postalCode: '100-0001',
  prefecture: '東京都',
  city: '千代田区千代田',
  street: '1-1',
  building: null,
  name: '山田 花子',
  nameKana: 'ヤマダ ハナコ',
  phone: '03-1234-5678',
};

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

interface Links {
  session: string;
  draft: string;
  order: string;
  shipment: string;
}

/** A shopper who paid for a shipped line and gave the address: the four secrets a browser holds. */
async function shopAndPay(t: TestApp, shopper: Client): Promise<Links> {
  const v = findVariant(t.db, 'total_stock >= 5');
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
    (await shopper.call('PUT', `/catalog/shipments/${shipment}/address`, { body: ADDRESS })).status,
  ).toBe(200);
  const session = /cart_session=([^;]+)/.exec(shopper.cookie ?? '')?.[1] ?? '';
  return { session, draft, order, shipment };
}

/** Takes a database back to before counter codes (schema 2). */
const DROP_COUNTER_CODES = `
  DROP INDEX draft_orders_counter_code;
  ALTER TABLE draft_orders DROP COLUMN counter_code;
  ALTER TABLE draft_orders DROP COLUMN alias_sealed_by_code;
  ALTER TABLE draft_orders DROP COLUMN code_sealed_by_alias;
`;

/** Every text value of the tables that hold visitors' data. */
function storedText(db: DatabaseSync): string {
  const tables = ['sessions', 'cart_lines', 'draft_orders', 'orders', 'shipments'];
  return tables.map((table) => JSON.stringify(db.prepare(`SELECT * FROM ${table}`).all())).join('\n');
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

describe('session ids and aliases at rest', () => {
  test('are stored as their SHA-256, never as given out, and every link still opens', async () => {
    const t = makeApp();
    const shopper = new Client(t.app);
    const links = await shopAndPay(t, shopper);
    const stored = storedText(t.db);
    for (const [name, secret] of Object.entries(links)) {
      expect(secret, name).toMatch(/^[A-Za-z0-9_-]{32,43}$/);
      expect(stored, name).not.toContain(secret);
    }
    expect(t.db.prepare('SELECT id FROM sessions').all()).toEqual([{ id: sha256(links.session) }]);
    expect(t.db.prepare('SELECT alias FROM orders').all()).toEqual([{ alias: sha256(links.order) }]);
    expect(t.db.prepare('SELECT alias FROM shipments').all()).toEqual([{ alias: sha256(links.shipment) }]);
    await expectLinksOpen(t, shopper, links);
  });

  test('a database of the first schema is migrated in place: the links shoppers hold still open', async () => {
    // A database as the first schema kept it: the same data, with every secret in plain text.
    const before = makeApp();
    const shopper = new Client(before.app);
    const links = await shopAndPay(before, shopper);
    const db = before.db;
    const plain = (table: string, column: string, value: string) =>
      db.prepare(`UPDATE ${table} SET ${column} = ? WHERE ${column} = ?`).run(value, sha256(value));
    db.exec('PRAGMA foreign_keys = OFF');
    plain('sessions', 'id', links.session);
    plain('cart_lines', 'session_id', links.session);
    plain('draft_orders', 'session_id', links.session);
    plain('draft_orders', 'alias', links.draft);
    plain('orders', 'draft_alias', links.draft);
    plain('orders', 'alias', links.order);
    plain('shipments', 'order_alias', links.order);
    plain('shipments', 'alias', links.shipment);
    db.exec(`
      ${DROP_COUNTER_CODES}
      ALTER TABLE draft_orders DROP COLUMN order_alias_sealed;
      ALTER TABLE draft_orders ADD COLUMN order_alias TEXT;
      ALTER TABLE shipments DROP COLUMN alias_sealed;
      ALTER TABLE shipments DROP COLUMN order_alias_sealed;
      UPDATE meta SET value = json_set(value, '$.schemaVersion', 1) WHERE key = 'seed';
    `);
    db.prepare('UPDATE draft_orders SET order_alias = ?').run(links.order);
    db.exec('PRAGMA foreign_keys = ON');
    expect(storedText(db)).toContain(links.order);
    expect(seedInfo(db)).toMatchObject({ schemaVersion: 1 });

    expect(migrate(db)).toBe(true);
    expect(seedInfo(db)).toMatchObject({ schemaVersion: SCHEMA_VERSION });
    expect(db.prepare('PRAGMA foreign_key_check').all()).toEqual([]);
    for (const [name, secret] of Object.entries(links)) expect(storedText(db), name).not.toContain(secret);
    const after = makeApp({ db });
    const sameBrowser = new Client(after.app);
    sameBrowser.cookie = shopper.cookie;
    await expectLinksOpen(after, sameBrowser, links);
    // Once migrated, there is nothing more to do.
    expect(migrate(db)).toBe(false);
  });

  test('a database of the second schema gains counter codes: its drafts stay, new ones have a code', async () => {
    const before = makeApp();
    const shopper = new Client(before.app);
    const v = findVariant(before.db, 'total_stock >= 5');
    await shopper.call('POST', '/catalog/cart/product', {
      body: { productId: v.productId, variantId: v.variantId, addQty: 1 },
    });
    const issue = async (client: Client) =>
      ((await client.call('POST', '/catalog/cart/qr')).body as { draftOrderAlias: string }).draftOrderAlias;
    const draft = await issue(shopper);
    const db = before.db;
    db.exec(`
      ${DROP_COUNTER_CODES}
      UPDATE meta SET value = json_set(value, '$.schemaVersion', 2) WHERE key = 'seed';
    `);
    expect(migrate(db)).toBe(true);
    expect(seedInfo(db)).toMatchObject({ schemaVersion: SCHEMA_VERSION });
    const after = makeApp({ db });
    const sameBrowser = new Client(after.app);
    sameBrowser.cookie = shopper.cookie;
    // The QR issued before still shows, without a code; the next one has one.
    const old = (await sameBrowser.call('GET', `/catalog/cart/qr/${draft}`)).body as Record<string, unknown>;
    expect(old).toMatchObject({ draftOrderAlias: draft });
    expect(old).not.toHaveProperty('counterCode');
    const next = await issue(sameBrowser);
    expect((await sameBrowser.call('GET', `/catalog/cart/qr/${next}`)).body).toMatchObject({
      counterCode: expect.stringMatching(/^[2-9A-Z]{4}-[2-9A-Z]{4}$/),
    });
    expect(migrate(db)).toBe(false);
  });

  test('a fresh database is of the current schema and needs no migration', () => {
    const db = seededDb();
    expect(seedInfo(db)).toMatchObject({ schemaVersion: SCHEMA_VERSION });
    expect(migrate(db)).toBe(false);
  });
});

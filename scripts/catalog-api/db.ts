/**
 * SQLite storage (node:sqlite, no native build): the schema, and every query the server runs, prepared once.
 */
import { closeSync, mkdirSync, openSync, readSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import { atRest, seal } from './at-rest.ts';

/**
 * 2: session ids and aliases stored as their SHA-256, linked aliases sealed (at-rest.ts). 3: draft orders
 * carry a counter code (counter-code.ts). A database of version 1 or 2 is migrated in place (`migrate`);
 * older ones are not accepted.
 */
export const SCHEMA_VERSION = 3;
const OLDEST_MIGRATABLE = 1;
/** How long a statement waits for a lock held by another connection before giving up (SQLITE_BUSY). */
const BUSY_TIMEOUT_MS = 250;

/** Whether an error is SQLite saying the database is locked by another connection. */
export function isBusyError(error: unknown): boolean {
  const { errcode, message } = (error ?? {}) as { errcode?: number; message?: string };
  return (errcode !== undefined && (errcode & 0xff) === 5) || /database is locked/i.test(message ?? '');
}

const TABLES = [
  'meta',
  'areas',
  'tenants',
  'tags',
  'products',
  'product_areas',
  'product_tags',
  'images',
  'variants',
  'sessions',
  'cart_lines',
  'draft_orders',
  'orders',
  'shipments',
];

/**
 * A draft's counter code while it is pending (NULL once completed or replaced): its hash, the draft alias
 * sealed with the code (what staff typing it reach), and the code sealed with the draft alias (what the
 * shopper's QR page is told). Unique among the drafts that hold one.
 */
const COUNTER_CODE_COLUMNS = `counter_code TEXT,
  alias_sealed_by_code TEXT,
  code_sealed_by_alias TEXT`;
const COUNTER_CODE_INDEX =
  'CREATE UNIQUE INDEX draft_orders_counter_code ON draft_orders (counter_code) WHERE counter_code IS NOT NULL;';

const SCHEMA = `
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE areas (
  id INTEGER PRIMARY KEY,
  place TEXT NOT NULL CHECK (place IN ('a', 'b', 'c', 'd')),
  description TEXT NOT NULL,
  pickup_place TEXT NOT NULL
);
CREATE TABLE tenants (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  code TEXT NOT NULL,
  description TEXT NOT NULL,
  official_site_url TEXT
);
CREATE TABLE tags (id INTEGER PRIMARY KEY, names TEXT NOT NULL);
CREATE TABLE products (
  id INTEGER PRIMARY KEY,
  shopify_product_id TEXT NOT NULL,
  tenant_id INTEGER NOT NULL REFERENCES tenants(id),
  has_video INTEGER NOT NULL,
  texts TEXT NOT NULL
);
CREATE INDEX products_tenant ON products (tenant_id, id);
CREATE TABLE product_areas (
  area_id INTEGER NOT NULL REFERENCES areas(id),
  product_id INTEGER NOT NULL REFERENCES products(id),
  PRIMARY KEY (area_id, product_id)
) WITHOUT ROWID;
CREATE INDEX product_areas_product ON product_areas (product_id, area_id);
CREATE TABLE product_tags (
  product_id INTEGER NOT NULL REFERENCES products(id),
  tag_id INTEGER NOT NULL REFERENCES tags(id),
  PRIMARY KEY (product_id, tag_id)
) WITHOUT ROWID;
CREATE TABLE images (
  id INTEGER PRIMARY KEY,
  product_id INTEGER NOT NULL REFERENCES products(id),
  position INTEGER NOT NULL,
  style INTEGER NOT NULL
);
CREATE INDEX images_product ON images (product_id, position);
CREATE TABLE variants (
  id INTEGER PRIMARY KEY,
  product_id INTEGER NOT NULL REFERENCES products(id),
  position INTEGER NOT NULL,
  sku TEXT NOT NULL,
  price INTEGER NOT NULL CHECK (price >= 0),
  compare_at_price INTEGER,
  stock_in_shop INTEGER NOT NULL,
  total_stock INTEGER NOT NULL,
  image_id INTEGER REFERENCES images(id),
  options TEXT NOT NULL,
  CHECK (stock_in_shop >= 0 AND stock_in_shop <= total_stock)
);
CREATE INDEX variants_product ON variants (product_id, position);
-- Every session id and alias below is stored as its SHA-256 (at-rest.ts); *_sealed columns hold an alias
-- sealed with the link that leads to it.
CREATE TABLE sessions (
  id TEXT PRIMARY KEY,
  wrapping INTEGER NOT NULL DEFAULT 0,
  chat_order INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE TABLE cart_lines (
  session_id TEXT NOT NULL REFERENCES sessions(id),
  product_id INTEGER NOT NULL,
  variant_id INTEGER NOT NULL,
  qty INTEGER NOT NULL CHECK (qty BETWEEN 1 AND 99),
  receive TEXT NOT NULL CHECK (receive IN ('store', 'ship')),
  PRIMARY KEY (session_id, product_id, variant_id)
);
CREATE TABLE draft_orders (
  alias TEXT PRIMARY KEY,
  session_id TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('pending', 'completed', 'cancelled')),
  lang TEXT NOT NULL,
  chat_order INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  snapshot TEXT NOT NULL,
  order_alias_sealed TEXT,
  ${COUNTER_CODE_COLUMNS}
);
CREATE INDEX draft_orders_session ON draft_orders (session_id, status);
${COUNTER_CODE_INDEX}
CREATE TABLE orders (
  alias TEXT PRIMARY KEY,
  draft_alias TEXT NOT NULL UNIQUE,
  status TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  data TEXT NOT NULL
);
CREATE TABLE shipments (
  alias TEXT PRIMARY KEY,
  order_alias TEXT NOT NULL REFERENCES orders(alias),
  position INTEGER NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('awaiting_address', 'address_received', 'shipped', 'delivered')),
  lines TEXT NOT NULL,
  address TEXT,
  updated_at INTEGER NOT NULL,
  alias_sealed TEXT NOT NULL,
  order_alias_sealed TEXT NOT NULL
);
CREATE INDEX shipments_order ON shipments (order_alias, position);
`;

/** Opens (creating the directory of) a database file, or `:memory:`. */
export function openDatabase(path: string): DatabaseSync {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const db = new DatabaseSync(path);
  db.exec('PRAGMA foreign_keys = ON');
  if (path !== ':memory:') {
    db.exec('PRAGMA journal_mode = WAL');
    db.exec('PRAGMA synchronous = NORMAL');
    // node:sqlite is synchronous: waiting for another process's write lock blocks every request of this
    // one, so the wait is short and a write that cannot get the lock answers 503 (app.ts) instead.
    db.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
  }
  return db;
}

/**
 * Why an existing database file cannot be used, or null when it can. Reads the file without changing it
 * (its header, then a read-only integrity check): a file that is empty, not SQLite, damaged or without a
 * seeded catalogue of this version is never seeded over, since its orders would be lost.
 */
export function databaseProblem(path: string): string | null {
  const size = statSync(path).size;
  if (size === 0) return 'it is empty';
  const header = Buffer.alloc(16);
  const fd = openSync(path, 'r');
  try {
    readSync(fd, header, 0, 16, 0);
  } finally {
    closeSync(fd);
  }
  if (header.toString('latin1') !== 'SQLite format 3\0') return 'it is not an SQLite database';
  let db: DatabaseSync | undefined;
  try {
    db = new DatabaseSync(path, { readOnly: true });
    const check = db.prepare('PRAGMA quick_check').get() as { quick_check?: string } | undefined;
    if (check?.quick_check !== 'ok') return `it is damaged (${check?.quick_check ?? 'no answer'})`;
    const info = seedInfo(db);
    if (info === null) return 'it holds no catalogue of this version';
    return null;
  } catch (error) {
    return `it cannot be read (${error instanceof Error ? error.message : String(error)})`;
  } finally {
    db?.close();
  }
}

/** Drops every table and creates the schema afresh. */
export function resetSchema(db: DatabaseSync): void {
  db.exec('PRAGMA foreign_keys = OFF');
  for (const table of TABLES) db.exec(`DROP TABLE IF EXISTS ${table}`);
  db.exec('PRAGMA foreign_keys = ON');
  db.exec(SCHEMA);
}

/**
 * The seed recorded in the database, or null when it has not been seeded (or its schema is too old to
 * migrate). A version below SCHEMA_VERSION is migrated by `migrate`.
 */
export function seedInfo(db: DatabaseSync): { products: number; schemaVersion: number } | null {
  const table = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'meta'").get();
  if (!table) return null;
  const row = db.prepare("SELECT value FROM meta WHERE key = 'seed'").get() as { value: string } | undefined;
  if (!row) return null;
  const info = JSON.parse(row.value) as { products: number; schemaVersion: number };
  return info.schemaVersion >= OLDEST_MIGRATABLE && info.schemaVersion <= SCHEMA_VERSION ? info : null;
}

/**
 * Brings a seeded database of an older schema to this one, in place and in one transaction; true when it
 * changed anything. Version 1 → 2: every session id and alias is replaced by its SHA-256, and the aliases
 * one link leads to are sealed with that link, so the bags, orders and addresses of the links shoppers
 * hold stay theirs (a reseed, CATALOG_API_RESET, would delete them). Version 2 → 3: the counter code's
 * columns.
 */
export function migrate(db: DatabaseSync): boolean {
  const info = seedInfo(db);
  if (info === null || info.schemaVersion === SCHEMA_VERSION) return false;
  transaction(db, () => {
    if (info.schemaVersion < 2) migrateToHashedLinks(db);
    // 2 → 3: counter codes. Drafts issued before have none (their QR page shows none); new ones do.
    db.exec(`
      ALTER TABLE draft_orders ADD COLUMN counter_code TEXT;
      ALTER TABLE draft_orders ADD COLUMN alias_sealed_by_code TEXT;
      ALTER TABLE draft_orders ADD COLUMN code_sealed_by_alias TEXT;
      ${COUNTER_CODE_INDEX}
    `);
    db.prepare("UPDATE meta SET value = json_set(value, '$.schemaVersion', ?) WHERE key = 'seed'").run(
      SCHEMA_VERSION,
    );
  });
  return true;
}

/** 1 → 2: every session id and alias becomes its SHA-256; linked aliases are sealed with their link. */
function migrateToHashedLinks(db: DatabaseSync): void {
  db.function('at_rest', { deterministic: true }, (value) =>
    typeof value === 'string' ? atRest(value) : value,
  );
  db.function('sealed', (purpose, link, value) =>
    typeof value === 'string' ? seal(purpose as never, String(link), value) : value,
  );
  // Keys change while rows refer to them: the references are checked at the commit, all changed.
  db.exec('PRAGMA defer_foreign_keys = ON');
  db.exec(`
      ALTER TABLE draft_orders RENAME COLUMN order_alias TO order_alias_sealed;
      ALTER TABLE shipments ADD COLUMN alias_sealed TEXT NOT NULL DEFAULT '';
      ALTER TABLE shipments ADD COLUMN order_alias_sealed TEXT NOT NULL DEFAULT '';
      UPDATE draft_orders SET order_alias_sealed = sealed('order-of-draft', alias, order_alias_sealed);
      UPDATE shipments SET
        alias_sealed = sealed('shipment-of-order', order_alias, alias),
        order_alias_sealed = sealed('order-of-shipment', alias, order_alias);
      UPDATE draft_orders SET alias = at_rest(alias), session_id = at_rest(session_id);
      UPDATE orders SET alias = at_rest(alias), draft_alias = at_rest(draft_alias);
      UPDATE shipments SET alias = at_rest(alias), order_alias = at_rest(order_alias);
      UPDATE cart_lines SET session_id = at_rest(session_id);
      UPDATE sessions SET id = at_rest(id);
    `);
}

/** Runs fn in a transaction (BEGIN IMMEDIATE … COMMIT), rolling back when it throws. Not re-entrant. */
export function transaction<T>(db: DatabaseSync, fn: () => T): T {
  db.exec('BEGIN IMMEDIATE');
  try {
    const result = fn();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    db.exec('ROLLBACK');
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Rows

interface AreaRow {
  id: number;
  place: 'a' | 'b' | 'c' | 'd';
  description: string;
  pickup_place: string;
}
interface TenantRow {
  id: number;
  name: string;
  code: string;
  description: string;
  official_site_url: string | null;
}
interface TagRow {
  id: number;
  names: string;
}
interface ProductRow {
  id: number;
  shopify_product_id: string;
  tenant_id: number;
  has_video: number;
  texts: string;
}
interface ImageRow {
  id: number;
  product_id: number;
  position: number;
  style: number;
}
export interface VariantRow {
  id: number;
  product_id: number;
  position: number;
  sku: string;
  price: number;
  compare_at_price: number | null;
  stock_in_shop: number;
  total_stock: number;
  image_id: number | null;
  options: string;
}
interface SessionRow {
  id: string;
  wrapping: number;
  chat_order: number;
  created_at: number;
  updated_at: number;
}
interface CartLineRow {
  product_id: number;
  variant_id: number;
  qty: number;
  receive: 'store' | 'ship';
}
export interface DraftOrderRow {
  alias: string;
  session_id: string;
  status: 'pending' | 'completed' | 'cancelled';
  lang: string;
  chat_order: number;
  created_at: number;
  expires_at: number;
  snapshot: string;
  order_alias_sealed: string | null;
  counter_code: string | null;
  alias_sealed_by_code: string | null;
  code_sealed_by_alias: string | null;
}
interface OrderRow {
  alias: string;
  draft_alias: string;
  status: 'paid' | 'fulfilled' | 'cancelled';
  created_at: number;
  data: string;
}
export interface ShipmentRow {
  alias: string;
  order_alias: string;
  position: number;
  status: 'awaiting_address' | 'address_received' | 'shipped' | 'delivered';
  lines: string;
  address: string | null;
  updated_at: number;
  alias_sealed: string;
  order_alias_sealed: string;
}

/** A prepared statement with typed rows. */
class Query<Row> {
  readonly #stmt: StatementSync;
  constructor(db: DatabaseSync, sql: string) {
    this.#stmt = db.prepare(sql);
  }
  get(...params: SQLInputValue[]): Row | undefined {
    return this.#stmt.get(...params) as Row | undefined;
  }
  all(...params: SQLInputValue[]): Row[] {
    return this.#stmt.all(...params) as unknown as Row[];
  }
  run(...params: SQLInputValue[]): number {
    return Number(this.#stmt.run(...params).changes);
  }
}

/** Every query of the running server. */
export class Store {
  readonly db: DatabaseSync;

  readonly areas;
  readonly tenants;
  readonly tags;
  readonly product;
  readonly productCount;
  readonly productIds;
  readonly productsByIds;
  readonly areasByProducts;
  readonly tagsByProducts;
  readonly imagesByProducts;
  readonly variantsByProducts;
  readonly variant;
  readonly image;
  readonly imageIds;
  readonly tenantIdsInArea;
  readonly decrementStock;

  readonly session;
  readonly insertSession;
  readonly copySession;
  readonly moveCartLines;
  readonly moveDrafts;
  readonly deleteSession;
  readonly touchSession;
  readonly deleteExpiredSessionLines;
  readonly deleteExpiredSessions;
  readonly setWrapping;
  readonly setChatOrder;
  readonly cartLines;
  readonly cartLine;
  readonly upsertCartLine;
  readonly setLineQty;
  readonly setLineReceive;
  readonly deleteCartLine;
  readonly clearCart;
  readonly orderSession;

  readonly draftOrder;
  readonly pendingDraftByCounterCode;
  readonly counterCodeTaken;
  readonly insertDraftOrder;
  readonly cancelPendingDrafts;
  readonly completeDraft;
  readonly expireDraft;
  readonly deleteEndedDrafts;
  readonly order;
  readonly insertOrder;
  readonly shipment;
  readonly shipmentsOfOrder;
  readonly insertShipment;
  readonly updateShipment;

  constructor(db: DatabaseSync) {
    this.db = db;
    this.areas = new Query<AreaRow>(db, 'SELECT * FROM areas ORDER BY id');
    this.tenants = new Query<TenantRow>(db, 'SELECT * FROM tenants ORDER BY id');
    this.tags = new Query<TagRow>(db, 'SELECT * FROM tags ORDER BY id');
    this.product = new Query<ProductRow>(db, 'SELECT * FROM products WHERE id = ?');
    this.productCount = new Query<{ n: number }>(db, 'SELECT COUNT(*) AS n FROM products');
    this.productIds = new Query<{ id: number }>(db, 'SELECT id FROM products ORDER BY id');
    // The batch queries take a JSON array of product ids (one prepared statement for any page size).
    const IDS = 'SELECT value FROM json_each(?)';
    this.productsByIds = new Query<ProductRow>(db, `SELECT * FROM products WHERE id IN (${IDS})`);
    this.areasByProducts = new Query<{ product_id: number; area_id: number }>(
      db,
      `SELECT product_id, area_id FROM product_areas WHERE product_id IN (${IDS}) ORDER BY product_id, area_id`,
    );
    this.tagsByProducts = new Query<{ product_id: number; tag_id: number }>(
      db,
      `SELECT product_id, tag_id FROM product_tags WHERE product_id IN (${IDS}) ORDER BY product_id, tag_id`,
    );
    this.imagesByProducts = new Query<ImageRow>(
      db,
      `SELECT * FROM images WHERE product_id IN (${IDS}) ORDER BY product_id, position`,
    );
    this.variantsByProducts = new Query<VariantRow>(
      db,
      `SELECT * FROM variants WHERE product_id IN (${IDS}) ORDER BY product_id, position`,
    );
    this.variant = new Query<VariantRow>(db, 'SELECT * FROM variants WHERE id = ?');
    this.image = new Query<ImageRow>(db, 'SELECT * FROM images WHERE id = ?');
    this.imageIds = new Query<{ id: number }>(db, 'SELECT id FROM images ORDER BY id');
    this.tenantIdsInArea = new Query<{ tenant_id: number }>(
      db,
      `SELECT DISTINCT p.tenant_id FROM product_areas pa JOIN products p ON p.id = pa.product_id
       WHERE pa.area_id = ? ORDER BY p.tenant_id`,
    );
    this.decrementStock = new Query<never>(
      db,
      `UPDATE variants SET total_stock = total_stock - ?1,
         stock_in_shop = MIN(stock_in_shop - ?2, total_stock - ?1)
       WHERE id = ?3 AND total_stock >= ?1 AND stock_in_shop >= ?2`,
    );

    this.session = new Query<SessionRow>(
      db,
      'SELECT id, wrapping, chat_order, created_at, updated_at FROM sessions WHERE id = ?',
    );
    this.deleteExpiredSessionLines = new Query<never>(
      db,
      'DELETE FROM cart_lines WHERE session_id IN (SELECT id FROM sessions WHERE updated_at < ?1 OR created_at < ?2)',
    );
    this.deleteExpiredSessions = new Query<never>(
      db,
      'DELETE FROM sessions WHERE updated_at < ?1 OR created_at < ?2',
    );
    this.insertSession = new Query<never>(
      db,
      'INSERT OR IGNORE INTO sessions (id, created_at, updated_at) VALUES (?1, ?2, ?2)',
    );
    this.touchSession = new Query<never>(db, 'UPDATE sessions SET updated_at = ? WHERE id = ?');
    this.copySession = new Query<never>(
      db,
      `INSERT INTO sessions (id, wrapping, chat_order, created_at, updated_at)
       SELECT ?1, wrapping, chat_order, created_at, updated_at FROM sessions WHERE id = ?2`,
    );
    this.moveCartLines = new Query<never>(db, 'UPDATE cart_lines SET session_id = ?1 WHERE session_id = ?2');
    this.moveDrafts = new Query<never>(db, 'UPDATE draft_orders SET session_id = ?1 WHERE session_id = ?2');
    this.deleteSession = new Query<never>(db, 'DELETE FROM sessions WHERE id = ?');
    this.setWrapping = new Query<never>(db, 'UPDATE sessions SET wrapping = ? WHERE id = ?');
    this.setChatOrder = new Query<never>(db, 'UPDATE sessions SET chat_order = ? WHERE id = ?');
    this.cartLines = new Query<CartLineRow>(
      db,
      'SELECT product_id, variant_id, qty, receive FROM cart_lines WHERE session_id = ? ORDER BY rowid',
    );
    this.cartLine = new Query<CartLineRow>(
      db,
      'SELECT product_id, variant_id, qty, receive FROM cart_lines WHERE session_id = ? AND product_id = ? AND variant_id = ?',
    );
    this.upsertCartLine = new Query<never>(
      db,
      `INSERT INTO cart_lines (session_id, product_id, variant_id, qty, receive) VALUES (?1, ?2, ?3, ?4, 'ship')
       ON CONFLICT (session_id, product_id, variant_id) DO UPDATE SET qty = excluded.qty`,
    );
    this.setLineQty = new Query<never>(
      db,
      'UPDATE cart_lines SET qty = ? WHERE session_id = ? AND product_id = ? AND variant_id = ?',
    );
    this.setLineReceive = new Query<never>(
      db,
      'UPDATE cart_lines SET receive = ? WHERE session_id = ? AND product_id = ? AND variant_id = ?',
    );
    this.deleteCartLine = new Query<never>(
      db,
      'DELETE FROM cart_lines WHERE session_id = ? AND product_id = ? AND variant_id = ?',
    );
    this.clearCart = new Query<never>(db, 'DELETE FROM cart_lines WHERE session_id = ?');
    this.orderSession = new Query<{ session_id: string }>(
      db,
      'SELECT d.session_id FROM orders o JOIN draft_orders d ON d.alias = o.draft_alias WHERE o.alias = ?',
    );

    this.draftOrder = new Query<DraftOrderRow>(db, 'SELECT * FROM draft_orders WHERE alias = ?');
    this.pendingDraftByCounterCode = new Query<DraftOrderRow>(
      db,
      "SELECT * FROM draft_orders WHERE counter_code = ? AND status = 'pending'",
    );
    this.counterCodeTaken = new Query<{ taken: number }>(
      db,
      'SELECT 1 AS taken FROM draft_orders WHERE counter_code = ?',
    );
    this.insertDraftOrder = new Query<never>(
      db,
      `INSERT INTO draft_orders (alias, session_id, status, lang, chat_order, created_at, expires_at, snapshot,
         counter_code, alias_sealed_by_code, code_sealed_by_alias)
       VALUES (?, ?, 'pending', ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    // A draft no longer pending has no counter code: what staff type reaches pending drafts only.
    const NO_CODE = 'counter_code = NULL, alias_sealed_by_code = NULL, code_sealed_by_alias = NULL';
    this.cancelPendingDrafts = new Query<never>(
      db,
      `UPDATE draft_orders SET status = 'cancelled', ${NO_CODE} WHERE session_id = ? AND status = 'pending'`,
    );
    this.completeDraft = new Query<never>(
      db,
      `UPDATE draft_orders SET status = 'completed', order_alias_sealed = ?, ${NO_CODE}
       WHERE alias = ? AND status = 'pending'`,
    );
    this.expireDraft = new Query<never>(
      db,
      "UPDATE draft_orders SET expires_at = ? WHERE alias = ? AND status = 'pending'",
    );
    this.deleteEndedDrafts = new Query<never>(
      db,
      "DELETE FROM draft_orders WHERE status != 'completed' AND expires_at < ?",
    );
    this.order = new Query<OrderRow>(db, 'SELECT * FROM orders WHERE alias = ?');
    this.insertOrder = new Query<never>(
      db,
      "INSERT INTO orders (alias, draft_alias, status, created_at, data) VALUES (?, ?, 'paid', ?, ?)",
    );
    this.shipment = new Query<ShipmentRow>(db, 'SELECT * FROM shipments WHERE alias = ?');
    this.shipmentsOfOrder = new Query<ShipmentRow>(
      db,
      'SELECT * FROM shipments WHERE order_alias = ? ORDER BY position',
    );
    this.insertShipment = new Query<never>(
      db,
      `INSERT INTO shipments (alias, order_alias, position, status, lines, address, updated_at, alias_sealed, order_alias_sealed)
       VALUES (?, ?, ?, 'awaiting_address', ?, NULL, ?, ?, ?)`,
    );
    this.updateShipment = new Query<never>(
      db,
      'UPDATE shipments SET status = ?, address = ?, updated_at = ? WHERE alias = ?',
    );
  }

  readonly #statements = new Map<string, StatementSync>();

  /** A prepared statement for SQL built at run time, kept for reuse (there are only four shapes). */
  #prepare(sql: string): StatementSync {
    let statement = this.#statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.#statements.set(sql, statement);
    }
    return statement;
  }

  /**
   * Ids of a page of products and the total count, optionally in one area and for some tenants.
   * The SQL depends on the filter's shape; its statements are prepared once per shape.
   */
  productPage(filter: { areaId?: number; tenantIds?: number[] }, limit: number, offset: number) {
    const where: string[] = [];
    const params: SQLInputValue[] = [];
    let from = 'products p';
    if (filter.areaId !== undefined) {
      from = 'product_areas pa JOIN products p ON p.id = pa.product_id';
      where.push('pa.area_id = ?');
      params.push(filter.areaId);
    }
    if (filter.tenantIds !== undefined && filter.tenantIds.length > 0) {
      where.push('p.tenant_id IN (SELECT value FROM json_each(?))');
      params.push(JSON.stringify(filter.tenantIds));
    }
    const clause = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
    const count = (
      this.#prepare(`SELECT COUNT(*) AS n FROM ${from} ${clause}`).get(...params) as { n: number }
    ).n;
    const rows = this.#prepare(`SELECT p.id AS id FROM ${from} ${clause} ORDER BY p.id LIMIT ? OFFSET ?`).all(
      ...params,
      limit,
      offset,
    ) as unknown as { id: number }[];
    const ids = rows.map((row) => row.id);
    return { ids, count };
  }
}

/**
 * The API's database: PostgreSQL in production (`CATALOG_DATABASE_URL=postgres://…`), or an embedded SQLite
 * file (`node:sqlite`, nothing to install) for `npm start` and the tests. Both are reached through Kysely, so
 * every query of the server is one query-builder call with one meaning on either; the schema is one text
 * (migrations.ts) whose only dialect slot is how a table numbers its rows.
 *
 * What must hold with several API instances on one database (stock, one completion per draft, one pending
 * draft per bag, counter codes) is decided by the database: conditional updates, unique indexes and
 * transactions, never by one process's memory.
 */
import { closeSync, mkdirSync, openSync, readSync, statSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import {
  type Generated,
  Kysely,
  PostgresDialect,
  type SqliteDatabase,
  SqliteDialect,
  type SqliteStatement,
  sql,
  type Transaction,
} from 'kysely';
import pg from 'pg';

export type Dialect = 'sqlite' | 'postgres';

// ---------------------------------------------------------------------------------------------------------
// Tables (column names as in migrations.ts; times are milliseconds since the epoch)

export interface Tables {
  meta: { key: string; value: string };
  areas: { id: number; place: 'a' | 'b' | 'c' | 'd'; description: string; pickup_place: string };
  tenants: {
    id: number;
    name: string;
    code: string;
    description: string;
    official_site_url: string | null;
  };
  tags: { id: number; names: string };
  products: {
    id: number;
    shopify_product_id: string;
    tenant_id: number;
    has_video: number;
    /** JSON: per language, `{ title, descriptionHtml }`. */
    texts: string;
    /** The catalogue version in which the product last changed (catalog-version.ts). */
    changed_in: Generated<number>;
    /** 1 when the product takes のし (熨斗紙). */
    noshi: Generated<number>;
  };
  product_areas: { area_id: number; product_id: number };
  product_tags: { product_id: number; tag_id: number };
  images: { id: number; product_id: number; position: number; style: number };
  variants: VariantRow;
  sessions: {
    id: string;
    wrapping: Generated<number>;
    chat_order: Generated<number>;
    created_at: number;
    updated_at: number;
  };
  cart_lines: {
    line_id: Generated<number>;
    session_id: string;
    product_id: number;
    variant_id: number;
    qty: number;
    receive: 'store' | 'ship';
    /** JSON of the line's gift (the contract's LineGift): のし and a message card; null for none. */
    gift: Generated<string | null>;
  };
  draft_orders: DraftOrderRow;
  orders: {
    alias: string;
    draft_alias: string;
    status: 'paid' | 'fulfilled' | 'cancelled';
    created_at: number;
    data: string;
  };
  shipments: ShipmentRow;
  staff_sessions: { token: string; account: string; created_at: number; last_used: number };
  staff_devices: { token: string; account: string; created_at: number; last_used: number };
  sign_in_failures: { key: string; failures: number; last_at: number };
  rate_windows: { key: string; window_start: number; hits: number };
  limit_events: { key: string; at: number };
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
  /** JSON: `[{ name, value }]` in Japanese. */
  options: string;
}

export interface DraftOrderRow {
  alias: string;
  session_id: string;
  status: 'pending' | 'completed' | 'cancelled';
  lang: string;
  chat_order: number;
  created_at: number;
  expires_at: number;
  /** JSON: the lines, prices and charges the shopper was shown (orders.ts, DraftSnapshot). */
  snapshot: string;
  order_alias_sealed: string | null;
  counter_code: string | null;
  alias_sealed_by_code: string | null;
  code_sealed_by_alias: string | null;
}

export interface ShipmentRow {
  alias: string;
  order_alias: string;
  position: number;
  status: 'awaiting_address' | 'address_received' | 'shipped' | 'delivered';
  lines: string;
  /** The delivery address, sealed with the address key (address-key.ts); null until given or once purged. */
  address: string | null;
  /** What anyone but the buyer sees of the address (prefecture and municipality), kept after the purge. */
  address_summary: string | null;
  updated_at: number;
  shipped_at: number | null;
  /** When the address was last changed after it was first given (the buyer's order page says so); null if never. */
  address_changed_at: number | null;
  alias_sealed: string;
  order_alias_sealed: string;
}

export type Db = Kysely<Tables>;
/** A database handle or an open transaction: every query function takes either. */
export type Executor = Kysely<Tables> | Transaction<Tables>;

export interface Database {
  db: Db;
  dialect: Dialect;
  /** Where it is, for messages: the file, `:memory:`, or the server's host and database (no password). */
  where: string;
  close(): Promise<void>;
}

// ---------------------------------------------------------------------------------------------------------
// Opening

/** Whether a database location names a PostgreSQL server. */
export function isPostgresUrl(location: string): boolean {
  return /^postgres(ql)?:\/\//i.test(location);
}

/** A PostgreSQL URL without its password, for messages and logs. */
function describePostgresUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `postgres://${parsed.username ? `${parsed.username}@` : ''}${parsed.host}${parsed.pathname}`;
  } catch {
    return 'postgres://(unreadable URL)';
  }
}

/** How long a SQLite statement waits for another connection's lock before giving up (SQLITE_BUSY). */
const SQLITE_BUSY_TIMEOUT_MS = 250;

/**
 * node:sqlite as Kysely's SQLite driver expects a database (the shape of better-sqlite3): statements take
 * their parameters as one array, and say whether they return rows. Statements are prepared once per text.
 */
class NodeSqlite implements SqliteDatabase {
  readonly raw: DatabaseSync;
  readonly #statements = new Map<string, SqliteStatement>();

  constructor(raw: DatabaseSync) {
    this.raw = raw;
  }

  close(): void {
    this.raw.close();
  }

  prepare(sql: string): SqliteStatement {
    let statement = this.#statements.get(sql);
    if (statement === undefined) {
      const prepared: StatementSync = this.raw.prepare(sql);
      const params = (parameters: ReadonlyArray<unknown>) => parameters as never[];
      statement = {
        reader: prepared.columns().length > 0,
        all: (parameters) => prepared.all(...params(parameters)),
        run: (parameters) => prepared.run(...params(parameters)),
        iterate: (parameters) => prepared.iterate(...params(parameters)),
      };
      // Statements built from lists of any length are not worth keeping for ever.
      if (this.#statements.size < 500) this.#statements.set(sql, statement);
    }
    return statement;
  }
}

/** Opens (creating the directory of) a SQLite file, or `:memory:`, with a raw handle for file-level work. */
export function openSqlite(path: string): Database & { raw: DatabaseSync } {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const raw = new DatabaseSync(path);
  return sqliteDatabase(raw, path);
}

/** A Database over an open node:sqlite handle (the tests copy seeded ones). */
export function sqliteDatabase(raw: DatabaseSync, where: string): Database & { raw: DatabaseSync } {
  raw.exec('PRAGMA foreign_keys = ON');
  if (where !== ':memory:') {
    raw.exec('PRAGMA journal_mode = WAL');
    raw.exec('PRAGMA synchronous = NORMAL');
    raw.exec(`PRAGMA busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  }
  const db = new Kysely<Tables>({ dialect: new SqliteDialect({ database: new NodeSqlite(raw) }) });
  return { db, dialect: 'sqlite', where, raw, close: () => db.destroy() };
}

// PostgreSQL's BIGINT (times in ms, COUNT(*)) arrives as text by default: every value here is below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export interface PostgresOptions {
  /** Connections this instance may hold (CATALOG_DATABASE_POOL, 10 by default). */
  max?: number;
  /** Close idle connections after this many ms. */
  idleTimeoutMillis?: number;
}

/** Connects to a PostgreSQL server by URL, through a pool. */
export function openPostgres(url: string, options: PostgresOptions = {}): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    idleTimeoutMillis: options.idleTimeoutMillis ?? 30_000,
    connectionTimeoutMillis: 10_000,
    // No statement may hold a connection for ever (a lock wait behind a stuck transaction included).
    statement_timeout: 15_000,
    application_name: 'gift-catalogue-api',
  });
  // An idle connection that breaks (a server restart) must not end the process: the next query reconnects.
  pool.on('error', () => {});
  const db = new Kysely<Tables>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect: 'postgres', where: describePostgresUrl(url), close: () => db.destroy() };
}

/** Opens the database a location names: a postgres:// URL, a SQLite file or `:memory:`. */
export function openDatabase(location: string, options: PostgresOptions = {}): Database {
  return isPostgresUrl(location) ? openPostgres(location, options) : openSqlite(location);
}

// ---------------------------------------------------------------------------------------------------------
// Errors

/** Whether an error is SQLite saying the database is locked by another connection. */
export function isBusyError(error: unknown): boolean {
  const { errcode, message } = (error ?? {}) as { errcode?: number; message?: string };
  return (errcode !== undefined && (errcode & 0xff) === 5) || /database is locked/i.test(message ?? '');
}

/**
 * Whether an error is a conflict that running the transaction again may resolve: PostgreSQL's
 * serialization failure or deadlock, or a unique index another instance filled first.
 */
function isRetryableConflict(error: unknown): boolean {
  const { code, errcode, message } = (error ?? {}) as { code?: string; errcode?: number; message?: string };
  if (code === '40001' || code === '40P01' || code === '23505') return true;
  // SQLite: SQLITE_CONSTRAINT_UNIQUE (2067) or SQLITE_CONSTRAINT_PRIMARYKEY (1555).
  if (errcode === 2067 || errcode === 1555) return true;
  return /UNIQUE constraint failed/i.test(message ?? '');
}

/**
 * Runs `work` in a transaction, again (up to three times) when it fails on a conflict another
 * connection caused (isRetryableConflict); any other error rolls back and is thrown.
 */
export async function inTransaction<T>(db: Db, work: (tx: Transaction<Tables>) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await db.transaction().execute(work);
    } catch (error) {
      if (attempt >= 3 || !isRetryableConflict(error)) throw error;
    }
  }
}

// ---------------------------------------------------------------------------------------------------------
// Start-up

/**
 * Why an existing SQLite file cannot be used, or null when it can. Reads the file without changing it
 * (its header, then a read-only integrity check): a file that is empty, not SQLite, damaged or of a layout
 * from before migrations is never seeded over, since its orders would be lost.
 */
export function sqliteFileProblem(path: string): string | null {
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
    const tables = new Set(
      (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map(
        (row) => row.name,
      ),
    );
    if (tables.has('meta') && !tables.has('kysely_migration')) {
      return 'it holds a catalogue of the layout from before versioned migrations, which this server does not read';
    }
    return null;
  } catch (error) {
    return `it cannot be read (${error instanceof Error ? error.message : String(error)})`;
  } finally {
    db?.close();
  }
}

/** The advisory lock's key that instances starting together take while one migrates or seeds. */
const STARTUP_LOCK = 8_245_219_421;

/**
 * Runs `work` while no other instance starting on the same PostgreSQL database runs its own (an advisory
 * lock held on one connection); on SQLite, where one process serves the file, it just runs it.
 */
export async function withStartupLock<T>(database: Database, work: () => Promise<T>): Promise<T> {
  if (database.dialect !== 'postgres') return work();
  return database.db.connection().execute(async (connection) => {
    await sql`SELECT pg_advisory_lock(${STARTUP_LOCK})`.execute(connection);
    try {
      return await work();
    } finally {
      await sql`SELECT pg_advisory_unlock(${STARTUP_LOCK})`.execute(connection);
    }
  });
}

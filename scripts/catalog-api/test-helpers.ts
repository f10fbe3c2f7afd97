/**
 * Helpers for the catalog API tests: an app over a fresh seeded database, a controllable clock, and a
 * tiny client that keeps the cart cookie like a browser does.
 *
 * The database is the embedded SQLite, or, when CATALOG_TEST_POSTGRES names a PostgreSQL server (the
 * `postgres` database of the throwaway cluster vitest.postgres.config.ts starts), a new database on it
 * copied from a seeded template: the same tests run against both.
 */
import { randomBytes } from 'node:crypto';
import { DatabaseSync } from 'node:sqlite';
import { threadId } from 'node:worker_threads';
import { type RawBuilder, sql } from 'kysely';
import pg from 'pg';
import { inject } from 'vitest';
import { createApp } from './app.ts';
import { type Config, testConfig } from './config.ts';
import { type Database, type Db, openPostgres, sqliteDatabase } from './database.ts';
import type { ImageLimits, Renderer } from './images.ts';
import { seed } from './seed.ts';
import { everyRole, hashPassword } from './staff.ts';

export const TOKEN = testConfig().apiToken;
/** The site's origin in every test app (its public URL's): where the browser's staff requests come from. */
export const SITE_ORIGIN = new URL(testConfig().publicUrl).origin;
/** The staff account every test app has. */
export const STAFF_ACCOUNT = 'staff';
export const STAFF_PASSWORD = 'counter-test-password';
/** At N = 2^14, as hashes made before N = 2^17 were: cheap for the tests, and such hashes keep verifying. */
const STAFF_HASH = hashPassword(STAFF_PASSWORD, { N: 16384 });

/** The PostgreSQL server the tests run against, or undefined for the embedded database. */
const POSTGRES = process.env.CATALOG_TEST_POSTGRES || inject('postgresUrl') || undefined;
export const TEST_DIALECT = POSTGRES === undefined ? 'sqlite' : 'postgres';

/** A clock that only moves when told. */
export class Clock {
  ms: number;
  constructor(start = Date.UTC(2025, 0, 15, 1, 0, 0)) {
    this.ms = start;
  }
  now = (): number => this.ms;
  advance(seconds: number): void {
    this.ms += seconds * 1000;
  }
}

const sqliteTemplates = new Map<number, Promise<Uint8Array>>();
const postgresTemplates = new Map<number, Promise<string>>();
let postgresAdmin: pg.Pool | undefined;
let databaseCount = 0;
/**
 * This module's own part of the names: a thread runs test file after test file, each evaluating this module
 * afresh (vitest.postgres.config.ts), so the count alone would give the next file the names of the last.
 */
const evaluation = randomBytes(4).toString('hex');

/** A name for a database of this test file. */
function databaseName(kind: string): string {
  databaseCount += 1;
  return `${kind}_${process.pid}_${threadId}_${evaluation}_${databaseCount}`;
}

function postgresUrlOf(database: string): string {
  const url = new URL(POSTGRES as string);
  url.pathname = `/${database}`;
  return url.href;
}

function admin(): pg.Pool {
  postgresAdmin ??= new pg.Pool({ connectionString: POSTGRES, max: 1, allowExitOnIdle: true });
  return postgresAdmin;
}

/**
 * Creates a database on the test server, copying its template's files: PostgreSQL's default copy writes
 * every block of the template through the write-ahead log, about three times the server's CPU for the
 * tests' small databases (docs/performance.md, "The API tests on PostgreSQL").
 */
async function createDatabase(name: string, template = 'template1'): Promise<void> {
  await admin().query(`CREATE DATABASE ${name} TEMPLATE ${template} STRATEGY FILE_COPY`);
}

/** A new, empty database: a SQLite one in memory, or a new database on the test server. */
export async function emptyDatabase(): Promise<Database> {
  if (POSTGRES === undefined) return sqliteDatabase(new DatabaseSync(':memory:'), ':memory:');
  const name = databaseName('empty');
  await createDatabase(name);
  return openPostgres(postgresUrlOf(name), { max: 4, idleTimeoutMillis: 1000 });
}

/** A database seeded with `products` products (seeded once per size and process, then copied). */
export async function seededDatabase(products = 100): Promise<Database> {
  if (POSTGRES === undefined) {
    let image = sqliteTemplates.get(products);
    if (image === undefined) {
      image = (async () => {
        const template = sqliteDatabase(new DatabaseSync(':memory:'), ':memory:');
        await seed(template, { products });
        const bytes = template.raw.serialize();
        await template.close();
        return bytes;
      })();
      sqliteTemplates.set(products, image);
    }
    const raw = new DatabaseSync(':memory:');
    raw.deserialize(await image);
    return sqliteDatabase(raw, ':memory:');
  }
  let template = postgresTemplates.get(products);
  if (template === undefined) {
    template = (async () => {
      const name = databaseName(`seed${products}`);
      await createDatabase(name);
      const database = openPostgres(postgresUrlOf(name), { max: 2 });
      await seed(database, { products });
      // A template is copied only while nobody is connected to it.
      await database.close();
      return name;
    })();
    postgresTemplates.set(products, template);
  }
  const name = databaseName('test');
  await createDatabase(name, await template);
  return openPostgres(postgresUrlOf(name), { max: 4, idleTimeoutMillis: 1000 });
}

/** The URL of a database of the PostgreSQL test server (a second pool's, or a server process's). */
export function postgresUrl(database: Database): string {
  if (POSTGRES === undefined || database.dialect !== 'postgres')
    throw new Error('not a PostgreSQL test database');
  return postgresUrlOf(new URL(database.where).pathname.slice(1));
}

/**
 * The same database as another API instance reaches it: on PostgreSQL a pool of its own, on SQLite the
 * same handle (an in-memory database is one connection's).
 */
export function sameDatabase(database: Database): Database {
  if (database.dialect !== 'postgres') return database;
  return openPostgres(postgresUrl(database), { max: 4, idleTimeoutMillis: 1000 });
}

/** Runs SQL written with `?` placeholders (the tests' own edits and reads of the data), on either database. */
export async function query<Row = Record<string, unknown>>(
  db: Db,
  text: string,
  ...params: unknown[]
): Promise<Row[]> {
  const parts = text.split('?');
  let built: RawBuilder<unknown> = sql.raw(parts[0] ?? '');
  parts.slice(1).forEach((part, index) => {
    built = sql`${built}${params[index]}${sql.raw(part)}`;
  });
  const result = await built.execute(db);
  return result.rows as Row[];
}

export interface TestApp {
  app: Awaited<ReturnType<typeof createApp>>;
  database: Database;
  db: Db;
  clock: Clock;
  config: Config;
  errors: unknown[];
  /** SQL with `?` placeholders against this app's database. */
  query<Row = Record<string, unknown>>(text: string, ...params: unknown[]): Promise<Row[]>;
}

export async function makeApp(
  options: {
    products?: number;
    /** A database to serve instead of a freshly seeded one. */
    database?: Database;
    config?: Partial<Config>;
    random?: () => number;
    imageLimits?: Partial<ImageLimits>;
    renderImage?: Renderer;
    newCounterCode?: () => string;
    clock?: Clock;
  } = {},
): Promise<TestApp> {
  const database = options.database ?? (await seededDatabase(options.products ?? 100));
  const clock = options.clock ?? new Clock();
  const config = testConfig({
    staffAccounts: new Map([[STAFF_ACCOUNT, everyRole(STAFF_HASH)]]),
    ...options.config,
  });
  const errors: unknown[] = [];
  const app = await createApp({
    database,
    config,
    now: clock.now,
    ...(options.random ? { random: options.random } : {}),
    ...(options.imageLimits ? { imageLimits: options.imageLimits } : {}),
    ...(options.renderImage ? { renderImage: options.renderImage } : {}),
    ...(options.newCounterCode ? { newCounterCode: options.newCounterCode } : {}),
    onError: (error) => errors.push(error),
  });
  return {
    app,
    database,
    db: database.db,
    clock,
    config,
    errors,
    query: (text, ...params) => query(database.db, text, ...params),
  };
}

const staffCookies = new WeakMap<object, Promise<string>>();

/** Signs staff in (once per app) and gives the `Cookie` header value that carries their session. */
export function staffCookie(app: TestApp['app']): Promise<string> {
  let cookie = staffCookies.get(app);
  if (cookie === undefined) {
    cookie = Promise.resolve(
      app.request('/store/signin', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: SITE_ORIGIN },
        body: new URLSearchParams({ account: STAFF_ACCOUNT, password: STAFF_PASSWORD }).toString(),
      }),
    ).then((response) => {
      const pair = response.headers.get('set-cookie')?.split(';')[0];
      if (response.status !== 303 || !pair) throw new Error(`staff sign-in failed: ${response.status}`);
      return pair;
    });
    staffCookies.set(app, cookie);
  }
  return cookie;
}

/** The headers of a staff request from the site's own pages: the session cookie and the page's Origin. */
export async function staffHeaders(app: TestApp['app']): Promise<Record<string, string>> {
  return { Cookie: await staffCookie(app), Origin: SITE_ORIGIN };
}

export interface CallResult {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed JSON body (undefined when not JSON). */
  body: unknown;
}

export interface CallOptions {
  body?: unknown;
  /** Sent as-is (not JSON-encoded). */
  rawBody?: string;
  headers?: Record<string, string>;
  token?: string | null;
}

/**
 * A client with a cookie jar (the cart session), like one browser on the site's pages: it names the site's
 * origin on every request but GET and HEAD, as browsers do (a test may override it).
 */
export class Client {
  readonly app: TestApp['app'];
  cookie: string | null = null;

  constructor(app: TestApp['app']) {
    this.app = app;
  }

  async call(method: string, path: string, options: CallOptions = {}): Promise<CallResult> {
    const headers = new Headers(options.headers ?? {});
    if (method !== 'GET' && method !== 'HEAD' && !headers.has('Origin')) headers.set('Origin', SITE_ORIGIN);
    const token = options.token === undefined ? TOKEN : options.token;
    if (token !== null) headers.set('X-Api-Token', token);
    if (this.cookie !== null) {
      const extra = headers.get('Cookie');
      headers.set('Cookie', extra ? `${this.cookie}; ${extra}` : this.cookie);
    }
    let body: string | undefined;
    if (options.rawBody !== undefined) body = options.rawBody;
    else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
    }
    const response = await this.app.request(path, {
      method,
      headers,
      ...(body !== undefined ? { body } : {}),
    });
    const setCookie = response.headers.get('set-cookie');
    if (setCookie) {
      const pair = setCookie.split(';')[0];
      if (pair) this.cookie = pair;
    }
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text === '' ? undefined : JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    return { status: response.status, headers: response.headers, text, body: parsed };
  }
}

export interface VariantRow {
  productId: number;
  variantId: number;
  price: number;
  totalStock: number;
  stockInShop: number;
}

/** The first variant (by id) matching an SQL condition; throws when none does. */
export async function findVariant(t: Pick<TestApp, 'query'>, where: string): Promise<VariantRow> {
  const [row] = await t.query<VariantRow>(
    `SELECT product_id AS "productId", id AS "variantId", price, total_stock AS "totalStock", stock_in_shop AS "stockInShop"
     FROM variants WHERE ${where} ORDER BY id LIMIT 1`,
  );
  if (!row) throw new Error(`no variant where ${where}`);
  return { ...row };
}

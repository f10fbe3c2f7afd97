/**
 * Helpers for the catalog API tests: an app over a fresh in-memory database, a controllable clock, and a
 * tiny client that keeps the cart cookie like a browser does.
 */
import type { DatabaseSync } from 'node:sqlite';
import { createApp } from './app.ts';
import { type Config, testConfig } from './config.ts';
import { openDatabase } from './db.ts';
import type { ImageLimits } from './images.ts';
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

/** A clock that only moves when told. */
class Clock {
  ms: number;
  constructor(start = Date.UTC(2025, 0, 15, 1, 0, 0)) {
    this.ms = start;
  }
  now = (): number => this.ms;
  advance(seconds: number): void {
    this.ms += seconds * 1000;
  }
}

const seededTemplates = new Map<number, Uint8Array>();

/** A database seeded with `products` products (seeded once per size, then copied). */
export function seededDb(products = 100): DatabaseSync {
  let image = seededTemplates.get(products);
  if (!image) {
    const template = openDatabase(':memory:');
    seed(template, { products });
    image = template.serialize();
    template.close();
    seededTemplates.set(products, image);
  }
  const db = openDatabase(':memory:');
  db.deserialize(image);
  db.exec('PRAGMA foreign_keys = ON');
  return db;
}

export interface TestApp {
  app: ReturnType<typeof createApp>;
  db: DatabaseSync;
  clock: Clock;
  config: Config;
  errors: unknown[];
}

export function makeApp(
  options: {
    products?: number;
    /** A database to serve instead of a freshly seeded one. */
    db?: DatabaseSync;
    config?: Partial<Config>;
    random?: () => number;
    imageLimits?: Partial<ImageLimits>;
    newCounterCode?: () => string;
  } = {},
): TestApp {
  const db = options.db ?? seededDb(options.products ?? 100);
  const clock = new Clock();
  const config = testConfig({
    staffAccounts: new Map([[STAFF_ACCOUNT, everyRole(STAFF_HASH)]]),
    ...options.config,
  });
  const errors: unknown[] = [];
  const app = createApp({
    db,
    config,
    now: clock.now,
    ...(options.random ? { random: options.random } : {}),
    ...(options.imageLimits ? { imageLimits: options.imageLimits } : {}),
    ...(options.newCounterCode ? { newCounterCode: options.newCounterCode } : {}),
    logError: (error) => errors.push(error),
  });
  return { app, db, clock, config, errors };
}

const staffCookies = new WeakMap<object, Promise<string>>();

/** Signs staff in (once per app) and gives the `Cookie` header value that carries their session. */
export function staffCookie(app: ReturnType<typeof createApp>): Promise<string> {
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
export async function staffHeaders(app: ReturnType<typeof createApp>): Promise<Record<string, string>> {
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
  readonly app: ReturnType<typeof createApp>;
  cookie: string | null = null;

  constructor(app: ReturnType<typeof createApp>) {
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

/** The first variant (by id) matching an SQL condition on the variants table; throws when none does. */
export function findVariant(db: DatabaseSync, where: string): VariantRow {
  const row = db
    .prepare(
      `SELECT product_id AS productId, id AS variantId, price, total_stock AS totalStock, stock_in_shop AS stockInShop
       FROM variants WHERE ${where} ORDER BY id LIMIT 1`,
    )
    .get() as VariantRow | undefined;
  if (!row) throw new Error(`no variant where ${where}`);
  return { ...row };
}

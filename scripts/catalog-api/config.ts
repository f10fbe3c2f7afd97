/**
 * Configuration of the reference catalog API, read from the environment (CLI flags in main.ts override some).
 *
 * | Variable                 | Default                        | Meaning |
 * |--------------------------|--------------------------------|---------|
 * | CATALOG_API_HOST         | 127.0.0.1                      | Interface to listen on. |
 * | CATALOG_API_PORT         | 8787                           | Port to listen on (`--port N`). |
 * | CATALOG_DATABASE_URL     | (none)                         | A PostgreSQL server (`postgres://user:password@host:5432/db`): the production database, shared by any number of API instances. Without it, the embedded SQLite file of CATALOG_API_DB. |
 * | CATALOG_DATABASE_POOL    | 10                             | Connections one API instance holds to PostgreSQL at most. |
 * | CATALOG_API_DB           | .data/catalog.sqlite           | The embedded SQLite file when CATALOG_DATABASE_URL is unset; created and seeded on first start if missing (`--db PATH`, `--reset` reseeds). Rendered pictures are kept beside it in `<file>.images/`, emptied when it is seeded. |
 * | CATALOG_ADDRESS_KEYS     | (demo: a key file beside the data) | Keys that seal delivery addresses at rest, `id:key,…`, the first sealing (address-key.ts; `npm run api -- --new-address-key`). Required in production mode. |
 * | CATALOG_ADDRESS_RETENTION_DAYS | 30                       | Days after a shipment is marked shipped before its address is deleted (its prefecture and municipality stay). |
 * | CATALOG_BAG_MAX_LINES    | 50                             | Lines a bag may hold; a new line past it is refused with 409 BAG_FULL. |
 * | CATALOG_QR_PER_MINUTE    | 5                              | QR codes a bag may issue a minute; past it, 429. |
 * | CATALOG_LOG_LEVEL        | info                           | The JSON log's level: fatal, error, warn, info, debug, trace or silent. |
 * | CATALOG_API_TOKEN        | gift-catalogue-public-token    | Required in `X-Api-Token` on every /catalog/* call (401 otherwise). An identifier, not a secret. |
 * | CATALOG_API_MODE         | demo                           | `production` refuses to start without CATALOG_STAFF_ACCOUNTS; `demo` (the local `npm start`) creates a demo staff account and prints it. |
 * | CATALOG_STAFF_ACCOUNTS   | (none)                         | Staff accounts: `name:roles:hash[,…]`, roles `counter`, `editor` or `counter+editor`, each hash from `npm run api -- --hash-password` (staff.ts; the first format, `name:hash`, keeps both roles). |
 * | CATALOG_DEMO_STAFF_PASSWORD | (random)                    | Demo mode only, without accounts: the password of the demo account `staff` (tests set it). |
 * | CATALOG_PUBLIC_URL       | http://localhost:4321/api      | Absolute base of every URL the API hands out (images, logos, videos, urlForQrCode): browsers reach the API through the site's /api proxy. |
 * | DRAFT_ORDER_TTL_SECONDS  | 900                            | Time limit of a QR draft order. |
 * | SHIPPING_CHARGE          | 880                            | Shipping charge (yen) when a line is shipped and the subtotal is under FREE_SHIPPING_FROM. |
 * | FREE_SHIPPING_FROM       | 11000                          | Subtotal (yen) from which shipping is free. |
 * | WRAPPING_FEE             | 330                            | Gift-wrapping fee (yen) per bag. |
 * | CATALOG_NOSHI_TITLES     | 御歳暮,御中元,内祝,御礼,御祝,寿,志,無地 | The 表書き the store prints on のし, comma-separated, in the order the bag offers them (each 1–20 characters). |
 * | SEED_PRODUCTS            | 100                            | Number of products seeded into a new database (`--products N`). |
 * | CATALOG_IMAGE_CACHE_DIR  | (beside the database)          | A folder for the rendered pictures that outlives the database: never emptied by a reseed (each file is named by its drawing's digest), so test runs share one (scripts/tools/picture-cache.mjs). |
 * | CATALOG_RENDER_AHEAD     | 1                              | `0` leaves the catalogue's pictures to be rendered on request: no background renders from the start (the tools that only build the site set it). |
 * | CATALOG_TEST_SWITCHES    | (off)                          | `1` registers the test switches (`/__faults`, `/__test/…`), demo mode only: without it (and always in production mode) those paths do not exist. |
 * | CATALOG_API_FAULTS       | (none)                         | Fault rules at start, JSON of the `PUT /__faults` body: `{"rules":[{"path":"^/catalog/products","status":503,"probability":0.1}]}`. Needs CATALOG_TEST_SWITCHES=1. |
 * | CATALOG_WRITE_LIMIT      | 300                            | Writes (anything but GET and HEAD) to /catalog/* one bag may make per minute; past it, 429. |
 * | CATALOG_NEW_BAG_LIMIT    | 600                            | Writes without a bag (each may start one) one client address may make per minute: a store's Wi-Fi or a carrier's address serves hundreds of shoppers. |
 * | CATALOG_CLIENT_WRITE_LIMIT | 6000                         | Writes to /catalog/* one client address may make per minute, whatever the bags: a backstop sized for a few hundred shoppers behind one address. |
 * | CATALOG_TRUSTED_PROXIES  | loopback                       | Proxies whose X-Forwarded-For and X-Forwarded-Proto are believed: addresses and CIDR ranges, comma-separated (`loopback,10.0.0.0/8`), or `none` (client-address.ts). |
 * | CATALOG_CLIENT_IP_HEADER | (none)                         | A header a trusted proxy names the client in, believed before X-Forwarded-For: `x-nf-client-connection-ip` behind Netlify. |
 * | CATALOG_PROXY_SIGNING_SECRET | (none)                     | The secret of Netlify's signed proxy (proxy-signature.ts): a request whose `x-nf-sign` verifies with it is believed as a trusted proxy's. 32 characters at least. |
 */
import { DEFAULT_NOSHI_TITLES, hasControl } from '../../src/features/bag/gift-rules.ts';
import { type AddressKey, parseAddressKeys } from './address-key.ts';
import { overBroadTrust, parseClientIpHeader, parseTrustedProxies } from './client-address.ts';
import { isPostgresUrl } from './database.ts';
import { type FaultRule, parseFaultRules } from './faults.ts';
import { parseStaffAccounts, type StaffAccount } from './staff.ts';

export interface Config {
  host: string;
  port: number;
  /** The embedded SQLite file (or `:memory:`), used when `databaseUrl` is null. */
  dbPath: string;
  /** A PostgreSQL URL, or null for the embedded database. */
  databaseUrl: string | null;
  /** Connections one instance holds to PostgreSQL at most. */
  databasePool: number;
  /** Keys sealing delivery addresses (the first seals); empty until main.ts gives the demo its key file. */
  addressKeys: AddressKey[];
  addressRetentionDays: number;
  bagMaxLines: number;
  qrIssuesPerMinute: number;
  logLevel: LogLevel;
  apiToken: string;
  mode: 'demo' | 'production';
  /** Staff account name → its scrypt hash and roles (staff.ts). */
  staffAccounts: Map<string, StaffAccount>;
  /** Without a trailing slash. */
  publicUrl: string;
  draftOrderTtlSeconds: number;
  shippingCharge: number;
  freeShippingFrom: number;
  wrappingFee: number;
  /** The 表書き the store prints on のし, in the order the bag offers them. */
  noshiTitles: readonly string[];
  seedProducts: number;
  /** Writes to /catalog/* per bag per minute. */
  writeLimitPerMinute: number;
  /** Writes without a bag per client address per minute. */
  newBagWritesPerMinute: number;
  /** Writes to /catalog/* per client address per minute (the backstop). */
  clientWriteLimitPerMinute: number;
  faults: FaultRule[];
  /** Whether the test switches (`/__faults`, `/__test/…`) are registered: demo mode with CATALOG_TEST_SWITCHES=1. */
  testSwitches: boolean;
  /**
   * Directory of the rendered-image disk cache; null keeps rendered images in memory only. From the
   * environment, a shared folder (CATALOG_IMAGE_CACHE_DIR); otherwise main.ts sets it beside the database.
   */
  imageCacheDir: string | null;
  /** Whether main.ts renders every catalogue picture's standard sizes in the background from the start. */
  renderAhead: boolean;
  /** CIDR ranges of the proxies whose forwarding headers are believed (client-address.ts). */
  trustedProxies: readonly string[];
  /** The header a trusted proxy names the client in (lower case), or null. */
  clientIpHeader: string | null;
  /** The secret Netlify's signed proxy signs `x-nf-sign` with, or null. */
  proxySigningSecret: string | null;
}

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

const DEFAULT_CONFIG: Readonly<Config> = Object.freeze({
  host: '127.0.0.1',
  port: 8787,
  dbPath: '.data/catalog.sqlite',
  databaseUrl: null,
  databasePool: 10,
  addressKeys: [],
  addressRetentionDays: 30,
  bagMaxLines: 50,
  qrIssuesPerMinute: 5,
  logLevel: 'info' as LogLevel,
  apiToken: 'gift-catalogue-public-token',
  mode: 'demo',
  staffAccounts: new Map<string, StaffAccount>(),
  publicUrl: 'http://localhost:4321/api',
  draftOrderTtlSeconds: 900,
  shippingCharge: 880,
  freeShippingFrom: 11000,
  wrappingFee: 330,
  noshiTitles: DEFAULT_NOSHI_TITLES,
  seedProducts: 100,
  writeLimitPerMinute: 300,
  newBagWritesPerMinute: 600,
  clientWriteLimitPerMinute: 6000,
  faults: [],
  testSwitches: false,
  imageCacheDir: null,
  renderAhead: true,
  trustedProxies: parseTrustedProxies('loopback'),
  clientIpHeader: null,
  proxySigningSecret: null,
});

type Env = Record<string, string | undefined>;

/** The store's 表書き (CATALOG_NOSHI_TITLES), or the default list. */
function parseNoshiTitles(raw: string | undefined): readonly string[] {
  if (raw === undefined || raw.trim() === '') return DEFAULT_NOSHI_TITLES;
  const titles = [...new Set(raw.split(',').map((title) => title.trim()))];
  if (titles.some((title) => title === '' || [...title].length > 20 || hasControl(title))) {
    throw new Error('CATALOG_NOSHI_TITLES must be 表書き of 1 to 20 characters, comma-separated');
  }
  return titles;
}

function intVar(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  if (!/^\d+$/.test(raw.trim())) throw new Error(`${name} must be an integer, got ${JSON.stringify(raw)}`);
  const value = Number(raw.trim());
  if (value < min || value > max) throw new Error(`${name} must be between ${min} and ${max}, got ${value}`);
  return value;
}

function strVar(env: Env, name: string, fallback: string): string {
  const raw = env[name];
  return raw === undefined || raw.trim() === '' ? fallback : raw.trim();
}

/** Builds the configuration from environment variables; throws with the variable named when one is invalid. */
export function loadConfig(env: Env = process.env): Config {
  const publicUrl = strVar(env, 'CATALOG_PUBLIC_URL', DEFAULT_CONFIG.publicUrl).replace(/\/+$/, '');
  try {
    const url = new URL(publicUrl);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('not http(s)');
  } catch {
    throw new Error(`CATALOG_PUBLIC_URL must be an absolute http(s) URL, got ${JSON.stringify(publicUrl)}`);
  }
  const mode = strVar(env, 'CATALOG_API_MODE', 'demo');
  if (mode !== 'demo' && mode !== 'production') {
    throw new Error(`CATALOG_API_MODE must be demo or production, got ${JSON.stringify(mode)}`);
  }
  const switches = strVar(env, 'CATALOG_TEST_SWITCHES', '0');
  if (switches !== '0' && switches !== '1') {
    throw new Error(`CATALOG_TEST_SWITCHES must be 1 or unset, got ${JSON.stringify(switches)}`);
  }
  const testSwitches = switches === '1';
  if (testSwitches && mode === 'production') {
    throw new Error(
      'CATALOG_TEST_SWITCHES is refused in production mode: test switches never run in production',
    );
  }
  let faults: FaultRule[] = [];
  const { CATALOG_API_FAULTS: faultsRaw } = env;
  if (faultsRaw !== undefined && faultsRaw.trim() !== '') {
    if (!testSwitches)
      throw new Error('CATALOG_API_FAULTS is a test switch: it needs CATALOG_TEST_SWITCHES=1');
    let parsed: unknown;
    try {
      parsed = JSON.parse(faultsRaw);
    } catch {
      throw new Error('CATALOG_API_FAULTS must be JSON like {"rules":[...]}');
    }
    const result = parseFaultRules(parsed);
    if (!result.ok) throw new Error(`CATALOG_API_FAULTS: ${result.message}`);
    faults = result.rules;
  }
  const renderAhead = strVar(env, 'CATALOG_RENDER_AHEAD', '1');
  if (renderAhead !== '0' && renderAhead !== '1') {
    throw new Error(`CATALOG_RENDER_AHEAD must be 0 or 1, got ${JSON.stringify(renderAhead)}`);
  }
  const databaseUrl = strVar(env, 'CATALOG_DATABASE_URL', '');
  if (databaseUrl !== '' && !isPostgresUrl(databaseUrl)) {
    throw new Error('CATALOG_DATABASE_URL must be a postgres:// URL (unset it for the embedded database)');
  }
  const addressKeys = parseAddressKeys(env.CATALOG_ADDRESS_KEYS ?? '');
  if (mode === 'production' && addressKeys.length === 0) {
    throw new Error(
      'CATALOG_ADDRESS_KEYS is required in production mode: delivery addresses are sealed with it ' +
        '(make one with npm run api -- --new-address-key)',
    );
  }
  const logLevel = strVar(env, 'CATALOG_LOG_LEVEL', 'info') as LogLevel;
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new Error(
      `CATALOG_LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got ${JSON.stringify(logLevel)}`,
    );
  }
  const trustedProxies = parseTrustedProxies(strVar(env, 'CATALOG_TRUSTED_PROXIES', 'loopback'));
  const broad = overBroadTrust(trustedProxies);
  if (mode === 'production' && broad !== null) {
    throw new Error(
      `CATALOG_TRUSTED_PROXIES: ${broad} takes in the public internet, whose callers could then choose the ` +
        'address they are counted as; name the proxies, or behind Netlify use CATALOG_PROXY_SIGNING_SECRET',
    );
  }
  const signingSecret = strVar(env, 'CATALOG_PROXY_SIGNING_SECRET', '');
  if (signingSecret !== '' && signingSecret.length < 32) {
    throw new Error('CATALOG_PROXY_SIGNING_SECRET must be 32 characters at least');
  }
  const staffAccounts = parseStaffAccounts(env.CATALOG_STAFF_ACCOUNTS ?? '');
  if (mode === 'production' && staffAccounts.size === 0) {
    throw new Error(
      'CATALOG_STAFF_ACCOUNTS is required in production mode: staff must sign in with their own ' +
        'credentials (make a hash with npm run api -- --hash-password)',
    );
  }
  return {
    host: strVar(env, 'CATALOG_API_HOST', DEFAULT_CONFIG.host),
    port: intVar(env, 'CATALOG_API_PORT', DEFAULT_CONFIG.port, 0, 65535),
    dbPath: strVar(env, 'CATALOG_API_DB', DEFAULT_CONFIG.dbPath),
    databaseUrl: databaseUrl === '' ? null : databaseUrl,
    databasePool: intVar(env, 'CATALOG_DATABASE_POOL', DEFAULT_CONFIG.databasePool, 1, 1000),
    addressKeys,
    addressRetentionDays: intVar(
      env,
      'CATALOG_ADDRESS_RETENTION_DAYS',
      DEFAULT_CONFIG.addressRetentionDays,
      1,
      3650,
    ),
    bagMaxLines: intVar(env, 'CATALOG_BAG_MAX_LINES', DEFAULT_CONFIG.bagMaxLines, 1, 500),
    qrIssuesPerMinute: intVar(env, 'CATALOG_QR_PER_MINUTE', DEFAULT_CONFIG.qrIssuesPerMinute, 1, 1000),
    logLevel,
    apiToken: strVar(env, 'CATALOG_API_TOKEN', DEFAULT_CONFIG.apiToken),
    mode,
    staffAccounts,
    publicUrl,
    draftOrderTtlSeconds: intVar(
      env,
      'DRAFT_ORDER_TTL_SECONDS',
      DEFAULT_CONFIG.draftOrderTtlSeconds,
      1,
      86400,
    ),
    shippingCharge: intVar(env, 'SHIPPING_CHARGE', DEFAULT_CONFIG.shippingCharge, 0, 1_000_000),
    freeShippingFrom: intVar(env, 'FREE_SHIPPING_FROM', DEFAULT_CONFIG.freeShippingFrom, 0, 100_000_000),
    wrappingFee: intVar(env, 'WRAPPING_FEE', DEFAULT_CONFIG.wrappingFee, 0, 1_000_000),
    noshiTitles: parseNoshiTitles(env.CATALOG_NOSHI_TITLES),
    seedProducts: intVar(env, 'SEED_PRODUCTS', DEFAULT_CONFIG.seedProducts, 1, 1_000_000),
    writeLimitPerMinute: intVar(env, 'CATALOG_WRITE_LIMIT', DEFAULT_CONFIG.writeLimitPerMinute, 1, 1_000_000),
    newBagWritesPerMinute: intVar(
      env,
      'CATALOG_NEW_BAG_LIMIT',
      DEFAULT_CONFIG.newBagWritesPerMinute,
      1,
      1_000_000,
    ),
    clientWriteLimitPerMinute: intVar(
      env,
      'CATALOG_CLIENT_WRITE_LIMIT',
      DEFAULT_CONFIG.clientWriteLimitPerMinute,
      1,
      10_000_000,
    ),
    faults,
    testSwitches,
    imageCacheDir: env.CATALOG_IMAGE_CACHE_DIR || null,
    renderAhead: renderAhead === '1',
    trustedProxies,
    clientIpHeader: parseClientIpHeader(env.CATALOG_CLIENT_IP_HEADER),
    proxySigningSecret: signingSecret === '' ? null : signingSecret,
  };
}

/** Where the rendered pictures of the database at `dbPath` are kept: `<file>.images/` beside it. */
export function imageCacheDirOf(dbPath: string): string {
  return `${dbPath}.images`;
}

/** The address key of every test configuration (a fixed one: tests read what it sealed). */
const TEST_ADDRESS_KEYS = parseAddressKeys(`test:${Buffer.alloc(32, 7).toString('base64url')}`);

/** A configuration for tests: the defaults, in-memory everything, with overrides. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...DEFAULT_CONFIG,
    dbPath: ':memory:',
    faults: [],
    staffAccounts: new Map(),
    addressKeys: TEST_ADDRESS_KEYS,
    logLevel: 'silent',
    ...overrides,
  };
}

/**
 * The reference catalog API: `npm run api` (node scripts/catalog-api/main.ts).
 *
 *   --products N   products to seed into a new (or --reset) database (default SEED_PRODUCTS, 100)
 *   --db PATH      the embedded SQLite file (default CATALOG_API_DB, .data/catalog.sqlite); `:memory:` for a
 *                  throwaway one. CATALOG_DATABASE_URL=postgres://… names a PostgreSQL server instead.
 *   --reset        drop everything and reseed, even when the database exists
 *   --port N       port (default CATALOG_API_PORT, 8787)
 *   --migrate      apply the database's pending migrations and exit
 *   --hash-password        read a staff password from standard input and print its hash for CATALOG_STAFF_ACCOUNTS
 *   --new-address-key ID   print a new key line for CATALOG_ADDRESS_KEYS
 *   --rotate-address-keys  seal every stored address again with the first key of CATALOG_ADDRESS_KEYS, and exit
 *
 * Staff sign in with accounts from CATALOG_STAFF_ACCOUNTS (counter staff, editors, or both). Without any,
 * the demo mode (the default, what `npm start` runs) creates the account `staff`, with both roles and a
 * random password (or CATALOG_DEMO_STAFF_PASSWORD), and prints it; CATALOG_API_MODE=production refuses to
 * start instead, and without CATALOG_ADDRESS_KEYS too. In demo mode without address keys, one is made and
 * kept in a file beside the data (`<database file>.address-key`, or `.data/address-key` for PostgreSQL).
 *
 * The database is migrated at start, and created and seeded when it holds no catalogue. Asking for a
 * different --products than the database holds reseeds it. Environment variables: see config.ts.
 *
 * Rendered pictures are kept on disk beside the database, in `<database file>.images/` (emptied whenever
 * the database is seeded), or for `:memory:` and PostgreSQL in a fresh temporary directory removed when
 * the server stops; or, named by CATALOG_IMAGE_CACHE_DIR, in a folder left as it is (test runs and API
 * instances may share one). From the start, every standard render of the catalogue's pictures is put there in the
 * background (images.ts, `renderAhead`), so the first visitors' pictures come from disk.
 *
 * SIGTERM and SIGINT shut down gracefully: /readyz answers 503, no new connection is taken, requests under
 * way finish (10 s at most), then the database's connections close.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { serve } from '@hono/node-server';
import { AddressVault, newAddressKey, parseAddressKeys, rotateAddressKeys } from './address-key.ts';
import { createApp } from './app.ts';
import { imageCacheDirOf, loadConfig } from './config.ts';
import { openDatabase, sqliteFileProblem, withStartupLock } from './database.ts';
import { createLogger } from './log.ts';
import { migrateToLatest } from './migrations.ts';
import { seed, seedInfo } from './seed.ts';
import { everyRole, hashPassword } from './staff.ts';
import { Store } from './store.ts';

function fail(message: string): never {
  console.error(`catalog API: ${message}`);
  process.exit(2);
}

function positiveInt(name: string, raw: string | undefined, max: number): number | undefined {
  if (raw === undefined) return undefined;
  if (!/^\d+$/.test(raw) || Number(raw) < 1 || Number(raw) > max)
    fail(`${name} must be an integer from 1 to ${max}`);
  return Number(raw);
}

let args: ReturnType<typeof parseArgs<{ options: typeof OPTIONS }>>;
const OPTIONS = {
  products: { type: 'string' },
  db: { type: 'string' },
  reset: { type: 'boolean', default: false },
  port: { type: 'string' },
  help: { type: 'boolean', short: 'h', default: false },
  migrate: { type: 'boolean', default: false },
  'hash-password': { type: 'boolean', default: false },
  'new-address-key': { type: 'string' },
  'rotate-address-keys': { type: 'boolean', default: false },
} as const;
try {
  args = parseArgs({ options: OPTIONS, strict: true, allowPositionals: false });
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
if (args.values.help) {
  console.log(
    'usage: node scripts/catalog-api/main.ts [--products N] [--db PATH] [--reset] [--port N] | --migrate | ' +
      '--hash-password | --new-address-key ID | --rotate-address-keys',
  );
  process.exit(0);
}
if (args.values['hash-password']) {
  // The password comes on standard input, never as an argument (which would land in the shell history).
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const password = Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
  if (password.length < 12) fail('a staff password needs at least 12 characters');
  console.log(hashPassword(password));
  process.exit(0);
}

if (args.values['new-address-key'] !== undefined) {
  try {
    console.log(newAddressKey(args.values['new-address-key']));
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  process.exit(0);
}

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
if (config.staffAccounts.size === 0) {
  // Demo mode only (production refused to load above): one account for trying the store counter locally.
  const password = process.env.CATALOG_DEMO_STAFF_PASSWORD?.trim() || randomBytes(12).toString('base64url');
  config.staffAccounts.set('staff', everyRole(hashPassword(password)));
  console.log(
    `catalog API: DEMO staff sign-in for the store counter: account "staff", password "${password}". ` +
      'Demo only: a deployment sets CATALOG_STAFF_ACCOUNTS and CATALOG_API_MODE=production.',
  );
}
const unsplit = [...config.staffAccounts].filter(([, account]) => account.legacy).map(([name]) => name);
if (unsplit.length > 0) {
  console.warn(
    `catalog API: staff accounts without roles (${unsplit.join(', ')}) keep both, counter and editor, as ` +
      'before. Give each its roles in CATALOG_STAFF_ACCOUNTS (name:counter:hash, name:editor:hash or ' +
      'name:counter+editor:hash), so that counter staff cannot rename products or publish.',
  );
}
const products = positiveInt('--products', args.values.products, 1_000_000);
const port = args.values.port === '0' ? 0 : positiveInt('--port', args.values.port, 65535);
if (args.values.db !== undefined) config.dbPath = args.values.db;
if (port !== undefined) config.port = port;
const postgres = config.databaseUrl !== null;
const inMemory = !postgres && config.dbPath === ':memory:';
if (!postgres && !inMemory) config.dbPath = resolve(config.dbPath);
// A shared folder (CATALOG_IMAGE_CACHE_DIR) outlives the database: never emptied, never deleted here.
const sharedImages = config.imageCacheDir !== null;
const imageCacheDir =
  config.imageCacheDir ??
  (postgres || inMemory ? mkdtempSync(join(tmpdir(), 'catalog-images-')) : imageCacheDirOf(config.dbPath));
config.imageCacheDir = imageCacheDir;
// However the process ends, a temporary folder of pictures goes with it.
if ((postgres || inMemory) && !sharedImages) {
  // A picture still being written as the process ends makes a folder "not empty" for a moment: retried.
  process.on('exit', () =>
    rmSync(imageCacheDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 20 }),
  );
}

// Demo mode without address keys: one kept in a file beside the data (production refused to load above).
if (config.addressKeys.length === 0) {
  const keyFile = postgres ? resolve('.data/address-key') : inMemory ? null : `${config.dbPath}.address-key`;
  if (keyFile === null) {
    config.addressKeys = parseAddressKeys(newAddressKey('demo'));
  } else {
    if (!existsSync(keyFile)) {
      mkdirSync(dirname(keyFile), { recursive: true });
      writeFileSync(keyFile, `${newAddressKey('demo')}\n`, { mode: 0o600 });
    }
    chmodSync(keyFile, 0o600);
    config.addressKeys = parseAddressKeys(readFileSync(keyFile, 'utf8').trim());
  }
}

// Seeding happens only into a new database or when asked (--reset, or another --products): an existing file
// that cannot be used stops the start with what to do, and is left as it is.
if (!postgres && !inMemory && existsSync(config.dbPath) && !args.values.reset) {
  const problem = sqliteFileProblem(config.dbPath);
  if (problem) {
    fail(
      `the database ${config.dbPath} cannot be used: ${problem}. It was left untouched. Move it aside (or ` +
        'point CATALOG_API_DB or --db at another file) to start from a new seeded catalogue, or start with ' +
        '--reset to seed over it, which deletes its orders.',
    );
  }
}

const database = openDatabase(config.databaseUrl ?? config.dbPath, { max: config.databasePool });
const logger = createLogger(config.logLevel);

async function prepareDatabase(): Promise<void> {
  await withStartupLock(database, async () => {
    const info = await seedInfo(database);
    const wanted = products ?? config.seedProducts;
    if (args.values.reset || info === null || (products !== undefined && info.products !== products)) {
      const started = performance.now();
      // A new catalogue's pictures are rendered afresh.
      if (!inMemory && !postgres && !sharedImages) rmSync(imageCacheDir, { recursive: true, force: true });
      const result = await seed(database, { products: wanted });
      console.log(
        `seeded ${result.products} products (${result.variants} variants, ${result.images} images) in ${Math.round(performance.now() - started)} ms`,
      );
    }
    // A database of an older schema keeps its bags, orders and addresses: it is migrated in place.
    const applied = await migrateToLatest(database);
    if (applied.length > 0) console.log(`catalog API: migrated ${database.where}: ${applied.join(', ')}`);
  });
}

try {
  if (args.values.migrate) {
    const applied = await withStartupLock(database, () => migrateToLatest(database));
    console.log(
      applied.length > 0
        ? `catalog API: migrated ${database.where}: ${applied.join(', ')}`
        : `catalog API: ${database.where} is up to date`,
    );
    await database.close();
    process.exit(0);
  }
  await prepareDatabase();
} catch (error) {
  await database.close().catch(() => undefined);
  fail(
    `the database ${database.where} cannot be prepared: ${error instanceof Error ? error.message : String(error)}`,
  );
}

if (args.values['rotate-address-keys']) {
  const result = await rotateAddressKeys(Store.of(database), new AddressVault(config.addressKeys));
  console.log(
    `catalog API: ${result.resealed} addresses sealed again with key "${config.addressKeys[0]?.id}", ` +
      `${result.current} already were`,
  );
  await database.close();
  process.exit(0);
}

let draining = false;
const app = await createApp({
  database,
  config,
  logger,
  warmLanguages: ['ja'],
  draining: () => draining,
  ...(config.renderAhead && {
    renderImagesAhead: (part, { rendered, present, left }, ms) =>
      console.log(
        `catalog API: ${part === 'pictures' ? 'pictures' : 'their fallback formats'} ready on disk ` +
          `${(ms / 1000).toFixed(1)} s after the start: ${rendered} rendered, ${present} there already` +
          `${left > 0 ? `, ${left} past the disk cache (rendered on request)` : ''}`,
      ),
  }),
});

console.log(`catalog API: rendered pictures kept in ${imageCacheDir}`);
const count = (await seedInfo(database))?.products ?? 0;

const server = serve({ fetch: app.fetch, hostname: config.host, port: config.port }, (address) => {
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  console.log(`catalog API on http://${host}:${address.port} (${count} products)`);
});
server.on('error', (error: NodeJS.ErrnoException) => {
  fail(error.code === 'EADDRINUSE' ? `port ${config.port} is already in use` : error.message);
});

/** How long requests under way may take to finish once a shutdown begins. */
const DRAIN_MS = 10_000;

function shutdown(signal: string) {
  if (draining) return;
  draining = true;
  console.log(`catalog API: ${signal}, closing`);
  const force = setTimeout(() => process.exit(0), DRAIN_MS);
  force.unref();
  // No new connection; requests under way finish; idle keep-alive connections close now.
  server.close(() => {
    database.close().finally(() => process.exit(0));
  });
  if ('closeIdleConnections' in server) server.closeIdleConnections();
}
process.on('SIGINT', () => shutdown('SIGINT'));
process.on('SIGTERM', () => shutdown('SIGTERM'));

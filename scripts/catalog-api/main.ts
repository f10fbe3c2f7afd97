/**
 * The reference catalog API: `npm run api` (node scripts/catalog-api/main.ts).
 *
 *   --products N   products to seed into a new (or --reset) database (default SEED_PRODUCTS, 100)
 *   --db PATH      SQLite file (default CATALOG_API_DB, .data/catalog.sqlite); `:memory:` for a throwaway one
 *   --reset        drop everything and reseed, even when the database exists
 *   --port N       port (default CATALOG_API_PORT, 8787)
 *   --hash-password  read a staff password from standard input and print its hash for CATALOG_STAFF_ACCOUNTS
 *
 * Staff sign in with accounts from CATALOG_STAFF_ACCOUNTS (counter staff, editors, or both). Without any,
 * the demo mode (the default, what `npm start` runs) creates the account `staff`, with both roles and a
 * random password (or CATALOG_DEMO_STAFF_PASSWORD), and prints it; CATALOG_API_MODE=production refuses to
 * start instead.
 *
 * The database is created and seeded on first start. Asking for a different --products than the database
 * holds reseeds it. Environment variables: see config.ts.
 *
 * Rendered pictures are kept on disk beside the database, in `<database file>.images/` (emptied whenever
 * the database is seeded), or for `:memory:` in a fresh temporary directory removed when the server stops;
 * or, named by CATALOG_IMAGE_CACHE_DIR, in a folder left as it is (test runs share one).
 * From the start, every standard render of the catalogue's pictures is put there in the background
 * (images.ts, `renderAhead`), so the first visitors' pictures come from disk.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { imageCacheDirOf, loadConfig } from './config.ts';
import { databaseProblem, migrate, openDatabase, SCHEMA_VERSION, seedInfo } from './db.ts';
import { seed } from './seed.ts';
import { everyRole, hashPassword } from './staff.ts';

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
  'hash-password': { type: 'boolean', default: false },
} as const;
try {
  args = parseArgs({ options: OPTIONS, strict: true, allowPositionals: false });
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
if (args.values.help) {
  console.log(
    'usage: node scripts/catalog-api/main.ts [--products N] [--db PATH] [--reset] [--port N] | --hash-password',
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
const inMemory = config.dbPath === ':memory:';
if (!inMemory) config.dbPath = resolve(config.dbPath);
// A shared folder (CATALOG_IMAGE_CACHE_DIR) outlives the database: never emptied, never deleted here.
const sharedImages = config.imageCacheDir !== null;
const imageCacheDir =
  config.imageCacheDir ??
  (inMemory ? mkdtempSync(join(tmpdir(), 'catalog-images-')) : imageCacheDirOf(config.dbPath));
config.imageCacheDir = imageCacheDir;

// Seeding happens only into a new database or when asked (--reset, or another --products): an existing file
// that cannot be used stops the start with what to do, and is left as it is.
if (config.dbPath !== ':memory:' && existsSync(config.dbPath) && !args.values.reset) {
  const problem = databaseProblem(config.dbPath);
  if (problem) {
    fail(
      `the database ${config.dbPath} cannot be used: ${problem}. It was left untouched. Move it aside (or ` +
        'point CATALOG_API_DB or --db at another file) to start from a new seeded catalogue, or start with ' +
        '--reset to seed over it, which deletes its orders.',
    );
  }
}

const db = openDatabase(config.dbPath);
const wanted = products ?? config.seedProducts;
const info = seedInfo(db);
if (args.values.reset || info === null || (products !== undefined && info.products !== products)) {
  const started = performance.now();
  // A new catalogue's pictures are rendered afresh.
  if (!inMemory && !sharedImages) rmSync(imageCacheDir, { recursive: true, force: true });
  const result = seed(db, { products: wanted });
  console.log(
    `seeded ${result.products} products (${result.variants} variants, ${result.images} images) in ${Math.round(performance.now() - started)} ms`,
  );
}

// A database of an older schema keeps its bags, orders and addresses: it is migrated in place.
if (migrate(db)) console.log(`catalog API: migrated ${config.dbPath} to schema ${SCHEMA_VERSION}`);

const app = createApp({
  db,
  config,
  warmLanguages: ['ja'],
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
const count = (db.prepare('SELECT COUNT(*) AS n FROM products').get() as { n: number }).n;

const server = serve({ fetch: app.fetch, hostname: config.host, port: config.port }, (address) => {
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  console.log(`catalog API on http://${host}:${address.port} (${count} products)`);
});
server.on('error', (error: NodeJS.ErrnoException) => {
  fail(error.code === 'EADDRINUSE' ? `port ${config.port} is already in use` : error.message);
});

let closing = false;
function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  console.log(`catalog API: ${signal}, closing`);
  const force = setTimeout(() => process.exit(0), 3000);
  force.unref();
  server.close(() => {
    db.close();
    process.exit(0);
  });
  if ('closeIdleConnections' in server) server.closeIdleConnections();
}
// However the process ends, a throwaway database's pictures go with it.
if (inMemory && !sharedImages)
  process.on('exit', () => rmSync(imageCacheDir, { recursive: true, force: true }));
process.on('SIGINT', () => shutdown('SIGINT'));
process.on('SIGTERM', () => shutdown('SIGTERM'));

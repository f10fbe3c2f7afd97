/**
 * Over real HTTP: a listening server (cookies, concurrency, HEAD, Range) and the CLI itself. The CLI's
 * first test runs on the database under test (with PostgreSQL, CATALOG_DATABASE_URL names a fresh
 * database); the tests of a database file (pictures beside it, files it refuses, another process's write
 * lock) are about the embedded SQLite, and run on it whichever database the other tests use.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { testConfig } from './config.ts';
import { openSqlite } from './database.ts';
import { seed } from './seed.ts';
import { emptyDatabase, makeApp, postgresUrl, seededDatabase, TEST_DIALECT, TOKEN } from './test-helpers.ts';

/** The bytes of a catalogue file as the layouts before versioned migrations kept it (meta, orders). */
function oldLayoutFile(): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'catalog-old-'));
  try {
    const file = join(dir, 'old.sqlite');
    const old = new DatabaseSync(file);
    old.exec(`
      CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
      INSERT INTO meta VALUES ('seed', '{"products":30,"schemaVersion":3}');
      CREATE TABLE orders (alias TEXT PRIMARY KEY, status TEXT NOT NULL, data TEXT NOT NULL);
      INSERT INTO orders VALUES ('kept-order', 'paid', '{"lines":[]}');
    `);
    old.close();
    return readFileSync(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('a listening server', () => {
  let server: ReturnType<typeof serve>;
  let base: string;

  beforeAll(async () => {
    const app = await createApp({ database: await seededDatabase(100), config: testConfig() });
    server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 });
    await once(server, 'listening');
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.close();
  });

  test('sustains 16 concurrent requests', async () => {
    const paths = Array.from({ length: 16 }, (_, i) =>
      i % 4 === 0
        ? `/catalog/products?size=100&page=1&lang=${['ja', 'en', 'zh', 'ko'][i / 4]}`
        : `/catalog/products/${i}`,
    );
    const responses = await Promise.all(
      paths.map((path) => fetch(`${base}${path}`, { headers: { 'X-Api-Token': TOKEN } })),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(16).fill(200));
    await Promise.all(responses.map((r) => r.json()));
  });

  test('the cart cookie round-trips like a browser', async () => {
    const variant = (await (
      await fetch(`${base}/catalog/products/1`, { headers: { 'X-Api-Token': TOKEN } })
    ).json()) as {
      variants: { id: number; totalStock: number }[];
    };
    const inStock = variant.variants.find((v) => v.totalStock >= 2);
    expect(inStock).toBeDefined();
    const added = await fetch(`${base}/catalog/cart/product`, {
      method: 'POST',
      headers: { 'X-Api-Token': TOKEN, 'Content-Type': 'application/json' },
      body: JSON.stringify({ productId: 1, variantId: inStock?.id, addQty: 2 }),
    });
    expect(added.status).toBe(200);
    const cookie = (added.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    expect(cookie).toMatch(/^cart_session=/);
    const count = await fetch(`${base}/catalog/cart/products/count`, {
      headers: { 'X-Api-Token': TOKEN, Cookie: cookie },
    });
    expect(await count.json()).toEqual({ count: 2 });
  });

  test('HEAD and Range work on public assets', async () => {
    const head = await fetch(`${base}/images/products/1.jpg?width=256&height=256&format=jpeg`, {
      method: 'HEAD',
    });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('image/jpeg');
    const range = await fetch(`${base}/videos/products/4.mp4`, { headers: { Range: 'bytes=10-19' } });
    expect(range.status).toBe(206);
    expect((await range.arrayBuffer()).byteLength).toBe(10);
  });

  test('a body over 16 KiB is refused with 413 before it is read in full', async () => {
    const response = await fetch(`${base}/catalog/cart/product`, {
      method: 'POST',
      headers: { 'X-Api-Token': TOKEN, 'Content-Type': 'application/json' },
      body: JSON.stringify({ pad: 'x'.repeat(200_000) }),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });
});

// Each test starts the API as a process of its own, some three in a row: seconds alone, minutes at `npm test`'s
// low priority on a two-core runner busy with other steps (scripts/tools/test.mjs).
describe('the CLI (npm run api)', { timeout: 180_000 }, () => {
  const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));
  let child: ChildProcess | undefined;
  let dir: string;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'catalog-cli-'));
  });

  afterEach(async () => {
    if (child && child.exitCode === null) {
      child.kill('SIGKILL');
      await once(child, 'exit');
    }
    rmSync(dir, { recursive: true, force: true });
  });

  async function start(
    args: string[],
    extraEnv: Record<string, string> = {},
  ): Promise<{ port: number; lines: string[] }> {
    // The embedded database unless told otherwise, whatever this process was started with.
    const { CATALOG_DATABASE_URL: _unused, ...env } = process.env;
    const proc = spawn(process.execPath, [MAIN, ...args], {
      env: { ...env, CATALOG_API_PORT: '0', ...extraEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = proc;
    const lines: string[] = [];
    let stderr = '';
    proc.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    return new Promise((resolve, reject) => {
      proc.stdout?.on('data', (chunk: Buffer) => {
        for (const line of chunk.toString().split('\n').filter(Boolean)) {
          lines.push(line);
          const match = /^catalog API on http:\/\/127\.0\.0\.1:(\d+) \((\d+) products\)$/.exec(line);
          if (match) resolve({ port: Number(match[1]), lines });
        }
      });
      proc.on('exit', (code) => reject(new Error(`exited ${code}: ${stderr}`)));
    });
  }

  test('creates and seeds the database, serves, persists, and stops on SIGTERM', async () => {
    // The database under test: a SQLite file, or a new, empty PostgreSQL database.
    let where = ['--db', join(dir, 'catalog.sqlite')];
    let env: Record<string, string> = {};
    if (TEST_DIALECT === 'postgres') {
      const database = await emptyDatabase();
      await database.close();
      where = [];
      env = {
        CATALOG_DATABASE_URL: postgresUrl(database),
        CATALOG_ADDRESS_KEYS: `test:${Buffer.alloc(32, 7).toString('base64url')}`,
      };
    }
    const first = await start([...where, '--products', '30'], env);
    expect(first.lines.some((line) => /^seeded 30 products/.test(line))).toBe(true);
    expect(first.lines.at(-1)).toMatch(/\(30 products\)$/);
    const health = await fetch(`http://127.0.0.1:${first.port}/healthz`);
    expect(await health.json()).toEqual({ ok: true });
    const page = await fetch(`http://127.0.0.1:${first.port}/catalog/products?size=5`, {
      headers: { 'X-Api-Token': TOKEN },
    });
    expect(((await page.json()) as { count: number }).count).toBe(30);
    child?.kill('SIGTERM');
    const [code] = await once(child as ChildProcess, 'exit');
    expect(code).toBe(0);

    // Second start: the existing database is used, not reseeded.
    const second = await start(where, env);
    expect(second.lines.some((line) => line.startsWith('seeded'))).toBe(false);
    expect(second.lines.at(-1)).toMatch(/\(30 products\)$/);
    child?.kill('SIGINT');
    await once(child as ChildProcess, 'exit');

    // --reset reseeds (with the default size).
    const third = await start([...where, '--reset'], env);
    expect(third.lines.some((line) => /^seeded 100 products/.test(line))).toBe(true);
  });

  test('renders the pictures ahead into <database>.images/ from the start, answering at once, and empties it when it reseeds', async () => {
    const db = join(dir, 'catalog.sqlite');
    const pictures = `${db}.images`;
    const first = await start(['--db', db, '--products', '5']);
    expect(first.lines).toContain(`catalog API: rendered pictures kept in ${pictures}`);
    // The queue is under way, and the server answers; /healthz/pictures says the pictures are not ready yet.
    expect((await fetch(`http://127.0.0.1:${first.port}/healthz`)).status).toBe(200);
    const pending = await fetch(`http://127.0.0.1:${first.port}/healthz/pictures`);
    expect([pending.status, await pending.json()]).toEqual([503, { pictures: 'rendering' }]);
    await vi.waitFor(() => expect(readdirSync(pictures).some((name) => name.endsWith('.avif'))).toBe(true), {
      timeout: 15_000,
    });
    child?.kill('SIGTERM');
    await once(child as ChildProcess, 'exit');
    writeFileSync(join(pictures, 'v2-products-1-old-256x256-cover.webp'), 'an old render');

    // A restart keeps them; a reseed empties the folder first.
    await start(['--db', db]);
    expect(readdirSync(pictures)).toContain('v2-products-1-old-256x256-cover.webp');
    child?.kill('SIGTERM');
    await once(child as ChildProcess, 'exit');
    await start(['--db', db, '--reset', '--products', '5']);
    expect(existsSync(pictures) ? readdirSync(pictures) : []).not.toContain(
      'v2-products-1-old-256x256-cover.webp',
    );
  });

  test('a :memory: database keeps its pictures in a temporary folder, removed when the server stops', async () => {
    const { lines } = await start(['--db', ':memory:', '--products', '3']);
    const line = lines.find((l) => l.startsWith('catalog API: rendered pictures kept in ')) ?? '';
    const pictures = line.slice('catalog API: rendered pictures kept in '.length);
    expect(pictures.startsWith(join(tmpdir(), 'catalog-images-'))).toBe(true);
    await vi.waitFor(() => expect(readdirSync(pictures).length).toBeGreaterThan(0), { timeout: 15_000 });
    child?.kill('SIGTERM');
    await once(child as ChildProcess, 'exit');
    expect(existsSync(pictures)).toBe(false);
  });

  test.each([
    [
      'a damaged file',
      Buffer.from('SQLite format 3\u0000'.padEnd(4096, '\u0007'), 'latin1'),
      /it is damaged|cannot be read/,
    ],
    [
      'a file that is not SQLite',
      Buffer.from('orders: 3, addresses: 2\n'.repeat(50)),
      /it is not an SQLite database/,
    ],
    ['an empty file', Buffer.alloc(0), /it is empty/],
    [
      'a catalogue of the layout from before versioned migrations',
      oldLayoutFile(),
      /layout from before versioned migrations/,
    ],
  ])('%s stops the start with what to do, and is left untouched', async (_, bytes, reason) => {
    const db = join(dir, 'catalog.sqlite');
    writeFileSync(db, bytes);
    const failure = start(['--db', db]).catch((error: Error) => error.message);
    const message = await failure;
    expect(message).toMatch(/exited 2/);
    expect(message).toContain(`the database ${db} cannot be used`);
    expect(message).toMatch(reason);
    expect(message).toContain('left untouched');
    expect(message).not.toMatch(/\n\s+at /);
    expect(readFileSync(db).equals(bytes)).toBe(true);
  });

  test('bad flags exit with a message', async () => {
    await expect(start(['--products', 'many'])).rejects.toThrow(/--products must be an integer/);
    await expect(start(['--nope'])).rejects.toThrow(/Unknown option/);
  });
});

describe('every answer', () => {
  test('names its charset and forbids content sniffing, errors included', async () => {
    const t = await makeApp();
    for (const [path, headers] of [
      ['/catalog/areas', { 'X-Api-Token': TOKEN }],
      ['/catalog/areas', {}],
      ['/no/such/route', { 'X-Api-Token': TOKEN }],
    ] as const) {
      const response = await t.app.request(path, { headers });
      expect(response.headers.get('content-type'), path).toBe('application/json; charset=utf-8');
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
    }
  });
});

describe('a long write lock held by another process', () => {
  test('reads go on; a write answers 503 BUSY at once instead of stalling; afterwards writes work', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'catalog-lock-')), 'catalog.sqlite');
    const database = openSqlite(file);
    await seed(database, { products: 5 });
    const app = await createApp({ database, config: testConfig(), onError: () => undefined });
    const headers = { 'X-Api-Token': TOKEN, 'Content-Type': 'application/json' };
    const product = (await (await app.request('/catalog/products/1', { headers })).json()) as {
      variants: { id: number; totalStock: number }[];
    };
    const variant = product.variants.find((v) => v.totalStock > 0);
    const add = () =>
      app.request('/catalog/cart/product', {
        method: 'POST',
        headers,
        body: JSON.stringify({ productId: 1, variantId: variant?.id, addQty: 1 }),
      });

    const other = new DatabaseSync(file);
    other.exec('BEGIN IMMEDIATE');
    other.exec("INSERT INTO meta (key, value) VALUES ('maintenance', 'running')");
    try {
      expect((await app.request('/catalog/areas', { headers })).status).toBe(200);
      const blocked = await add();
      expect(blocked.status).toBe(503);
      expect(blocked.headers.get('retry-after')).toBe('1');
      expect(await blocked.json()).toMatchObject({ code: 'BUSY' });
    } finally {
      other.exec('ROLLBACK');
      other.close();
    }
    expect((await add()).status).toBe(200);
    await database.close();
  });
});

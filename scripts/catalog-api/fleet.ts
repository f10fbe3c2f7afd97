/**
 * Several reference API processes on one database behind a round-robin proxy, as a store runs them
 * (docs/deploy-api.md): for the multi-instance tests (tests/integration/multi-instance.test.ts) and the
 * add-to-bag throughput bench (scripts/bench/api-throughput.mjs). The database is a throwaway PostgreSQL
 * cluster (postgres-cluster.ts), or the embedded SQLite file for one instance.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { newAddressKey } from './address-key.ts';
import { freePort, type PostgresCluster, startPostgresCluster } from './postgres-cluster.ts';

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export const FLEET_STAFF_PASSWORD = 'fleet-staff-password';

export interface FleetOptions {
  instances: number;
  database: 'postgres' | 'sqlite';
  products?: number;
  /** More environment for every instance. */
  env?: Record<string, string>;
}

export interface Fleet {
  /** The round-robin proxy in front of every instance. */
  url: string;
  /** Each instance's own address. */
  instanceUrls: string[];
  /** The database's URL (PostgreSQL) or file (SQLite). */
  database: string;
  /** What instance `index` has printed since it started (its JSON log at warnings and over). */
  output(index: number): string;
  /** Stops instance `index` gracefully (SIGTERM) and starts it again on the same port. */
  restart(index: number): Promise<void>;
  stop(): Promise<void>;
}

async function waitReady(url: string, child: ChildProcess, output: () => string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`an API instance exited (${child.exitCode}):\n${output()}`);
    try {
      const response = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`an API instance was not ready within ${timeoutMs} ms:\n${output()}`);
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 15_000).unref();
  });
}

/** A proxy that hands each request to the next instance in turn, as a load balancer does. */
function roundRobin(targets: () => string[]): Server {
  let next = 0;
  return createServer((incoming, outgoing) => {
    const list = targets();
    const target = new URL(list[next % list.length] as string);
    next += 1;
    const forwarded = incoming.headers['x-forwarded-for'];
    const relay = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method: incoming.method,
        path: incoming.url,
        headers: {
          ...incoming.headers,
          'x-forwarded-for': `${forwarded ? `${forwarded}, ` : ''}${incoming.socket.remoteAddress ?? ''}`,
        },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    relay.on('error', () => {
      if (!outgoing.headersSent) outgoing.writeHead(502);
      outgoing.end();
    });
    incoming.pipe(relay);
  });
}

export async function startFleet(options: FleetOptions): Promise<Fleet> {
  if (options.database === 'sqlite' && options.instances !== 1) {
    throw new Error('the embedded database serves one API process: use PostgreSQL for more instances');
  }
  let cluster: PostgresCluster | undefined;
  let folder: string | undefined;
  let database: string;
  if (options.database === 'postgres') {
    cluster = await startPostgresCluster();
    const admin = new pg.Client({ connectionString: cluster.url });
    await admin.connect();
    await admin.query('CREATE DATABASE catalog');
    await admin.end();
    database = cluster.urlOf('catalog');
  } else {
    folder = mkdtempSync(join(tmpdir(), 'catalog-fleet-'));
    database = join(folder, 'catalog.sqlite');
  }
  const ports = await Promise.all(Array.from({ length: options.instances }, () => freePort()));
  const instanceUrls = ports.map((port) => `http://127.0.0.1:${port}`);
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    CATALOG_RENDER_AHEAD: '0',
    CATALOG_LOG_LEVEL: 'warn',
    CATALOG_DEMO_STAFF_PASSWORD: FLEET_STAFF_PASSWORD,
    CATALOG_ADDRESS_KEYS: newAddressKey('fleet'),
    SEED_PRODUCTS: String(options.products ?? 100),
    ...(options.database === 'postgres' ? { CATALOG_DATABASE_URL: database } : { CATALOG_API_DB: database }),
    ...options.env,
  };
  const children: ChildProcess[] = [];
  const outputs: string[] = [];
  const start = async (index: number) => {
    outputs[index] = '';
    const child = spawn(process.execPath, [MAIN, '--port', String(ports[index])], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk) => (outputs[index] += chunk));
    child.stderr?.on('data', (chunk) => (outputs[index] += chunk));
    children[index] = child;
    await waitReady(instanceUrls[index] as string, child, () => outputs[index] ?? '');
  };
  const server = roundRobin(() => instanceUrls);
  try {
    // The first seeds the database; the others find it seeded (and wait on the start-up lock if not).
    await start(0);
    await Promise.all(ports.slice(1).map((_, i) => start(i + 1)));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  } catch (error) {
    await Promise.all(children.map(stopChild));
    cluster?.stop();
    if (folder) rmSync(folder, { recursive: true, force: true });
    throw error;
  }
  const address = server.address();
  const proxyPort = typeof address === 'object' && address !== null ? address.port : 0;
  return {
    url: `http://127.0.0.1:${proxyPort}`,
    instanceUrls,
    database,
    output: (index) => outputs[index] ?? '',
    async restart(index) {
      await stopChild(children[index] as ChildProcess);
      await start(index);
    },
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await Promise.all(children.map(stopChild));
      cluster?.stop();
      if (folder) rmSync(folder, { recursive: true, force: true });
    },
  };
}

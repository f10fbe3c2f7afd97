/**
 * A throwaway PostgreSQL server for tests and benches: a new cluster in a temporary folder (Debian's
 * `postgresql` package, installed by scripts/tools/install-system-deps.sh), on a port of its own, listening
 * on loopback only, without durability (fsync off: nothing in it outlives the run). `stop` ends the server
 * and removes the folder. As root, the cluster is made and run by the `postgres` user (initdb refuses
 * root).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The folder of PostgreSQL's programs (the newest version installed), or null. */
function postgresBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((name) => existsSync(join(root, name, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] === undefined ? null : join(root, versions[0], 'bin');
}

/** A free TCP port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface PostgresCluster {
  /** The URL of the `postgres` database (superuser, no password: trust on loopback). */
  url: string;
  port: number;
  /** The folder the cluster runs in (its data, socket and log), removed when it stops. */
  dir: string;
  /** A URL of another database of the cluster. */
  urlOf(database: string): string;
  stop(): void;
}

function postgresUid(): { uid: number; gid: number } {
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  return { uid, gid };
}

/** The signals that stop a test run half-way. */
const SIGNALS = ['SIGTERM', 'SIGINT'] as const;

export interface ClusterOptions {
  port?: number;
  /**
   * Whether the server vacuums in the background (on by default, as a store's server does). Off for the
   * API's tests: they make a database per test, hundreds by the end of a run, and the autovacuum launcher
   * starts a worker in each of them every minute, a share of a core that grows with the run's length.
   */
  autovacuum?: boolean;
}

/** Starts a new cluster; throws saying what to install when PostgreSQL is missing. */
export async function startPostgresCluster(options: ClusterOptions = {}): Promise<PostgresCluster> {
  const bin = postgresBin();
  if (bin === null) {
    throw new Error(
      "PostgreSQL is not installed: run scripts/tools/install-system-deps.sh (Debian's postgresql package)",
    );
  }
  const port = options.port ?? (await freePort());
  const dir = mkdtempSync(join(tmpdir(), 'catalog-pg-'));
  const data = join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  const run = (program: string, args: string[]) => {
    const command = asRoot ? 'runuser' : join(bin, program);
    const argv = asRoot ? ['-u', 'postgres', '--', join(bin, program), ...args] : args;
    const result = spawnSync(command, argv, { encoding: 'utf8' });
    if (result.status !== 0) {
      throw new Error(`${program} failed (${result.status}): ${result.stderr || result.stdout}`);
    }
  };
  if (asRoot) {
    const { uid, gid } = postgresUid();
    chownSync(dir, uid, gid);
    chmodSync(dir, 0o700);
  }
  try {
    run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale', 'C']);
    const settings = [
      `-p ${port}`,
      `-k ${dir}`,
      '-c listen_addresses=127.0.0.1',
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
      '-c max_connections=400',
      ...(options.autovacuum === false ? ['-c autovacuum=off'] : []),
    ].join(' ');
    run('pg_ctl', ['-D', data, '-o', settings, '-l', join(dir, 'server.log'), '-w', '-t', '60', 'start']);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const urlOf = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    process.off('exit', stop);
    for (const signal of SIGNALS) process.off(signal, onSignal);
    try {
      run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  /** Stops the server, then lets the signal end this process as it would have (no listener is left). */
  const onSignal = (signal: NodeJS.Signals) => {
    stop();
    process.kill(process.pid, signal);
  };
  // The server runs apart from this process (pg_ctl leaves it to init): a process that exits, or is
  // stopped by a signal, without stopping it (a test run stopped half-way) still takes it along.
  process.once('exit', stop);
  for (const signal of SIGNALS) process.once(signal, onSignal);
  return { url: urlOf('postgres'), port, dir, urlOf, stop };
}

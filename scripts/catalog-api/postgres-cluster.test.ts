/**
 * The throwaway PostgreSQL server of the tests goes with the process that started it, even when that
 * process exits, or is stopped by a signal, without stopping it (a test run stopped half-way).
 * Runs in the PostgreSQL step only, where the server's programs are known to be installed.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { inject } from 'vitest';

const CLUSTER = fileURLToPath(new URL('./postgres-cluster.ts', import.meta.url));

/** Whether something accepts connections on the port of 127.0.0.1. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

describe.runIf(Boolean(inject('postgresUrl')))('a throwaway PostgreSQL server', () => {
  test('is stopped and its folder removed when the process that started it exits', async () => {
    const script = [
      `import { startPostgresCluster } from ${JSON.stringify(CLUSTER)};`,
      'const cluster = await startPostgresCluster();',
      'console.log(JSON.stringify({ port: cluster.port, dir: cluster.dir }));',
      'process.exit(0);',
    ].join('\n');
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(code).toBe(0);
    const { port, dir } = JSON.parse(output) as { port: number; dir: string };
    expect(await listening(port)).toBe(false);
    expect(existsSync(dir)).toBe(false);
  }, 120_000);

  test('is stopped and its folder removed when the process that started it is stopped by SIGTERM', async () => {
    const script = [
      `import { startPostgresCluster } from ${JSON.stringify(CLUSTER)};`,
      'const cluster = await startPostgresCluster();',
      'console.log(JSON.stringify({ port: cluster.port, dir: cluster.dir }));',
      'setInterval(() => {}, 1000);',
    ].join('\n');
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const started = new Promise<{ port: number; dir: string }>((resolve) =>
      child.stdout.once('data', (chunk) => resolve(JSON.parse(String(chunk)))),
    );
    const ended = new Promise((resolve) => child.once('exit', (_, signal) => resolve(signal)));
    const { port, dir } = await started;
    expect(await listening(port)).toBe(true);
    child.kill('SIGTERM');
    expect(await ended).toBe('SIGTERM');
    expect(await listening(port)).toBe(false);
    expect(existsSync(dir)).toBe(false);
  }, 120_000);

  test("the tests' server runs no autovacuum: its workers would visit each of hundreds of test databases", async () => {
    const client = new pg.Client({ connectionString: inject('postgresUrl') });
    await client.connect();
    try {
      const { rows } = await client.query<{ autovacuum: string }>('SHOW autovacuum');
      expect(rows[0]?.autovacuum).toBe('off');
    } finally {
      await client.end();
    }
  });
});

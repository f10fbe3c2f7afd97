/**
 * A deploy replaces an instance with SIGTERM: it must finish what it is answering, take nothing new, say it
 * is not ready meanwhile, and exit. A slow answer is made with a fault rule (test switches).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort } from './postgres-cluster.ts';

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));
const TOKEN = 'gift-catalogue-public-token';

let api: ChildProcess;
let base: string;
let output = '';

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  api = spawn(process.execPath, [MAIN, '--db', ':memory:', '--port', String(port)], {
    env: {
      ...process.env,
      CATALOG_RENDER_AHEAD: '0',
      CATALOG_TEST_SWITCHES: '1',
      CATALOG_API_FAULTS: JSON.stringify({
        rules: [{ path: '^/catalog/areas$', latencyMs: 1500, probability: 1 }],
      }),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  api.stdout?.on('data', (chunk) => (output += chunk));
  api.stderr?.on('data', (chunk) => (output += chunk));
  // Generous: `npm test` runs this step at a low priority beside the browser steps (scripts/tools/test.mjs).
  const deadline = Date.now() + 100_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the API did not start:\n${output}`);
}, 120_000);

afterAll(() => {
  if (api.exitCode === null) api.kill('SIGKILL');
});

test('SIGTERM: the request under way is answered, nothing new is taken, the process exits', async () => {
  const slow = fetch(`${base}/catalog/areas`, { headers: { 'X-Api-Token': TOKEN } });
  await new Promise((resolve) => setTimeout(resolve, 300));
  const exited = new Promise<number | null>((resolve) => api.once('exit', (code) => resolve(code)));
  api.kill('SIGTERM');
  // Once the process says it is closing, it has stopped listening (main.ts closes the server in the same
  // turn). Waited for, not assumed after a fixed time: on a starved machine the signal is handled late.
  const closing = Date.now() + 30_000;
  while (!output.includes('SIGTERM, closing') && Date.now() < closing) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await new Promise((resolve) => setTimeout(resolve, 200));
  await expect(fetch(`${base}/healthz`, { headers: { Connection: 'close' } })).rejects.toThrow();
  const answer = await slow;
  expect(answer.status).toBe(200);
  expect(((await answer.json()) as unknown[]).length).toBe(4);
  expect(await exited).toBe(0);
  expect(output).toContain('SIGTERM, closing');
});

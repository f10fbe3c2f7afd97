// Helpers shared by the project's scripts (start, test, bench): child processes on the pinned Node, and
// waiting for a server to answer.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Path of a package's CLI, run with this (pinned) Node rather than whatever `node` is on PATH. */
export function bin(relative) {
  return fileURLToPath(new URL(`../../node_modules/${relative}`, import.meta.url));
}

/**
 * Environment variables a build started from a vitest test must not inherit: vitest puts its own
 * `import.meta.env` into `process.env` (DEV=1, PROD='', MODE=test, SSR=1, NODE_ENV=test), and Vite reads
 * them back, so such a build ran as in development (`import.meta.env.DEV` true). Spread into the child's
 * env, each is left out (a child process ignores undefined values), as for the publisher's build.
 */
export const WITHOUT_TEST_RUNNER_ENV = {
  NODE_ENV: undefined,
  DEV: undefined,
  PROD: undefined,
  MODE: undefined,
  SSR: undefined,
  BASE_URL: undefined,
};

/** Runs `node args…` on the pinned Node; resolves with the exit code. Output goes to this terminal. */
export function runNode(args, { env = {}, cwd = ROOT, quiet = false } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd,
      env: { ...process.env, ...env },
      stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    let output = '';
    if (quiet) {
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
    }
    child.on('error', reject);
    child.on('exit', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
  });
}

/** Starts `node args…` in the background on the pinned Node. */
export function startNode(args, { env = {}, cwd = ROOT, stdio = 'inherit' } = {}) {
  return spawn(process.execPath, args, { cwd, env: { ...process.env, ...env }, stdio });
}

/** Resolves once `url` answers 2xx; rejects after `timeoutMs`. */
export async function waitForHttp(url, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  let lastError;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
      lastError = new Error(`${url} answered ${response.status}`);
    } catch (error) {
      lastError = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms: ${lastError?.message ?? lastError}`);
}

/** Ends a child process and waits for it. */
export function stop(child) {
  return new Promise((resolve) => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 5000).unref();
  });
}

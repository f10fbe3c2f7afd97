// Helpers shared by the project's scripts (start, test, bench): child processes on the pinned Node, and
// waiting for a server to answer.
import { execFileSync, spawn } from 'node:child_process';
import { cp, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildEnv } from './build-env.mjs';

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

/**
 * The environment of a build whose output a test compares file by file (the golden output,
 * scripts/tools/golden.mjs; a rebuild against a fresh build, tests/integration/build-stale.test.ts), on top
 * of the caller's: the site's origin fixed, the catalog API at `apiUrl`, and every optional input
 * (telemetry, the tag manager, the API token, paging, the catalogue's version and time) and the test
 * runner's variables left unset, whatever the caller's environment says. The caller adds the build's id
 * and time.
 */
export function comparedBuildEnv(apiUrl, env = process.env) {
  return {
    ...WITHOUT_TEST_RUNNER_ENV,
    ...buildEnv(env),
    CATALOG_API_URL: apiUrl,
    SITE_URL: 'https://gift.example.jp',
    CATALOG_VERSION: undefined,
    CATALOG_UPDATED_AT: undefined,
    PUBLIC_SENTRY_DSN: undefined,
    PUBLIC_SENTRY_ENVIRONMENT: undefined,
    PUBLIC_SENTRY_RELEASE: undefined,
    PUBLIC_GTM_ID: undefined,
    PUBLIC_CATALOG_API_TOKEN: undefined,
    TAG_PAGE_SIZE: undefined,
  };
}

/**
 * Copies the working tree's files (tracked and untracked, what `git status` sees) into `to`, with this
 * checkout's node_modules linked in: a build from the copy keeps Astro's `.astro/` folder of its own, so
 * it may run beside a build of the checkout itself (the end-to-end and WebKit steps').
 */
export async function copyWorkingTree(to) {
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
  })
    .split('\0')
    // node_modules as a link (a second checkout's) is no folder to git's ignore rule: it is linked below.
    .filter((file) => file && file !== 'node_modules');
  for (const file of files) {
    // A file deleted in the working tree but still in the index is not part of it.
    await cp(join(ROOT, file), join(to, file)).catch((error) => {
      if (error.code !== 'ENOENT') throw error;
    });
  }
  await symlink(join(ROOT, 'node_modules'), join(to, 'node_modules'), 'dir');
}

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

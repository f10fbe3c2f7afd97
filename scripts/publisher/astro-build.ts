/**
 * The real build of the publisher: `astro build` on the project's Node, into a given directory, its output
 * kept quiet and, on failure, reduced to the one line that says why (the catalogue loaders name the endpoint
 * and the status, e.g. `the catalogue was not published: products not found. (GET /catalog/products… → 503)`).
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { BUILD_NODE_OPTIONS, buildEnv } from '../tools/build-env.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const ASTRO = fileURLToPath(new URL('../../node_modules/astro/bin/astro.mjs', import.meta.url));

/** Set by astro.config.mjs for one build only: a new build must make its own. */
const PER_BUILD = ['BUILD_ID', 'BUILD_TIME', 'CATALOG_VERSION', 'OUT_DIR'];

/** The line of a failed build's output that says why: the first that is not a retry, a stack frame or a label. */
export function failureLine(output: string): string {
  const lines = output
    // biome-ignore lint/suspicious/noControlCharactersInRegex: strips the terminal's colour codes
    .replace(/\x1b\[[0-9;]*m/g, '')
    .split('\n')
    .map((line) =>
      line
        .trim()
        .replace(/^\d\d:\d\d:\d\d\s+/, '')
        .replace(/^\[ERROR\]\s*/, ''),
    )
    .filter(Boolean);
  const telling = lines.find(
    (line) =>
      !/^at\s|^(Location|Stack trace|Caused by|Hint):?$|^\[[\w-]+\] retry \d+:|^\//.test(line) &&
      !/^\[WARN\]/.test(line),
  );
  return telling ?? 'the build failed without saying why';
}

export interface AstroBuildOptions {
  apiUrl: string;
  siteUrl: string;
  /** Astro's cache folder (the catalogue snapshot lives there); one per served site. */
  cacheDir?: string;
  /** Extra environment for the build. */
  env?: Record<string, string>;
  /** Stops a running build (the server is shutting down). */
  signal?: AbortSignal;
}

/** A build function for the publisher: resolves when `astro build` wrote `outDir`, rejects with why not. */
export function astroBuild(options: AstroBuildOptions): (outDir: string) => Promise<void> {
  return (outDir) =>
    new Promise((resolve, reject) => {
      const env: Record<string, string | undefined> = { ...process.env };
      for (const name of PER_BUILD) delete env[name];
      Object.assign(env, buildEnv(process.env), options.env, {
        CATALOG_API_URL: options.apiUrl,
        SITE_URL: options.siteUrl,
        OUT_DIR: outDir,
        ...(options.cacheDir && { ASTRO_CACHE_DIR: options.cacheDir }),
        FORCE_COLOR: '0',
      });
      const child = spawn(process.execPath, [...BUILD_NODE_OPTIONS, ASTRO, 'build'], {
        cwd: ROOT,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      let stdoutTail = '';
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
        // Only the end matters (the error comes last); cut at a line so no fragment is taken for the reason.
        if (stderr.length > 64 * 1024)
          stderr = stderr.slice(stderr.indexOf('\n', stderr.length - 48 * 1024) + 1);
      });
      child.stdout.on('data', (chunk: Buffer) => {
        stdoutTail = (stdoutTail + chunk.toString()).slice(-16 * 1024);
      });
      const abort = () => child.kill('SIGTERM');
      options.signal?.addEventListener('abort', abort, { once: true });
      child.on('error', reject);
      child.on('exit', (code, signal) => {
        options.signal?.removeEventListener('abort', abort);
        if (code === 0) return resolve();
        const why = failureLine(stderr || stdoutTail);
        reject(new Error(signal ? `the build was stopped (${signal})` : why));
      });
    });
}

/**
 * The real build of the publisher: `astro build` on the project's Node, into a given directory, its output
 * kept quiet and, on failure, reduced to the one line that says why (the catalogue loaders name the endpoint
 * and the status, e.g. `the catalogue was not published: products not found. (GET /catalog/products… → 503)`).
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { CATALOGUE_LOADED, PLANNED_PAGES, REUSED_PAGES } from '../../src/engine/pages/build-plan.ts';
import { BUILD_NODE_OPTIONS, buildEnv } from '../tools/build-env.mjs';
import type { BuildStep } from './publisher.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const ASTRO = fileURLToPath(new URL('../../node_modules/astro/bin/astro.mjs', import.meta.url));

/** Set by astro.config.mjs for one build only: a new build must make its own. */
const PER_BUILD = ['BUILD_ID', 'BUILD_TIME', 'CATALOG_VERSION', 'CATALOG_UPDATED_AT', 'OUT_DIR'];

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

// biome-ignore lint/suspicious/noControlCharactersInRegex: strips the terminal's colour codes
const COLOURS = /\x1b\[[0-9;]*m/g;
/**
 * A page Astro starts writing: its line in the log (`├─ /area/1/index.html`), endpoints left out. Pages written
 * at once glue their lines together (`├─ /404.html09:05:09   ├─ /about/index.html … (+3ms) (+4ms)`).
 */
const PAGE_WRITTEN = /[├└]─ \S*?\.html/g;

/**
 * How far a build has come, read from its log as it is written (the lines src/engine/pages/build-plan.ts
 * describes): the catalogue's products loaded of its total, then the pages it planned, once Astro has listed
 * its paths (and in a rebuild the unchanged pages it took from the last build), and the pages Astro has
 * started writing since (one line each). Lines are read whole, however the output is cut.
 */
export class BuildLogProgress {
  #stage: BuildStep['stage'] = 'catalogue';
  #loaded = 0;
  #products: number | null = null;
  #done = 0;
  #planned: number | null = null;
  #reused = 0;
  #partial = '';

  get current(): BuildStep {
    if (this.#stage === 'catalogue')
      return { stage: 'catalogue', done: this.#loaded, planned: this.#products };
    const pages: BuildStep = { stage: 'pages', done: this.#done, planned: this.#planned };
    if (this.#reused > 0) pages.reused = this.#reused;
    return pages;
  }

  /** Reads the next piece of the log; true when the progress changed. */
  read(chunk: string): boolean {
    const lines = (this.#partial + chunk).split('\n');
    this.#partial = lines.pop() ?? '';
    let changed = false;
    for (const raw of lines) {
      const line = raw.replace(COLOURS, '').trimEnd();
      const loaded = this.#stage === 'catalogue' ? CATALOGUE_LOADED.exec(line) : null;
      if (loaded) {
        this.#loaded = Number(loaded[1]);
        this.#products = Number(loaded[2]);
        changed = true;
      }
      const reused = REUSED_PAGES.exec(line);
      if (reused) {
        this.#reused = Number(reused[1]);
        changed = true;
      }
      const planned = PLANNED_PAGES.exec(line);
      if (planned) {
        this.#stage = 'pages';
        this.#planned = Number(planned[1]);
        changed = true;
      }
      const written = line.match(PAGE_WRITTEN)?.length ?? 0;
      if (written > 0) {
        this.#stage = 'pages';
        this.#done += written;
        changed = true;
      }
    }
    // More pages than planned would be a bar past its end: the plan was short, the pages are what counts.
    if (this.#planned !== null && this.#done > this.#planned) this.#planned = this.#done;
    return changed;
  }
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

/**
 * A build function for the publisher: resolves when `astro build` wrote `outDir`, rejects with why not;
 * tells `progress` how far it has come as its log goes.
 */
export function astroBuild(
  options: AstroBuildOptions,
): (outDir: string, progress?: (step: BuildStep) => void) => Promise<void> {
  return (outDir, progress) =>
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
      child.stderr.setEncoding('utf8');
      child.stderr.on('data', (chunk: string) => {
        stderr += chunk;
        // Only the end matters (the error comes last); cut at a line so no fragment is taken for the reason.
        if (stderr.length > 64 * 1024)
          stderr = stderr.slice(stderr.indexOf('\n', stderr.length - 48 * 1024) + 1);
      });
      const pages = new BuildLogProgress();
      child.stdout.setEncoding('utf8');
      child.stdout.on('data', (chunk: string) => {
        stdoutTail = (stdoutTail + chunk).slice(-16 * 1024);
        if (pages.read(chunk)) progress?.(pages.current);
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

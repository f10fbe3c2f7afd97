/**
 * The local publisher behind `npm start`: builds the site into a fresh directory, checks it, and swaps it in
 * as the served root; a failed or rejected build leaves the last good site serving. One build at a time (two
 * Astro builds of one checkout share `.astro/` in the project root and must never overlap); triggers that
 * arrive during a build coalesce into at most one more. Old output directories are deleted, all but the last
 * few. Production does the same with Netlify's build hook and atomic deploys (docs/deploy.md).
 *
 * The last builds are kept in a JSON file (`historyFile`), written whole through a file of its own that is
 * renamed over the old one, so a restart shows them again and a crash never leaves half a history.
 */
import { readFileSync } from 'node:fs';
import { mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Who asked for a build: an editor's 「今すぐ公開」, the schedule, or `npm start` itself; on Netlify also
 * any other deploy (a push, the dashboard), named by its deploy message.
 */
export type Trigger = 'editor' | 'schedule' | 'start' | 'deploy';

/**
 * Where a build is. The local publisher knows each build from start to end; on Netlify a build can also be
 * waiting for another (queued), asked for by this page but not yet seen in Netlify's deploys (requested),
 * or asked for long ago and never seen live (unknown: the function cannot tell without a Netlify token).
 */
export type Outcome = 'building' | 'published' | 'failed' | 'rejected' | 'queued' | 'requested' | 'unknown';

/** One build, as the editor page lists it. */
export interface BuildRecord {
  id: number;
  trigger: Trigger;
  /** The staff account that pressed publish, or why the schedule built. */
  cause: string;
  startedAt: string;
  durationMs: number | null;
  /** HTML pages of the build, once checked. */
  pages: number | null;
  outcome: Outcome;
  /** For a failed or rejected build, the one-line reason. */
  reason: string | null;
}

/**
 * How far a build has come, as it tells: products of the catalogue loaded of the catalogue's total, or
 * pages written of the pages it planned (null until the build says).
 */
export interface BuildStep {
  stage: 'catalogue' | 'pages';
  done: number;
  planned: number | null;
  /** Pages only, in a rebuild: the unchanged pages taken from the last build, not among those planned. */
  reused?: number | undefined;
}

/**
 * What the running build is doing: starting, loading the catalogue, writing its pages, being checked, or
 * being readied and swapped in (publishing). Counts are the build's own, for the stages that have them.
 */
export interface BuildProgress {
  stage: 'preparing' | BuildStep['stage'] | 'checking' | 'publishing';
  done: number;
  planned: number | null;
  reused?: number | undefined;
}

/** A request to build: unconditional (an editor), or with a condition asked when its turn comes. */
export interface PublishRequest {
  trigger: Trigger;
  cause: string;
  /** The reason to build, or null to skip; asked just before building, so it sees the live site of then. */
  condition?: () => Promise<string | null>;
}

export interface PublisherOptions {
  /** The site served until the first publish (`npm start`'s own build); never deleted by the publisher. */
  initialRoot: string;
  /** Where fresh builds go, one directory each. */
  buildsDir: string;
  /** Builds into the directory, telling how far it has come; rejects with a one-line message on failure. */
  build: (outDir: string, progress: (step: BuildStep) => void) => Promise<void>;
  /** Checks a build; resolves with its page count, or rejects with a one-line reason. */
  check: (outDir: string) => Promise<{ pages: number }>;
  /** Readies a checked build for serving (the server parses its rules); a rejection rejects the build. */
  prepare?: (outDir: string) => Promise<void>;
  /**
   * The catalog API's current version: read as each build begins, and again when an editor presses during
   * a build, which queues one more only if the catalogue changed since (`press`).
   */
  catalogVersion?: () => Promise<string>;
  /** Output directories kept, the live one included (default 3). */
  keep?: number;
  /** Build records kept for the editor page (default 20). */
  history?: number;
  /** The JSON file the records are kept in across restarts; none, they live in memory only. */
  historyFile?: string;
  now?: () => number;
  log?: (line: string) => void;
}

export type PublishAnswer = 'started' | 'queued' | 'coalesced';

/** The first line of an error's message, trimmed to a length a list can show. */
export function oneLine(error: unknown, max = 300): string {
  const text = error instanceof Error ? error.message : String(error);
  const line =
    text
      .split('\n')
      .map((part) => part.trim())
      .find(Boolean) ?? 'unknown error';
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** The reason given to a build that was still running when the server stopped. */
const INTERRUPTED = 'ビルドの途中でサーバーが止まりました。';
const HISTORY_VERSION = 1;
/** What the local publisher writes into its history, and so all it takes back. */
const TRIGGERS: readonly string[] = ['editor', 'schedule', 'start'] satisfies Trigger[];
const OUTCOMES: readonly string[] = ['building', 'published', 'failed', 'rejected'] satisfies Outcome[];

const isText = (value: unknown): value is string => typeof value === 'string';
const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

/** Whether a value read from the history file is a build record, field by field. */
function isRecord(value: unknown): value is BuildRecord {
  if (typeof value !== 'object' || value === null) return false;
  const r = value as Record<string, unknown>;
  return (
    isCount(r.id) &&
    TRIGGERS.includes(r.trigger as string) &&
    isText(r.cause) &&
    isText(r.startedAt) &&
    !Number.isNaN(Date.parse(r.startedAt)) &&
    (r.durationMs === null || isCount(r.durationMs)) &&
    (r.pages === null || isCount(r.pages)) &&
    OUTCOMES.includes(r.outcome as string) &&
    (r.reason === null || isText(r.reason))
  );
}

/**
 * The records of a history file, newest first: none when there is no file yet; none, with a log line, when
 * it is not a history this publisher wrote (it is replaced by the next write). A build still running when
 * the file was written was cut short by a stop: it is a failed build now.
 */
function readHistory(file: string, keep: number, log: (line: string) => void): BuildRecord[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
      log(`publisher: cannot read ${file}: ${oneLine(error)}`);
    return [];
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = null;
  }
  const { version, builds } = (typeof body === 'object' && body !== null ? body : {}) as Record<
    string,
    unknown
  >;
  if (version !== HISTORY_VERSION || !Array.isArray(builds) || !builds.every(isRecord)) {
    log(`publisher: ${file} is not a build history of this version; a new one replaces it`);
    return [];
  }
  return builds
    .slice(0, keep)
    .map((record) =>
      record.outcome === 'building' ? { ...record, outcome: 'failed', reason: INTERRUPTED } : record,
    );
}

export class Publisher {
  readonly #options: Required<Omit<PublisherOptions, 'prepare' | 'historyFile' | 'catalogVersion'>> &
    Pick<PublisherOptions, 'prepare' | 'historyFile' | 'catalogVersion'>;
  #root: string;
  #records: BuildRecord[] = [];
  #nextId = 1;
  #running: Promise<void> | null = null;
  #queued: PublishRequest | null = null;
  #progress: BuildProgress | null = null;
  /** The catalogue version the running build began with; null when none runs or the API did not say. */
  #buildingVersion: Promise<string | null> = Promise.resolve(null);
  /** The history file's writes, one after the other. */
  #saving: Promise<void> = Promise.resolve();
  #writes = 0;

  constructor(options: PublisherOptions) {
    this.#options = {
      keep: 3,
      history: 20,
      now: Date.now,
      log: (line) => console.log(line),
      ...options,
    };
    this.#root = path.resolve(options.initialRoot);
    if (options.historyFile) {
      this.#records = readHistory(options.historyFile, this.#options.history, this.#options.log);
      this.#nextId = Math.max(0, ...this.#records.map((record) => record.id)) + 1;
    }
  }

  /** The directory being served now; the server asks once per request. */
  get root(): string {
    return this.#root;
  }

  /** Whether a build is under way. */
  get busy(): boolean {
    return this.#running !== null;
  }

  /** Whether one more build waits for the running one. */
  get queued(): boolean {
    return this.#queued !== null;
  }

  /** How far the build under way has come; null when none is building. */
  get progress(): BuildProgress | null {
    return this.#progress;
  }

  /** The last builds, newest first. */
  get records(): readonly BuildRecord[] {
    return this.#records;
  }

  /** Adds a build made outside the publisher (`npm start`'s first build) to the list. */
  record(entry: Omit<BuildRecord, 'id'>): void {
    this.#remember({ id: this.#nextId++, ...entry });
  }

  /**
   * Asks for a build. Idle: it starts now. During a build: it is queued, and every later request merges
   * into that one queued build (an unconditional request wins over a conditional one).
   */
  publish(request: PublishRequest): PublishAnswer {
    if (this.#running === null) {
      this.#running = this.#drain(request);
      return 'started';
    }
    if (this.#queued === null) {
      this.#queued = request;
      return 'queued';
    }
    if (this.#queued.condition !== undefined && request.condition === undefined) this.#queued = request;
    return 'coalesced';
  }

  /**
   * An editor's 「今すぐ公開」: idle, a build starts. During a build, the press joins it unless the catalogue
   * changed after that build began (or either version cannot be read): then one more build is queued.
   */
  async press(request: PublishRequest): Promise<PublishAnswer> {
    const { catalogVersion } = this.#options;
    if (this.#running === null || !catalogVersion) return this.publish(request);
    const [began, now] = await Promise.all([this.#buildingVersion, catalogVersion().catch(() => null)]);
    if (this.#running !== null && began !== null && now === began) {
      this.#options.log(`publisher: ${request.trigger} (${request.cause}) joins the build under way`);
      return 'coalesced';
    }
    return this.publish(request);
  }

  /** Resolves when no build is running or queued, and the history file is written. */
  async idle(): Promise<void> {
    while (this.#running !== null) await this.#running;
    await this.#saving;
  }

  async #drain(first: PublishRequest): Promise<void> {
    let next: PublishRequest | null = first;
    try {
      while (next !== null) {
        await this.#runOnce(next);
        next = this.#queued;
        this.#queued = null;
      }
    } finally {
      this.#running = null;
    }
  }

  async #runOnce(request: PublishRequest): Promise<void> {
    const { log, now } = this.#options;
    let cause = request.cause;
    if (request.condition !== undefined) {
      let reason: string | null;
      try {
        reason = await request.condition();
      } catch (error) {
        log(`publisher: ${request.trigger} check failed, nothing built: ${oneLine(error)}`);
        return;
      }
      if (reason === null) {
        log(`publisher: ${request.trigger} check: the live site is current, nothing built`);
        return;
      }
      cause = reason;
    }
    const started = now();
    const id = this.#nextId++;
    const entry: BuildRecord = {
      id,
      trigger: request.trigger,
      cause,
      startedAt: new Date(started).toISOString(),
      durationMs: null,
      pages: null,
      outcome: 'building',
      reason: null,
    };
    this.#remember(entry);
    const stamp = new Date(started)
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d+Z$/, 'Z');
    const outDir = path.resolve(this.#options.buildsDir, `${stamp}-${String(id).padStart(6, '0')}`);
    log(`publisher: build ${id} (${request.trigger}: ${cause}) into ${outDir}`);
    let stage: 'failed' | 'rejected' = 'failed';
    const progress: BuildProgress = { stage: 'preparing', done: 0, planned: null };
    this.#progress = progress;
    let built = false;
    const { catalogVersion } = this.#options;
    this.#buildingVersion = catalogVersion ? catalogVersion().catch(() => null) : Promise.resolve(null);
    try {
      await mkdir(this.#options.buildsDir, { recursive: true });
      await rm(outDir, { recursive: true, force: true });
      await this.#options.build(outDir, ({ stage: step, done, planned, reused }) => {
        if (!built) Object.assign(progress, { stage: step, done, planned, reused });
      });
      built = true;
      stage = 'rejected';
      Object.assign(progress, { stage: 'checking', done: 0, planned: null });
      delete progress.reused;
      const { pages } = await this.#options.check(outDir);
      progress.stage = 'publishing';
      await this.#options.prepare?.(outDir);
      entry.pages = pages;
      // The swap: one assignment, so each request sees the old root or the new one.
      this.#root = outDir;
      entry.outcome = 'published';
      log(`publisher: build ${id} published (${pages} pages)`);
      await this.#prune();
    } catch (error) {
      entry.outcome = stage;
      entry.reason = oneLine(error);
      log(`publisher: build ${id} ${stage}, the live site is unchanged: ${entry.reason}`);
      await rm(outDir, { recursive: true, force: true }).catch(() => {});
    } finally {
      entry.durationMs = now() - started;
      this.#progress = null;
      this.#buildingVersion = Promise.resolve(null);
    }
    await this.#save();
  }

  #remember(entry: BuildRecord): void {
    this.#records.unshift(entry);
    this.#records.length = Math.min(this.#records.length, this.#options.history);
    void this.#save();
  }

  /** Writes the records as they are now, after any write before; a failure is logged, never thrown. */
  #save(): Promise<void> {
    const file = this.#options.historyFile;
    if (!file) return this.#saving;
    const text = `${JSON.stringify({ version: HISTORY_VERSION, builds: this.#records }, null, 2)}\n`;
    const temporary = `${file}.${process.pid}-${++this.#writes}.tmp`;
    this.#saving = this.#saving.then(async () => {
      try {
        await mkdir(path.dirname(path.resolve(file)), { recursive: true });
        await writeFile(temporary, text);
        await rename(temporary, file);
      } catch (error) {
        this.#options.log(`publisher: cannot write ${file}: ${oneLine(error)}`);
        await rm(temporary, { force: true }).catch(() => {});
      }
    });
    return this.#saving;
  }

  /** Deletes all but the newest `keep` build directories; never the live one. */
  async #prune(): Promise<void> {
    const dir = path.resolve(this.#options.buildsDir);
    const names = (await readdir(dir, { withFileTypes: true }))
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    const old = names.slice(0, Math.max(0, names.length - this.#options.keep));
    for (const name of old) {
      const full = path.join(dir, name);
      if (full !== this.#root) await rm(full, { recursive: true, force: true });
    }
  }
}

/**
 * The rules behind src/features/site/build-watch.ts, as pure functions: when to skip the build manifest,
 * what new code looks like, and the reload guard for failed chunk loads.
 */
import type { LatestBuild } from '../../lib/build-info.ts';

/** The manifest is fetched this long after the load event (about 1 s). */
export const MANIFEST_DELAY_MS = 1000;
/** How often an open page asks whether a newer build is deployed. */
export const POLL_INTERVAL_MS = 5 * 60_000;
/** A page coming back into view asks again only when its last answer is older than this. */
export const RECHECK_AFTER_MS = 60_000;
/** One reload per path within this window. */
export const RELOAD_GUARD_WINDOW_MS = 10_000;
/** sessionStorage key of the reload guard: path → time of its last reload. */
export const RELOAD_GUARD_KEY = 'reload-guard:v1';

/** The part of `navigator.connection` (Network Information API) that matters here. */
export interface ConnectionInfo {
  saveData?: boolean;
  effectiveType?: string;
}

/** True when the visitor asked to save data or the connection is 2G or slower. */
export function isSlowConnection(connection: ConnectionInfo | undefined): boolean {
  // `2g` and `slow-2g`, in one test: this runs on every page.
  return connection?.saveData === true || /2g$/.test(connection?.effectiveType ?? '');
}

/**
 * True when `latest` (a `/_build/latest.json` body) names another code version than this page's: the code
 * was deployed anew. A build of the same code with another catalogue is not one (a page's prices and stock
 * are asked of the API where they matter).
 */
export function isOtherCode(current: string, latest: unknown): boolean {
  const version = (latest as Partial<LatestBuild> | null)?.codeVersion;
  return typeof version === 'string' && version !== current;
}

const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload/i;

/** True for the errors browsers raise when a code chunk fails to load (Chromium, Safari, Firefox, Vite). */
export function isChunkLoadError(reason: unknown): boolean {
  const message = reason instanceof Error ? reason.message : typeof reason === 'string' ? reason : '';
  return CHUNK_ERROR.test(message);
}

/** Path → time of the last guarded reload. */
export type ReloadLog = Record<string, number>;

/**
 * The reload guard: reload `path` unless it was reloaded within the window (a chunk that is really gone
 * must not loop). Returns the decision and the log to store, with entries older than the window dropped.
 */
export function guardReload(
  log: ReloadLog,
  path: string,
  now: number,
  windowMs: number = RELOAD_GUARD_WINDOW_MS,
): { reload: boolean; log: ReloadLog } {
  const fresh = Object.fromEntries(
    Object.entries(log).filter(([, time]) => typeof time === 'number' && now - time < windowMs),
  );
  if (path in fresh) return { reload: false, log: fresh };
  return { reload: true, log: { ...fresh, [path]: now } };
}

/** The storage the guard keeps its log in (sessionStorage in the browser). */
export type GuardStorage = Pick<Storage, 'getItem' | 'setItem'>;

/**
 * Reloads `path` through `reload` unless the guard says it was just reloaded; client state (local and
 * session storage) is kept. Without a storage that remembers the reload there is none: a chunk that is
 * really gone would otherwise reload forever. Returns whether it reloaded.
 */
export function reloadOnce(
  path: string,
  storage: GuardStorage | undefined,
  reload: () => void,
  now: number = Date.now(),
): boolean {
  let log: ReloadLog = {};
  try {
    // Entries that are not times are dropped by guardReload.
    log = { ...JSON.parse(storage?.getItem(RELOAD_GUARD_KEY) ?? '{}') };
  } catch {
    // An unreadable log is an empty one.
  }
  const decision = guardReload(log, path, now);
  if (!decision.reload) return false;
  if (!storage) return false;
  try {
    storage.setItem(RELOAD_GUARD_KEY, JSON.stringify(decision.log));
  } catch {
    return false;
  }
  reload();
  return true;
}

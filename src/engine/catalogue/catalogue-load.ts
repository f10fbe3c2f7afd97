/**
 * The build's catalogue loaded by a thread of its own, started as soon as `astro build` or `astro dev` has
 * read its configuration (catalogue-integration.ts), so that fetching, checking and writing the snapshot
 * run on the second core while Astro starts up, syncs its content and bundles the site on the first.
 *
 * Nothing is read before it is checked. The area and brand lists are posted once they have passed their
 * own checks (`lists`); the pages read the catalogue only from the snapshot, and `waitForCatalogue` (called
 * by the snapshot's reader) holds the first reader until the whole catalogue has passed every check and
 * the snapshot is written, or throws the reason the catalogue was refused, which fails the build. Without a
 * load started (the tests) `waitForCatalogue` returns at once: the snapshot is read as it is.
 *
 * Reasons travel as the detail alone (the endpoint and what was wrong with its answer); `refusal` makes the
 * line the build fails with. The handle lives on `globalThis`: the integration that starts the load and the
 * bundled pages that read the snapshot are separate copies of these modules in one process.
 */
import { Worker } from 'node:worker_threads';
import type { Area, Tenant } from '../../lib/catalog/types.ts';
import type { TenantNames } from './tenant-names.ts';

/** The checked area and brand lists, as the snapshot heads them, and the brands' names in chat's languages. */
export interface CatalogueLists {
  areas: Area[];
  tenants: Tenant[];
  tenantNames: TenantNames[];
}

/** What the snapshot took, once written. */
interface CatalogueWritten {
  products: number;
  /** Products whose text was derived again (the rest were unchanged since the last snapshot). */
  processed: number;
  /** Milliseconds from the start of the load. */
  ms: number;
}

/** Messages from the loading thread. */
export type LoadMessage =
  | { type: 'lists'; lists: CatalogueLists }
  | { type: 'written'; written: CatalogueWritten }
  | { type: 'refused'; reason: string };

/** The shared state's layout: a state word, the reason's length, then the reason in UTF-8. */
const STATE = { loading: 0, written: 1, refused: 2 } as const;
const STATE_INDEX = 0;
const LENGTH_INDEX = 1;
const HEADER_BYTES = 8;
/** Room for the reason a catalogue was refused (longer reasons are cut, on a character boundary). */
const REASON_BYTES = 16 * 1024;

export function sharedState(): SharedArrayBuffer {
  return new SharedArrayBuffer(HEADER_BYTES + REASON_BYTES);
}

/** The loading thread's side: the outcome, readable by a thread that cannot take messages (it waits). */
export function settle(shared: SharedArrayBuffer, outcome: { refused: string } | { written: true }): void {
  const words = new Int32Array(shared, 0, 2);
  if ('refused' in outcome) {
    const bytes = new Uint8Array(shared, HEADER_BYTES, REASON_BYTES);
    const { written } = new TextEncoder().encodeInto(outcome.refused, bytes);
    Atomics.store(words, LENGTH_INDEX, written);
    Atomics.store(words, STATE_INDEX, STATE.refused);
  } else {
    Atomics.store(words, STATE_INDEX, STATE.written);
  }
  Atomics.notify(words, STATE_INDEX);
}

/** The outcome as settled, waiting for it if `wait`; undefined while loading (and not waiting). */
export function settled(
  shared: SharedArrayBuffer,
  wait: boolean,
): { refused: string } | { written: true } | undefined {
  const words = new Int32Array(shared, 0, 2);
  if (wait) Atomics.wait(words, STATE_INDEX, STATE.loading);
  const state = Atomics.load(words, STATE_INDEX);
  if (state === STATE.written) return { written: true };
  if (state === STATE.refused) {
    const length = Atomics.load(words, LENGTH_INDEX);
    return { refused: new TextDecoder().decode(new Uint8Array(shared, HEADER_BYTES, length).slice()) };
  }
  return undefined;
}

/** The one line a refused catalogue fails the build with, naming the endpoint or the check. */
export function refusal(reason: string): string {
  return `the catalogue was not published: ${reason}`;
}

/**
 * A refused catalogue: `message` is the line the build fails with, `reason` its detail. It carries no
 * stack: the build prints an error's stack under its message, and where in Astro's page generation the
 * refusal was noticed is nothing a content editor can use. The one line is the whole output.
 */
export class CatalogueRefused extends Error {
  readonly reason: string;
  constructor(reason: string) {
    super(refusal(reason));
    this.name = 'CatalogueRefused';
    this.reason = reason;
    this.stack = '';
  }
}

/** A load in progress in this process. */
export interface CatalogueLoad {
  shared: SharedArrayBuffer;
  /** The checked area and brand lists; rejects with the reason when they are refused. */
  lists: Promise<CatalogueLists>;
  /** The snapshot written; rejects with the reason the catalogue was refused. */
  written: Promise<CatalogueWritten>;
}

const HANDLE = Symbol.for('gift-catalogue.catalogue-load');
type WithHandle = typeof globalThis & { [HANDLE]?: CatalogueLoad };

/** The load started in this process, if any. */
export function currentLoad(): CatalogueLoad | undefined {
  return (globalThis as WithHandle)[HANDLE];
}

/**
 * Starts loading the catalogue on a thread of its own (catalogue-load-worker.ts) and makes it this
 * process's load. The thread keeps the process alive while it loads (a pending promise would not, and the
 * content sync waits on one); a build that fails elsewhere exits without waiting for it (Astro's CLI ends
 * the process on an error).
 */
export function startCatalogueLoad(): CatalogueLoad {
  const shared = sharedState();
  const worker = new Worker(new URL('./catalogue-load-worker.ts', import.meta.url), {
    workerData: { shared },
  });
  let listsSettled = false;
  let finished = false;
  let resolveLists: (lists: CatalogueLists) => void = () => {};
  let rejectLists: (error: Error) => void = () => {};
  const lists = new Promise<CatalogueLists>((resolve, reject) => {
    resolveLists = resolve;
    rejectLists = reject;
  });
  const written = new Promise<CatalogueWritten>((resolve, reject) => {
    const refuse = (reason: string) => {
      if (finished) return;
      finished = true;
      // Readable by a reader already waiting, when the thread ended before it could say so itself.
      if (!settled(shared, false)) settle(shared, { refused: reason });
      const error = new CatalogueRefused(reason);
      if (!listsSettled) rejectLists(error);
      listsSettled = true;
      reject(error);
    };
    worker.on('message', (message: LoadMessage) => {
      if (message.type === 'lists') {
        listsSettled = true;
        resolveLists(message.lists);
      } else if (message.type === 'written') {
        finished = true;
        resolve(message.written);
      } else {
        refuse(message.reason);
      }
    });
    worker.once('error', (error) => refuse(error.message));
    worker.once('exit', (code) => refuse(`its loading thread stopped (exit code ${code})`));
  });
  // Whoever needs them handles the failures; a build that never asks still ends with a reason.
  lists.catch(() => {});
  written.catch(() => {});
  const load: CatalogueLoad = { shared, lists, written };
  (globalThis as WithHandle)[HANDLE] = load;
  return load;
}

/**
 * Returns once the catalogue loaded by this process's load has passed every check and its snapshot is
 * written, waiting (blocking this thread) while it loads; throws the reason when it was refused. Returns
 * at once when no load was started (the tests): the snapshot is read as it is.
 */
export function waitForCatalogue(): void {
  const load = currentLoad();
  if (!load || knownWritten.has(load)) return;
  const outcome = settled(load.shared, true);
  if (outcome && 'refused' in outcome) throw new CatalogueRefused(outcome.refused);
  // Every page asks: once written, it stays written.
  knownWritten.add(load);
}

/** Loads known to be written. */
const knownWritten = new WeakSet<CatalogueLoad>();

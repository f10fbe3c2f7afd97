/**
 * What the editor page on Netlify remembers across requests, function instances and cold starts: the
 * presses it passed to the build hook, and what became of each. On Netlify it lives in Netlify Blobs (the
 * site's store `editor`, one JSON entry), read with strong consistency and written only if no other
 * instance wrote since it was read, so two presses at once cannot both call the hook. Where the function
 * runs without Blobs (run by hand, or in a test without the sandbox), it lives in memory, as long as the
 * instance does.
 */
import { getStore, type Store } from '@netlify/blobs';

/** What became of a press: its build was seen live (published), seen in Netlify's deploys, or never seen. */
export interface PressResult {
  outcome: 'published' | 'deployed' | 'unknown';
  /** The live build's id or the deploy's, when seen. */
  buildId: string | null;
  /** When that build was made or that deploy began; for `unknown`, when the page stopped waiting. */
  at: number;
}

/** An editor's press that called the build hook. */
export interface Press {
  account: string;
  at: number;
  /** Null while its build is awaited. */
  result: PressResult | null;
}

/** Everything remembered, newest press first. */
export interface Remembered {
  presses: Press[];
}

export interface EditorMemory {
  /** Where it lives, for the page's note and the logs. */
  readonly where: 'blobs' | 'memory';
  read(): Promise<Remembered>;
  /**
   * Changes what is remembered: `edit` gets the latest state and returns the next, or null to leave it; it
   * may be called again when another instance wrote in between. Resolves with the state after.
   */
  change(edit: (now: Remembered) => Remembered | null): Promise<Remembered>;
}

const KEY = 'presses';
const VERSION = 1;
/** Attempts at a conditional write before giving up (each lost race means another instance wrote). */
const ATTEMPTS = 5;

const isAt = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

function isResult(value: unknown): value is PressResult {
  if (typeof value !== 'object' || value === null) return false;
  const r = value as Record<string, unknown>;
  return (
    ['published', 'deployed', 'unknown'].includes(r.outcome as string) &&
    (r.buildId === null || typeof r.buildId === 'string') &&
    isAt(r.at)
  );
}

function isPress(value: unknown): value is Press {
  if (typeof value !== 'object' || value === null) return false;
  const p = value as Record<string, unknown>;
  return typeof p.account === 'string' && isAt(p.at) && (p.result === null || isResult(p.result));
}

/** A stored entry as the state it holds; anything this code did not write counts as nothing remembered. */
export function rememberedFrom(body: unknown): Remembered {
  const { version, presses } = (typeof body === 'object' && body !== null ? body : {}) as Record<
    string,
    unknown
  >;
  if (version !== VERSION || !Array.isArray(presses) || !presses.every(isPress)) return { presses: [] };
  return { presses };
}

/** Memory of this instance only. */
export function memoryOnly(): EditorMemory {
  let state: Remembered = { presses: [] };
  return {
    where: 'memory',
    read: async () => state,
    change: async (edit) => {
      state = edit(state) ?? state;
      return state;
    },
  };
}

/** Memory in a Netlify Blobs store, shared by every instance of the function. */
export function blobsMemory(store: Store): EditorMemory {
  /**
   * The entry and the tag to write over it. The tag is read first: a write after that changes it, so a
   * write conditional on it fails rather than overwrite what another instance wrote.
   */
  async function load(): Promise<{ state: Remembered; etag: string | null }> {
    const { blobs } = await store.list({ prefix: KEY });
    const etag = blobs.find((blob) => blob.key === KEY)?.etag ?? null;
    const body: unknown = etag === null ? null : await store.get(KEY, { type: 'json' });
    return { state: rememberedFrom(body), etag };
  }
  return {
    where: 'blobs',
    read: async () => (await load()).state,
    async change(edit) {
      for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
        const { state, etag } = await load();
        const next = edit(state);
        if (next === null) return state;
        const { modified } = await store.setJSON(
          KEY,
          { version: VERSION, presses: next.presses },
          etag === null ? { onlyIfNew: true } : { onlyIfMatch: etag },
        );
        if (modified) return next;
      }
      throw new Error('the editor store changed under every attempt to write it');
    },
  };
}

/**
 * The memory for the function: Netlify Blobs where Netlify configured them for it (always, on a deployed
 * site), otherwise this instance's memory, with a log line that says so.
 */
export function editorMemory(log: (line: string) => void = console.log): EditorMemory {
  try {
    return blobsMemory(getStore({ name: 'editor', consistency: 'strong' }));
  } catch (error) {
    if ((error as Error).name !== 'MissingBlobsEnvironmentError') throw error;
    log('editor: Netlify Blobs are not configured here; presses are kept in this instance only');
    return memoryOnly();
  }
}

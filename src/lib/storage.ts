/**
 * Reading and writing persisted client state: versioned keys, validated on read, never throwing (private
 * mode, quota, disabled storage or a value from an older version all fall back to the default).
 */

export type Validate<T> = (value: unknown) => value is T;

function storage(kind: 'local' | 'session'): Storage | undefined {
  try {
    return kind === 'local' ? globalThis.localStorage : globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

/** The stored value under `key` if it passes `validate`, else `fallback`. */
export function readStored<T>(kind: 'local' | 'session', key: string, validate: Validate<T>, fallback: T): T {
  try {
    const raw = storage(kind)?.getItem(key);
    if (raw == null) return fallback;
    const value: unknown = JSON.parse(raw);
    return validate(value) ? value : fallback;
  } catch {
    return fallback;
  }
}

/** Stores `value` as JSON under `key`; `undefined` removes it. Failures are ignored (state stays in memory). */
export function writeStored(kind: 'local' | 'session', key: string, value: unknown): void {
  try {
    const store = storage(kind);
    if (value === undefined) store?.removeItem(key);
    else store?.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled: the in-memory store still works for this page.
  }
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const isNonNegativeInteger = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

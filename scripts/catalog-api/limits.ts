/**
 * Request limits counted in the database, so that every API instance counts the same hits: the
 * hono-rate-limiter middleware's counters as fixed windows in `rate_windows` (store.ts, `hitWindow`), one
 * statement per hit.
 */
import type { Store as RateStore } from 'hono-rate-limiter';
import type { Env } from './http.ts';
import type { Store } from './store.ts';

/** A hono-rate-limiter store over the database, with windows of `windowMs`. */
export function databaseRateStore(store: Store, windowMs: number, now: () => number): RateStore<Env> {
  return {
    localKeys: false,
    async get(key) {
      const row = await store.rateWindow(key);
      if (row === undefined || now() - row.window_start >= windowMs) return undefined;
      return { totalHits: row.hits, resetTime: new Date(row.window_start + windowMs) };
    },
    async increment(key) {
      const { hits, windowStart } = await store.hitWindow(key, now(), windowMs);
      return { totalHits: hits, resetTime: new Date(windowStart + windowMs) };
    },
    decrement: (key) => store.unhitWindow(key),
    resetKey: (key) => store.deleteWindow(key),
  };
}

/** Whether a key is over `limit` hits in its current window, counting this hit. */
export async function overLimit(
  store: Store,
  key: string,
  limit: number,
  windowMs: number,
  now: number,
): Promise<{ over: boolean; retryAfterMs: number }> {
  const { hits, windowStart } = await store.hitWindow(key, now, windowMs);
  return { over: hits > limit, retryAfterMs: Math.max(0, windowStart + windowMs - now) };
}

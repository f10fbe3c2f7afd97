/**
 * Request limits counted in the database, so that every API instance counts the same hits: fixed windows in
 * `rate_windows`, one upsert a hit (store.ts, `hitWindow`).
 */
import type { Store } from './store.ts';

/** Whether a key is over `limit` hits in its current window, counting this hit, and when the window ends. */
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

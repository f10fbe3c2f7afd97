/** Receive per bag line: store or ship; any other value is treated as ship. */
import type { Receive } from '../../lib/catalog/types.ts';

/** The receive a line really has: `store` only when it says so, `ship` for anything else. */
export function normalizeReceive(value: unknown): Receive {
  return value === 'store' ? 'store' : 'ship';
}

/** The two choices, pickup first (the store is where the shopper pays). */
export const RECEIVE_CHOICES: readonly Receive[] = ['store', 'ship'];

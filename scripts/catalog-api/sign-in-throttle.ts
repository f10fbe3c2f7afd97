/**
 * Failed staff sign-ins, counted per account and client together. A few failures are free; after them each
 * try of that account from that client waits longer than the last (1 s, 2 s, 4 s… up to 15 minutes), the
 * right password included, or guessing would not be slowed. Nothing is ever locked for everyone: a visitor
 * who knows an account's name can only slow their own tries, never the counter's sign-in from its own
 * device. (A client trying many accounts is limited apart, per client, in app.ts.)
 *
 * Kept in the database, so every API instance counts the same failures and a restart forgets none.
 */
import type { Store } from './store.ts';

/** Failures of one account from one client that cost nothing. */
const FREE_FAILURES = 3;
const FIRST_DELAY_MS = 1000;
const MAX_DELAY_MS = 15 * 60_000;
/** A pair's failures are forgotten an hour after its last one. */
const FORGET_AFTER_MS = 3600_000;
/** Failures older than this are pruned by the sweep (limits.ts). */
export const SIGN_IN_FAILURES_KEPT_MS = FORGET_AFTER_MS;

export class SignInThrottle {
  readonly #store: Store;
  readonly #now: () => number;

  constructor(store: Store, now: () => number) {
    this.#store = store;
    this.#now = now;
  }

  /** One text for the pair, unambiguous whatever either holds (PostgreSQL's text holds no NUL character). */
  #key(account: string, client: string): string {
    return JSON.stringify([account, client]);
  }

  /** How long (ms) this account must wait before trying again from this client; 0 when it may try now. */
  async wait(account: string, client: string): Promise<number> {
    const failures = await this.#store.signInFailures(this.#key(account, client));
    const now = this.#now();
    if (!failures || now - failures.last_at >= FORGET_AFTER_MS || failures.failures < FREE_FAILURES) return 0;
    const delay = Math.min(FIRST_DELAY_MS * 2 ** (failures.failures - FREE_FAILURES), MAX_DELAY_MS);
    return Math.max(0, failures.last_at + delay - now);
  }

  async failed(account: string, client: string): Promise<void> {
    const now = this.#now();
    await this.#store.addSignInFailure(this.#key(account, client), now, now - FORGET_AFTER_MS);
  }

  async succeeded(account: string, client: string): Promise<void> {
    await this.#store.deleteSignInFailures(this.#key(account, client));
  }
}

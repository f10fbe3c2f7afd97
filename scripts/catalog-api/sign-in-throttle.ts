/**
 * Failed staff sign-ins, counted per account and client together. A few failures are free; after them each
 * try of that account from that client waits longer than the last (1 s, 2 s, 4 s… up to 15 minutes), the
 * right password included, or guessing would not be slowed. Nothing is ever locked for everyone: a visitor
 * who knows an account's name can only slow their own tries, never the counter's sign-in from its own
 * device. (A client trying many accounts is limited apart, per client, in app.ts.)
 *
 * Held in memory like the staff sessions, bounded: the oldest pairs are forgotten first.
 */

/** Failures of one account from one client that cost nothing. */
const FREE_FAILURES = 3;
const FIRST_DELAY_MS = 1000;
const MAX_DELAY_MS = 15 * 60_000;
/** A pair's failures are forgotten an hour after its last one. */
const FORGET_AFTER_MS = 3600_000;
const MAX_PAIRS = 10_000;

interface Failures {
  count: number;
  last: number;
}

export class SignInThrottle {
  readonly #pairs = new Map<string, Failures>();
  readonly #now: () => number;

  constructor(now: () => number) {
    this.#now = now;
  }

  #key(account: string, client: string): string {
    return `${account}\u0000${client}`;
  }

  #live(key: string): Failures | undefined {
    const failures = this.#pairs.get(key);
    if (failures && this.#now() - failures.last >= FORGET_AFTER_MS) {
      this.#pairs.delete(key);
      return undefined;
    }
    return failures;
  }

  /** How long (ms) this account must wait before trying again from this client; 0 when it may try now. */
  wait(account: string, client: string): number {
    const failures = this.#live(this.#key(account, client));
    if (!failures || failures.count < FREE_FAILURES) return 0;
    const delay = Math.min(FIRST_DELAY_MS * 2 ** (failures.count - FREE_FAILURES), MAX_DELAY_MS);
    return Math.max(0, failures.last + delay - this.#now());
  }

  failed(account: string, client: string): void {
    const key = this.#key(account, client);
    const failures = this.#live(key) ?? { count: 0, last: 0 };
    this.#pairs.delete(key);
    this.#pairs.set(key, { count: failures.count + 1, last: this.#now() });
    for (const oldest of this.#pairs.keys()) {
      if (this.#pairs.size <= MAX_PAIRS) break;
      this.#pairs.delete(oldest);
    }
  }

  succeeded(account: string, client: string): void {
    this.#pairs.delete(this.#key(account, client));
  }
}

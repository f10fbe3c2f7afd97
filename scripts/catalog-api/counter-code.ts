/**
 * The counter code: what a shopper reads out when the QR cannot be scanned. Eight characters from an
 * alphabet without the characters people confuse (0 O, 1 I L), shown in two groups of four ("K7QM-3XHP").
 * Signed-in counter staff type it at the store counter to open the draft order the QR opens.
 *
 * Typing is forgiving: case, spaces, hyphens and full-width characters (a Japanese keyboard) do not matter;
 * a character the alphabet never uses is refused with a message naming it, never guessed at, since 1 could
 * be I or L, and 0 could be O.
 *
 * Wrong codes are limited per staff member and per client (CounterCodeThrottle): a code is short enough
 * to guess at without it. The code is stored as its hash (orders.ts); it leads to the draft alias only,
 * which the QR shows to anyone at the counter, and only while the draft is pending.
 */
import { randomBytes } from 'node:crypto';
import { atRest } from './at-rest.ts';
import type { Store } from './store.ts';

/** 2–9 and A–Z without I, L and O: 31 characters, none of them read as another. */
export const COUNTER_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const COUNTER_CODE_LENGTH = 8;
/** Characters the alphabet leaves out because they are read as others. */
const CONFUSABLE = /[01ILO]/g;
/** What staff may type between the groups: spaces and the dashes a Japanese keyboard gives. */
const SEPARATORS = /[\s\-‐‑‒–—―−ー]/g;

/** A new code, uniformly drawn (bytes from 248 up are drawn again, 248 being 8 × 31). */
export function newCounterCode(random: (size: number) => Uint8Array = randomBytes): string {
  let code = '';
  while (code.length < COUNTER_CODE_LENGTH) {
    for (const byte of random(COUNTER_CODE_LENGTH * 2)) {
      if (byte >= 248) continue;
      code += COUNTER_CODE_ALPHABET[byte % COUNTER_CODE_ALPHABET.length];
      if (code.length === COUNTER_CODE_LENGTH) break;
    }
  }
  return code;
}

/** The code as the shopper's screen shows it: two groups of four. */
export function formatCounterCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

export type ParsedCounterCode = { ok: true; code: string } | { ok: false; message: string };

/**
 * What staff typed, as a code, or a message in Japanese (the counter's language) saying what is wrong.
 * Full-width characters count as their plain forms, case is ignored, spaces and hyphens are dropped.
 */
export function parseCounterCode(typed: string): ParsedCounterCode {
  const text = typed.normalize('NFKC').toUpperCase().replace(SEPARATORS, '');
  if (text === '') return { ok: false, message: 'コードを入力してください。' };
  const confusable = [...new Set(text.match(CONFUSABLE) ?? [])];
  if (confusable.length > 0) {
    return {
      ok: false,
      message: `コードに「${confusable.join('」「')}」は使われていません。お客さまの画面の文字をもう一度ご確認ください。`,
    };
  }
  if ([...text].some((char) => !COUNTER_CODE_ALPHABET.includes(char))) {
    return { ok: false, message: 'コードは英数字8文字です（例: K7QM-3XHP）。' };
  }
  if (text.length !== COUNTER_CODE_LENGTH) {
    return {
      ok: false,
      message: `コードは8文字です（入力は${text.length}文字でした）。お客さまの画面の文字をもう一度ご確認ください。`,
    };
  }
  return { ok: true, code: text };
}

/** The stored form of a code: its SHA-256, apart from every other hash of at-rest.ts by its prefix. */
export function counterCodeAtRest(code: string): string {
  return atRest(`counter-code\0${code}`);
}

/** Wrong codes a staff member may type in a window, and a client (one counter device, whoever uses it). */
export const COUNTER_CODE_MISSES_PER_STAFF = 10;
export const COUNTER_CODE_MISSES_PER_CLIENT = 20;
export const COUNTER_CODE_WINDOW_MS = 15 * 60_000;

/**
 * Wrong codes, counted per staff member and per client over the last 15 minutes. Past either limit, that
 * staff member (or every lookup from that client) waits until the oldest miss leaves the window. Codes that
 * open an order and input refused for its form cost nothing: only a lookup that found nothing counts.
 * Kept in the database, so every API instance counts the same misses.
 */
export class CounterCodeThrottle {
  readonly #store: Store;
  readonly #now: () => number;

  constructor(store: Store, now: () => number) {
    this.#store = store;
    this.#now = now;
  }

  async #waitFor(key: string, limit: number): Promise<number> {
    const now = this.#now();
    const oldest = await this.#store.nthRecentEvent(key, now - COUNTER_CODE_WINDOW_MS, limit);
    return oldest === undefined ? 0 : Math.max(0, oldest + COUNTER_CODE_WINDOW_MS - now);
  }

  /** How long (ms) before this staff member may look up a code from this client; 0 when they may now. */
  async wait(account: string, client: string): Promise<number> {
    return Math.max(
      await this.#waitFor(`code-staff:${account}`, COUNTER_CODE_MISSES_PER_STAFF),
      await this.#waitFor(`code-client:${client}`, COUNTER_CODE_MISSES_PER_CLIENT),
    );
  }

  /** A lookup found no pending order. */
  async missed(account: string, client: string): Promise<void> {
    await this.#store.addLimitEvents([`code-staff:${account}`, `code-client:${client}`], this.#now());
  }
}

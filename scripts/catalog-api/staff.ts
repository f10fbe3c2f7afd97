/**
 * Staff of the store counter: accounts configured for the deployment, passwords hashed with scrypt, and
 * sign-in sessions held in memory (a restart signs staff out). Nothing here is ever put in a URL: the
 * session travels in an HttpOnly, SameSite=Strict cookie.
 *
 * Account format (CATALOG_STAFF_ACCOUNTS): `name:hash[,name:hash…]`, each hash made by
 * `npm run api -- --hash-password` (scrypt$N$r$p$salt$key, base64url).
 */
import { randomBytes, type ScryptOptions, scrypt, scryptSync, timingSafeEqual } from 'node:crypto';

const SCRYPT = { N: 16384, r: 8, p: 1, keyLength: 32 } as const;
const ACCOUNT_NAME = /^[A-Za-z0-9._-]{1,64}$/;
const HASH = /^scrypt\$(\d{1,7})\$(\d{1,3})\$(\d{1,3})\$([A-Za-z0-9_-]{16,128})\$([A-Za-z0-9_-]{16,256})$/;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** A staff session lasts one working day at most, and ends after two hours without use. */
export const STAFF_SESSION_SECONDS = 10 * 3600;
const STAFF_IDLE_MS = 2 * 3600_000;

/** Hashes a password for CATALOG_STAFF_ACCOUNTS: scrypt with a random 16-byte salt. */
export function hashPassword(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize('NFKC'), salt, SCRYPT.keyLength, {
    N: SCRYPT.N,
    r: SCRYPT.r,
    p: SCRYPT.p,
  });
  return `scrypt$${SCRYPT.N}$${SCRYPT.r}$${SCRYPT.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

function scryptAsync(
  password: string,
  salt: Buffer,
  length: number,
  options: ScryptOptions,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, length, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/**
 * Whether a password matches a stored hash (constant-time comparison; false for a malformed hash). The work
 * runs off the event loop, so a sign-in never stalls other requests.
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const match = HASH.exec(stored);
  if (!match) return false;
  const [, n, r, p, salt, key] = match as unknown as [string, string, string, string, string, string];
  const expected = Buffer.from(key, 'base64url');
  const N = Number(n);
  // Only sane parameters: a hostile hash must not make the server allocate gigabytes.
  if (N < 1024 || N > 1_048_576 || (N & (N - 1)) !== 0 || Number(r) > 32 || Number(p) > 16) return false;
  const actual = await scryptAsync(
    password.normalize('NFKC'),
    Buffer.from(salt, 'base64url'),
    expected.length,
    {
      N,
      r: Number(r),
      p: Number(p),
      maxmem: 256 * N * Number(r) + 1024 * 1024,
    },
  );
  return timingSafeEqual(actual, expected);
}

/** Parses `name:hash,…`; throws naming the problem (never echoing a hash). */
export function parseStaffAccounts(raw: string): Map<string, string> {
  const accounts = new Map<string, string>();
  for (const entry of raw.split(',').map((part) => part.trim())) {
    if (entry === '') continue;
    const colon = entry.indexOf(':');
    const name = colon < 0 ? entry : entry.slice(0, colon);
    const hash = colon < 0 ? '' : entry.slice(colon + 1);
    if (!ACCOUNT_NAME.test(name)) {
      throw new Error('CATALOG_STAFF_ACCOUNTS: an account name must be 1–64 of A–Z a–z 0–9 . _ -');
    }
    if (!HASH.test(hash)) {
      throw new Error(
        `CATALOG_STAFF_ACCOUNTS: the hash of "${name}" is not one made by npm run api -- --hash-password`,
      );
    }
    accounts.set(name, hash);
  }
  return accounts;
}

interface StaffSession {
  account: string;
  createdAt: number;
  lastUsed: number;
}

/** The cookie name: `__Host-` (Secure, Path=/, no Domain) on an HTTPS site. */
export function staffCookieName(publicUrl: string): string {
  return secureOrigin(publicUrl) ? '__Host-staff' : 'staff_session';
}

/**
 * HTTPS only. Chromium and Firefox also keep a Secure cookie set over plain HTTP on a loopback host (a
 * secure context), but WebKit, every iPhone browser's engine, drops it: on http://localhost staff could
 * never stay signed in there (tests/webkit/README.md).
 */
export function secureOrigin(publicUrl: string): boolean {
  return new URL(publicUrl).protocol === 'https:';
}

export class StaffDirectory {
  readonly #accounts: Map<string, string>;
  readonly #sessions = new Map<string, StaffSession>();
  readonly #now: () => number;

  constructor(accounts: Map<string, string>, now: () => number) {
    this.#accounts = accounts;
    this.#now = now;
  }

  get size(): number {
    return this.#accounts.size;
  }

  /**
   * A session token when the account and password match, else null. An unknown account costs the same
   * scrypt work as a known one, so timing does not tell which accounts exist.
   */
  async signIn(account: string, password: string): Promise<string | null> {
    const stored = this.#accounts.get(account);
    const ok = (await verifyPassword(password, stored ?? DUMMY_HASH)) && stored !== undefined;
    if (!ok) return null;
    const token = randomBytes(32).toString('base64url');
    const now = this.#now();
    this.#sessions.set(token, { account, createdAt: now, lastUsed: now });
    this.#prune(now);
    return token;
  }

  /** The account of a live session token, or null. */
  account(token: string | undefined): string | null {
    if (token === undefined || !TOKEN.test(token)) return null;
    const session = this.#sessions.get(token);
    if (!session) return null;
    const now = this.#now();
    if (now - session.createdAt >= STAFF_SESSION_SECONDS * 1000 || now - session.lastUsed >= STAFF_IDLE_MS) {
      this.#sessions.delete(token);
      return null;
    }
    session.lastUsed = now;
    return session.account;
  }

  signOut(token: string | undefined): void {
    if (token !== undefined) this.#sessions.delete(token);
  }

  #prune(now: number): void {
    for (const [token, session] of this.#sessions) {
      if (
        now - session.createdAt >= STAFF_SESSION_SECONDS * 1000 ||
        now - session.lastUsed >= STAFF_IDLE_MS
      ) {
        this.#sessions.delete(token);
      }
    }
  }
}

const DUMMY_HASH = hashPassword(randomBytes(16).toString('base64url'));

/**
 * Staff of the store counter: accounts configured for the deployment, passwords hashed with scrypt, and
 * sign-in sessions kept in the database (as the SHA-256 of their token, at-rest.ts), so every API instance
 * knows them and a restart signs nobody out. Nothing here is ever put in a URL: the session travels in an
 * HttpOnly, SameSite=Strict cookie. A session's roles are its account's as configured now: an account
 * removed or changed in CATALOG_STAFF_ACCOUNTS loses what it no longer has at once.
 *
 * Account format (CATALOG_STAFF_ACCOUNTS): `name:roles:hash[,…]`, roles `counter`, `editor` or
 * `counter+editor`, each hash made by `npm run api -- --hash-password` (scrypt$N$r$p$salt$key, base64url).
 * Counter staff take payments and mark shipments shipped; editors change products and publish the site.
 * The first format, `name:hash`, still works and keeps both roles, as such an account always had: an
 * upgrade never locks the counter out mid-day. main.ts names such accounts at start, so the split into
 * roles is a deliberate change to the configuration.
 */
import { randomBytes, type ScryptOptions, scrypt, scryptSync, timingSafeEqual } from 'node:crypto';
import { atRest } from './at-rest.ts';
import type { Store } from './store.ts';

/** New hashes: N = 2^17, r = 8, p = 1 (OWASP's minimum for scrypt), 128 MiB and a few hundred ms each. */
const SCRYPT = { N: 131_072, r: 8, p: 1, keyLength: 32 } as const;
/** The most a stored hash may make one verification allocate (scrypt needs 128·N·r bytes). */
const MAX_SCRYPT_BYTES = 256 * 1024 * 1024;
const ACCOUNT_NAME = /^[A-Za-z0-9._-]{1,64}$/;
const HASH = /^scrypt\$(\d{1,7})\$(\d{1,3})\$(\d{1,3})\$([A-Za-z0-9_-]{16,128})\$([A-Za-z0-9_-]{16,256})$/;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** A staff session lasts one working day at most, and ends after two hours without use. */
export const STAFF_SESSION_SECONDS = 10 * 3600;
const STAFF_IDLE_MS = 2 * 3600_000;
/** A session's last use is written at most once a minute. */
const TOUCH_EVERY_MS = 60_000;
/** A device staff signed in on stays known this long after its last sign-in. */
export const STAFF_DEVICE_SECONDS = 180 * 24 * 3600;

/** What a staff account may do. */
export type Role = 'counter' | 'editor';
const ROLES: readonly Role[] = ['counter', 'editor'];

export interface StaffAccount {
  hash: string;
  roles: ReadonlySet<Role>;
  /** Configured in the first format, without roles (it has both). */
  legacy: boolean;
}

/** A signed-in staff member. */
export interface StaffMember {
  account: string;
  roles: ReadonlySet<Role>;
}

/**
 * Hashes a password for CATALOG_STAFF_ACCOUNTS: scrypt with a random 16-byte salt. `N` is the default's
 * unless given (tests make cheap hashes; a hash carries its own parameters).
 */
export function hashPassword(password: string, params: { N?: number } = {}): string {
  const N = params.N ?? SCRYPT.N;
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize('NFKC'), salt, SCRYPT.keyLength, {
    N,
    r: SCRYPT.r,
    p: SCRYPT.p,
    maxmem: MAX_SCRYPT_BYTES + 1024 * 1024,
  });
  return `scrypt$${N}$${SCRYPT.r}$${SCRYPT.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
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
 * Whether a hash's parameters are ones this server computes: N a power of two from 2^10 to 2^20, r from 1 to 32, p
 * from 1 to 4, and at most 256 MiB of memory (128·N·r). Anything else is refused before any work: a
 * hostile or mistaken hash must not make the server allocate gigabytes (N = 2^20 with r = 32 is 4 GiB).
 */
export function scryptParametersAccepted(N: number, r: number, p: number): boolean {
  if (!Number.isSafeInteger(N) || N < 1024 || N > 1_048_576 || (N & (N - 1)) !== 0) return false;
  if (!Number.isInteger(r) || r < 1 || r > 32 || !Number.isInteger(p) || p < 1 || p > 4) return false;
  return 128 * N * r <= MAX_SCRYPT_BYTES;
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
  if (!scryptParametersAccepted(N, Number(r), Number(p))) return false;
  const actual = await scryptAsync(
    password.normalize('NFKC'),
    Buffer.from(salt, 'base64url'),
    expected.length,
    {
      N,
      r: Number(r),
      p: Number(p),
      maxmem: MAX_SCRYPT_BYTES + 1024 * 1024,
    },
  );
  return timingSafeEqual(actual, expected);
}

/** Parses `name:roles:hash,…` (or the first format, `name:hash`); throws naming the problem, never a hash. */
export function parseStaffAccounts(raw: string): Map<string, StaffAccount> {
  const accounts = new Map<string, StaffAccount>();
  for (const entry of raw.split(',').map((part) => part.trim())) {
    if (entry === '') continue;
    const colon = entry.indexOf(':');
    const name = colon < 0 ? entry : entry.slice(0, colon);
    let rest = colon < 0 ? '' : entry.slice(colon + 1);
    if (!ACCOUNT_NAME.test(name)) {
      throw new Error('CATALOG_STAFF_ACCOUNTS: an account name must be 1–64 of A–Z a–z 0–9 . _ -');
    }
    // The first format, `name:hash` (a hash has no colon).
    const legacy = !rest.includes(':');
    let roles: Role[] = [...ROLES];
    if (!legacy) {
      const second = rest.indexOf(':');
      const names = second < 0 ? '' : rest.slice(0, second);
      rest = second < 0 ? '' : rest.slice(second + 1);
      roles = names.split('+') as Role[];
      if (names === '' || !roles.every((role) => ROLES.includes(role))) {
        throw new Error(
          `CATALOG_STAFF_ACCOUNTS: the roles of "${name}" must be counter, editor or counter+editor (name:roles:hash)`,
        );
      }
    }
    if (!HASH.test(rest)) {
      throw new Error(
        `CATALOG_STAFF_ACCOUNTS: the hash of "${name}" is not one made by npm run api -- --hash-password`,
      );
    }
    accounts.set(name, { hash: rest, roles: new Set(ROLES.filter((role) => roles.includes(role))), legacy });
  }
  return accounts;
}

/** An account with both roles (the demo account of main.ts). */
export function everyRole(hash: string): StaffAccount {
  return { hash, roles: new Set(ROLES), legacy: false };
}

/** The cookie name: `__Host-` (Secure, Path=/, no Domain) on an HTTPS site. */
export function staffCookieName(publicUrl: string): string {
  return secureOrigin(publicUrl) ? '__Host-staff' : 'staff_session';
}

/**
 * The device cookie's name: a long-lived, HttpOnly cookie naming a device staff signed in on (the store
 * counter's tablet), so that sign-in failures from elsewhere on the same network never hold it back.
 */
export function staffDeviceCookieName(publicUrl: string): string {
  return secureOrigin(publicUrl) ? '__Host-staff-device' : 'staff_device';
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
  readonly #accounts: Map<string, StaffAccount>;
  readonly #store: Store;
  readonly #now: () => number;
  /** Checked for an unknown account: made at the cost of the configured ones, so timing tells nothing. */
  #dummyHash: string | undefined;

  constructor(accounts: Map<string, StaffAccount>, store: Store, now: () => number) {
    this.#accounts = accounts;
    this.#store = store;
    this.#now = now;
  }

  #dummy(): string {
    if (this.#dummyHash === undefined) {
      const first = this.#accounts.values().next().value;
      const N = Number(first?.hash.split('$')[1] ?? SCRYPT.N);
      this.#dummyHash = hashPassword(randomBytes(16).toString('base64url'), {
        N: scryptParametersAccepted(N, SCRYPT.r, SCRYPT.p) ? N : SCRYPT.N,
      });
    }
    return this.#dummyHash;
  }

  get size(): number {
    return this.#accounts.size;
  }

  /**
   * A session token when the account and password match, else null. An unknown account, and an empty
   * password, cost the same scrypt work as a known one, so timing does not tell which accounts exist.
   */
  async signIn(account: string, password: string): Promise<string | null> {
    const stored = this.#accounts.get(account);
    const matches = await verifyPassword(password, stored?.hash ?? this.#dummy());
    if (!matches || stored === undefined || password === '') return null;
    const token = randomBytes(32).toString('base64url');
    await this.#store.insertStaffSession(atRest(token), account, this.#now());
    return token;
  }

  /** The account and roles of a live session token, or null. */
  async member(token: string | undefined): Promise<StaffMember | null> {
    if (token === undefined || !TOKEN.test(token)) return null;
    const key = atRest(token);
    const session = await this.#store.staffSession(key);
    if (!session) return null;
    const account = this.#accounts.get(session.account);
    const now = this.#now();
    if (
      account === undefined ||
      now - session.created_at >= STAFF_SESSION_SECONDS * 1000 ||
      now - session.last_used >= STAFF_IDLE_MS
    ) {
      await this.#store.deleteStaffSession(key);
      return null;
    }
    if (now - session.last_used >= TOUCH_EVERY_MS) await this.#store.touchStaffSession(key, now);
    return { account: session.account, roles: account.roles };
  }

  async signOut(token: string | undefined): Promise<void> {
    if (token !== undefined && TOKEN.test(token)) await this.#store.deleteStaffSession(atRest(token));
  }

  /**
   * The account a device cookie was given to, when it is a known device still within its time; else null.
   * A device is known only as the SHA-256 of its cookie value.
   */
  async deviceAccount(token: string | undefined): Promise<string | null> {
    if (token === undefined || !TOKEN.test(token)) return null;
    const device = await this.#store.staffDevice(atRest(token));
    if (!device || this.#now() - device.last_used >= STAFF_DEVICE_SECONDS * 1000) return null;
    return device.account;
  }

  /** After a sign-in: the device's cookie value (its own when it already had one for this account). */
  async rememberDevice(token: string | undefined, account: string): Promise<string> {
    const kept = token !== undefined && (await this.deviceAccount(token)) === account ? token : undefined;
    const value = kept ?? randomBytes(32).toString('base64url');
    await this.#store.saveStaffDevice(atRest(value), account, this.#now());
    return value;
  }

  /** Deletes the sessions past either limit and the devices not used for their time (the hourly sweep). */
  async deleteExpired(): Promise<void> {
    const now = this.#now();
    await this.#store.deleteStaffSessionsBefore(now - STAFF_SESSION_SECONDS * 1000, now - STAFF_IDLE_MS);
    await this.#store.deleteStaffDevicesBefore(now - STAFF_DEVICE_SECONDS * 1000);
  }
}

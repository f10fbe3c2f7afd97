/**
 * What every route of the API shares: the services a request reaches (built once by app.ts), and the
 * questions routes ask of a request (who is asking, from where, which bag and which staff member).
 */
import type { HttpBindings } from '@hono/node-server';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { fromOwnOrigin } from '../shared/origin-check.ts';
import { type CartService, PLAIN_SESSION_COOKIE, SESSION_ABSOLUTE_SECONDS, SESSION_COOKIE } from './cart.ts';
import type { Catalog } from './catalog.ts';
import { clientAddress, forwardedHttps, type ProxyTrust } from './client-address.ts';
import type { Config } from './config.ts';
import type { CounterCodeThrottle } from './counter-code.ts';
import type { Database } from './database.ts';
import { ApiError } from './errors.ts';
import { type FaultInjector, MALFORMED_BODY } from './faults.ts';
import type { ImageService } from './images.ts';
import type { OrderService } from './orders.ts';
import type { SignInThrottle } from './sign-in-throttle.ts';
import { type Role, type StaffDirectory, type StaffMember, secureOrigin, staffCookieName } from './staff.ts';
import type { Store } from './store.ts';
import { crossSitePage, HTML_HEADERS } from './store-counter.ts';

/** `proxySigned`: the request carries a valid signature of the deployment's proxy (app.ts, proxy-signature.ts). */
/** `arrived`: when the request reached the API (performance.now()); `proxySigned`: see app.ts. */
export type Env = { Bindings: HttpBindings; Variables: { arrived: number; proxySigned?: boolean } };

export interface Services {
  config: Config;
  database: Database;
  store: Store;
  now: () => number;
  logError: (error: unknown, context: string) => void;
  catalog: Catalog;
  cart: CartService;
  orders: OrderService;
  images: ImageService;
  faults: FaultInjector;
  staff: StaffDirectory;
  signInThrottle: SignInThrottle;
  codeThrottle: CounterCodeThrottle;
  trust: ProxyTrust;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The socket's remote address; undefined for a request made in the process (app.request in tests). */
function peerOf(c: Context<Env>): string | undefined {
  const env = c.env as Partial<HttpBindings> | undefined;
  return env?.incoming?.socket?.remoteAddress;
}

function isLoopback(c: Context<Env>): boolean {
  const address = peerOf(c);
  if (address === undefined) return true; // in-process request (app.request in tests)
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
}

/**
 * Test-only surfaces (faults, test hooks) answer direct loopback calls only. The site's /api proxy also
 * connects from loopback, so a relayed request (X-Forwarded-For) is refused: visitors cannot reach them.
 */
export function isDirectLoopback(c: Context<Env>): boolean {
  return isLoopback(c) && c.req.header('x-forwarded-for') === undefined;
}

/** The client's address for the per-client limits (client-address.ts). */
export function clientOf(s: Services, c: Context<Env>): string {
  return clientAddress(peerOf(c), (name) => c.req.header(name), s.trust, c.get('proxySigned') === true);
}

/** The answer of the fault rule that fires for this request (faults.ts), if any, after its latency. */
export async function injectFault(s: Services, c: Context<Env>): Promise<Response | undefined> {
  const rule = s.faults.roll(c.req.method, c.req.path);
  if (!rule) return undefined;
  if (rule.latencyMs !== undefined) await sleep(rule.latencyMs);
  if (rule.malformed === true) {
    return c.body(MALFORMED_BODY, (rule.status ?? 200) as ContentfulStatusCode, {
      'Content-Type': 'application/json',
      'Cache-Control': 'no-store',
    });
  }
  if (rule.status !== undefined) {
    return c.json(
      { code: 'FAULT_INJECTED', message: `Injected fault: ${rule.status}` },
      rule.status as ContentfulStatusCode,
      { 'Cache-Control': 'no-store' },
    );
  }
  return undefined;
}

// ------------------------------------------------------------------------------------------------- staff

/**
 * Every staff request that changes something must come from a page of the site (the API's public origin,
 * where the /api proxy serves it): the editor's origin check (scripts/shared/origin-check.ts).
 */
function fromSite(s: Services, c: Context<Env>): boolean {
  return fromOwnOrigin(
    { origin: c.req.header('origin'), secFetchSite: c.req.header('sec-fetch-site') },
    new URL(s.config.publicUrl).origin,
  );
}

export const formFromSite = (s: Services) =>
  createMiddleware<Env>(async (c, next) => {
    if (!fromSite(s, c)) return c.body(crossSitePage(), 403, HTML_HEADERS);
    await next();
    return undefined;
  });

export const jsonFromSite = (s: Services) =>
  createMiddleware<Env>(async (c, next) => {
    if (!fromSite(s, c)) {
      return c.json(
        { code: 'FORBIDDEN', message: "Staff requests are accepted from the site's own pages only" },
        403,
        { 'Cache-Control': 'no-store' },
      );
    }
    await next();
    return undefined;
  });

export function staffCookieOf(s: Services): { name: string; secure: boolean } {
  return { name: staffCookieName(s.config.publicUrl), secure: secureOrigin(s.config.publicUrl) };
}

/** The signed-in staff member of the request, or null. */
export function staffMember(s: Services, c: Context<Env>): Promise<StaffMember | null> {
  return s.staff.member(getCookie(c, staffCookieOf(s).name));
}

/** The signed-in staff member, who must have `role` (403 otherwise: FORBIDDEN, or ROLE_REQUIRED). */
export async function requireStaff(s: Services, c: Context<Env>, role: Role): Promise<StaffMember> {
  const member = await staffMember(s, c);
  if (member === null) throw new ApiError(403, 'FORBIDDEN', 'Staff sign-in is required');
  if (!member.roles.has(role)) {
    throw new ApiError(403, 'ROLE_REQUIRED', `This needs a staff account with the ${role} role`);
  }
  return member;
}

// ------------------------------------------------------------------------------------------------- the bag

/** Whether the visitor came over HTTPS: the public URL is https, or a trusted proxy says so. */
function overHttps(s: Services, c: Context<Env>): boolean {
  return (
    s.config.publicUrl.startsWith('https:') ||
    forwardedHttps(peerOf(c), (name) => c.req.header(name), s.trust)
  );
}

/** Sets the bag cookie: `__Host-cart` (Secure) over HTTPS, `cart_session` on plain HTTP (cart.ts). */
export function setBagCookie(s: Services, c: Context<Env>, token: string): void {
  const secure = overHttps(s, c);
  setCookie(c, secure ? SESSION_COOKIE : PLAIN_SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    path: '/',
    maxAge: SESSION_ABSOLUTE_SECONDS,
    secure,
  });
}

/**
 * The visitor's live session (its key), or null; with `create`, a new one when there is none. A bag
 * under the plain-HTTP name reached over HTTPS (a browser from before `__Host-cart`) is read this once:
 * it is given a new value under the new name and the old cookie is deleted.
 */
async function bagSession(s: Services, c: Context<Env>, create: boolean): Promise<string | null> {
  const cart: CartService = s.cart;
  const current = await cart.existing(getCookie(c, SESSION_COOKIE));
  if (current !== null) return current;
  const plain = await cart.existing(getCookie(c, PLAIN_SESSION_COOKIE));
  if (plain !== null) {
    if (!overHttps(s, c)) return plain;
    const { id, token } = await cart.rotate(plain);
    setBagCookie(s, c, token);
    deleteCookie(c, PLAIN_SESSION_COOKIE, { path: '/' });
    return id;
  }
  if (!create) return null;
  const { id, token } = await cart.create();
  setBagCookie(s, c, token);
  return id;
}

/** The cart session of the request, starting one (and setting its cookie) when there is none. */
export async function session(s: Services, c: Context<Env>): Promise<string> {
  return (await bagSession(s, c, true)) ?? '';
}

/** The key of the bag the request's cookie names, if it is live; nothing is set or moved. */
export async function bagOf(s: Services, c: Context<Env>): Promise<string | null> {
  return (
    (await s.cart.existing(getCookie(c, SESSION_COOKIE))) ??
    (await s.cart.existing(getCookie(c, PLAIN_SESSION_COOKIE)))
  );
}

/** The visitor's live session, without creating one: who may see what is theirs. */
export function viewer(s: Services, c: Context<Env>): Promise<string | null> {
  return bagSession(s, c, false);
}

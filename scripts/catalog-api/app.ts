/**
 * The reference catalog API as a Hono app. Every path of src/lib/catalog/openapi.yaml, plus:
 *
 *   GET  /healthz                              { ok: true }
 *   GET  /healthz/pictures                     the pictures rendered ahead: 503 while under way, then 200
 *   GET  /images/{products|areas|tenants}/{id}.{jpg|png|webp|avif}?width&height&format&fit   (public)
 *   GET  /videos/products/{id}.mp4             the sample video, with Range support (public)
 *   GET  /store/qr/{alias}                     store-counter page (HTML) the QR code opens; staff sign in first
 *   POST /store/qr/{alias}/complete            its form: completes the payment (HTML result; staff only)
 *   GET|POST /store/code                       counter staff type the shopper's counter code: its pending
 *                                              draft's page (rate limited per staff member and per client)
 *   GET|POST /store/signin, POST /store/signout  staff sign-in (rate limited per client and per account)
 *   GET  /store/session                        whom the staff cookie belongs to (the local editor page asks)
 *   POST /store/shipments/{alias}/shipped      staff: address_received → shipped (JSON)
 *   PUT  /store/products/{id}                  editors: { title, lang? } changes a product's title
 * Staff accounts have roles (staff.ts): counter staff view and complete QR orders and mark shipments
 * shipped; editors change products (and publish, on the editor page of scripts/publisher/).
 *   GET|PUT|DELETE /__faults                   fault injection for tests, loopback only (see faults.ts)
 *   POST /__test/draft-orders/{alias}/expire   test hook: the draft order expires now (loopback, not proxied)
 *   (the last two only in demo mode with CATALOG_TEST_SWITCHES=1; otherwise they do not exist)
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { fileURLToPath } from 'node:url';
import type { HttpBindings } from '@hono/node-server';
import { type Context, Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { rateLimiter } from 'hono-rate-limiter';
import { fromOwnOrigin } from '../shared/origin-check.ts';
import { CartService, PLAIN_SESSION_COOKIE, SESSION_ABSOLUTE_SECONDS, SESSION_COOKIE } from './cart.ts';
import { Catalog } from './catalog.ts';
import { bumpCatalogVersion, catalogVersion } from './catalog-version.ts';
import { clientAddress, forwardedHttps, proxyTrust } from './client-address.ts';
import type { Config } from './config.ts';
import { CounterCodeThrottle, parseCounterCode } from './counter-code.ts';
import { isBusyError, Store, transaction } from './db.ts';
import { ApiError, badRequest, notFound, pathForLog } from './errors.ts';
import { FaultInjector, MALFORMED_BODY, parseFaultRules } from './faults.ts';
import type { Lang } from './i18n-data.ts';
import {
  type AheadSummary,
  BROWSERS_FORMATS,
  FALLBACK_FORMATS,
  type ImageKind,
  type ImageLimits,
  ImageService,
  parseImageFile,
  parseImageParams,
  RenderQueueFull,
  standardRenders,
} from './images.ts';
import { OrderService } from './orders.ts';
import { SignInThrottle } from './sign-in-throttle.ts';
import {
  type Role,
  STAFF_SESSION_SECONDS,
  StaffDirectory,
  type StaffMember,
  secureOrigin,
  staffCookieName,
} from './staff.ts';
import {
  codeEntryPage,
  completedPage,
  counterRoleRequiredPage,
  crossSitePage,
  draftPage,
  failurePage,
  HTML_HEADERS,
  notFoundPage,
  signedInPage,
  signedOutPage,
  signInPage,
} from './store-counter.ts';
import {
  ALIAS_PATTERN,
  checkAlias,
  parseAddToCart,
  parseIssueQr,
  parseLangBody,
  parseLangQuery,
  parseOptionalPositiveInt,
  parsePositiveInt,
  parseSetQty,
  parseSetReceive,
  parseSetWrapping,
  parseTenantIds,
  readBodyText,
  readJsonBody,
} from './validate.ts';

export interface AppOptions {
  db: DatabaseSync;
  config: Config;
  /** The clock (ms since the epoch); injectable for expiry tests. */
  now?: () => number;
  /** The fault roll; Math.random by default. */
  random?: () => number;
  /** Where unexpected errors are logged. */
  logError?: (error: unknown, context: string) => void;
  /** Bounds of the image renderer (tests lower them). */
  imageLimits?: Partial<ImageLimits>;
  /** Languages whose product JSON is assembled in the background at start (the build reads every page in ja). */
  warmLanguages?: readonly Lang[];
  /** Draws counter codes (counter-code.ts by default; tests make them collide). */
  newCounterCode?: () => string;
  /**
   * Whether every catalogue picture's standard renders are put on disk in the background from the start
   * (images.ts, `renderAhead`; needs `config.imageCacheDir`): first in the formats browsers fetch, then the
   * fallbacks. Called with what was done as each part is over.
   */
  renderImagesAhead?: (part: 'pictures' | 'fallbacks', summary: AheadSummary, ms: number) => void;
}

/**
 * Failed staff sign-ins: per account and client, growing delays (sign-in-throttle.ts); per client across
 * accounts, 20 in 15 minutes, then that client waits for the window to end.
 */
const SIGN_IN_WINDOW_MS = 15 * 60_000;
const SIGN_IN_LIMIT_PER_CLIENT = 20;
/**
 * Where a staff member may be sent after signing in: a store-counter page (relative to /store/: a QR's
 * page or the counter-code form), or `editor`, the site's editor page that `npm start` serves beside the
 * API (scripts/publisher/).
 */
const NEXT_PATH = /^(qr\/[A-Za-z0-9_-]{16,64}|code|editor)$/;

type Env = { Bindings: HttpBindings };

const HERE = dirname(fileURLToPath(import.meta.url));
const SAMPLE_VIDEO = readFileSync(join(HERE, 'assets', 'sample.mp4'));

const PUBLIC_CACHE = 'public, max-age=60';
const IMMUTABLE = 'public, max-age=31536000, immutable';

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
function isDirectLoopback(c: Context<Env>): boolean {
  return isLoopback(c) && c.req.header('x-forwarded-for') === undefined;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Answers a Range request over an in-memory file (one range; 416 when unsatisfiable). */
function rangeResponse(file: Buffer, range: string | undefined, contentType: string): Response {
  const headers: Record<string, string> = {
    'Content-Type': contentType,
    'Accept-Ranges': 'bytes',
    'Cache-Control': IMMUTABLE,
  };
  const size = file.byteLength;
  if (range === undefined) {
    return new Response(new Uint8Array(file), {
      status: 200,
      headers: { ...headers, 'Content-Length': String(size) },
    });
  }
  const match = /^bytes=(\d*)-(\d*)$/.exec(range.trim());
  let start = -1;
  let end = -1;
  if (match && (match[1] !== '' || match[2] !== '')) {
    if (match[1] === '') {
      const suffix = Number(match[2]);
      start = Math.max(0, size - suffix);
      end = size - 1;
      if (suffix === 0) start = -1;
    } else {
      start = Number(match[1]);
      end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
    }
  }
  if (start < 0 || start >= size || end < start) {
    return new Response(null, { status: 416, headers: { ...headers, 'Content-Range': `bytes */${size}` } });
  }
  return new Response(new Uint8Array(file.subarray(start, end + 1)), {
    status: 206,
    headers: {
      ...headers,
      'Content-Range': `bytes ${start}-${end}/${size}`,
      'Content-Length': String(end - start + 1),
    },
  });
}

/** Builds the app over a seeded database. */
export function createApp(options: AppOptions): Hono<Env> {
  const { config } = options;
  const now = options.now ?? Date.now;
  const logError =
    options.logError ??
    ((error: unknown, context: string) => console.error(`[catalog-api] ${context}`, error));
  const store = new Store(options.db);
  const catalog = new Catalog(store, config.publicUrl);
  const cart = new CartService(store, catalog, config, now);
  const orders = new OrderService(store, catalog, cart, config, now, options.newCounterCode);
  const images = new ImageService(store, config.imageCacheDir, options.imageLimits);
  const faults = new FaultInjector(config.faults, options.random);
  const staff = new StaffDirectory(config.staffAccounts, now);
  const throttle = new SignInThrottle(now);
  const codeThrottle = new CounterCodeThrottle(now);
  const trust = proxyTrust(config);
  /** The client's address for the per-client limits (client-address.ts). */
  const clientOf = (c: Context<Env>): string => clientAddress(peerOf(c), (name) => c.req.header(name), trust);
  const secureCookie = config.publicUrl.startsWith('https:');
  for (const lang of options.warmLanguages ?? []) {
    catalog.warm(lang).catch((error: unknown) => logError(error, `warming the ${lang} product cache`));
  }
  /**
   * Where the ahead-of-time renders are (`GET /healthz/pictures`): 'ready' once every picture is on disk in
   * the formats browsers fetch, while the fallbacks may still be rendering.
   */
  let pictures:
    | { pictures: 'off' | 'rendering' }
    | ({ pictures: 'ready'; fallbacks: 'rendering' | 'ready'; ms: number } & AheadSummary) = {
    pictures: 'off',
  };
  const { renderImagesAhead: imagesReady } = options;
  if (imagesReady) {
    const started = performance.now();
    pictures = { pictures: 'rendering' };
    (async () => {
      const first = await images.renderAhead(standardRenders(store, BROWSERS_FORMATS));
      const firstMs = Math.round(performance.now() - started);
      pictures = { pictures: 'ready', fallbacks: 'rendering', ms: firstMs, ...first };
      imagesReady('pictures', first, firstMs);
      const rest = await images.renderAhead(standardRenders(store, FALLBACK_FORMATS));
      const ms = Math.round(performance.now() - started);
      pictures = { pictures: 'ready', fallbacks: 'ready', ms, ...rest };
      imagesReady('fallbacks', rest, ms);
    })().catch((error: unknown) => {
      pictures = { pictures: 'off' };
      logError(error, 'rendering the pictures ahead');
    });
  }

  const app = new Hono<Env>();

  /** The answer of the fault rule that fires for this request (faults.ts), if any, after its latency. */
  async function injectFault(c: Context<Env>): Promise<Response | undefined> {
    const rule = faults.roll(c.req.method, c.req.path);
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

  // Every answer names its charset and forbids content sniffing: JSON is read as JSON, never as HTML.
  app.use('*', async (c, next) => {
    await next();
    c.res.headers.set('X-Content-Type-Options', 'nosniff');
    const type = c.res.headers.get('Content-Type');
    if (type?.startsWith('application/json') && !/charset=/i.test(type)) {
      c.res.headers.set('Content-Type', 'application/json; charset=utf-8');
    }
  });

  app.onError((error, c) => {
    if (error instanceof ApiError) return c.json(error.body(), error.status);
    // Another process holds the database's write lock (a maintenance script, say): say so, briefly.
    if (isBusyError(error)) {
      return c.json({ code: 'BUSY', message: 'The database is busy; try again shortly.' }, 503, {
        'Retry-After': '1',
        'Cache-Control': 'no-store',
      });
    }
    // Aliases in paths are capabilities: the log never holds one in full.
    logError(error, `${c.req.method} ${pathForLog(c.req.path)}`);
    return c.json({ code: 'INTERNAL', message: 'Something went wrong.' }, 500);
  });

  app.notFound((c) =>
    c.json({ code: 'NOT_FOUND', message: `No route for ${c.req.method} ${c.req.path}` }, 404),
  );

  app.get('/healthz', (c) => c.json({ ok: true }));
  // 503 while the catalogue's pictures are being rendered ahead, so that a caller can wait for them.
  app.get('/healthz/pictures', (c) =>
    pictures.pictures === 'rendering'
      ? c.json(pictures, 503, { 'Retry-After': '5', 'Cache-Control': 'no-store' })
      : c.json(pictures, 200, { 'Cache-Control': 'no-store' }),
  );

  // ------------------------------------------------------------------------------------------ test switches
  // Fault injection and test hooks exist only in demo mode with CATALOG_TEST_SWITCHES=1 (config.ts): without
  // it, and always in production mode, their paths are not registered at all. Where they exist, they still
  // answer direct loopback calls only.
  if (config.testSwitches) {
    app.use('/__faults', async (c, next) => {
      if (!isDirectLoopback(c))
        return c.json({ code: 'FORBIDDEN', message: 'Faults are only accepted from loopback' }, 403);
      await next();
      return undefined;
    });
    app.get('/__faults', (c) => c.json({ rules: faults.list() }));
    app.put('/__faults', async (c) => {
      const body = await readJsonBody(c.req.raw, { required: true });
      const result = parseFaultRules(body);
      if (!result.ok) throw badRequest(result.message);
      faults.set(result.rules);
      return c.json({ rules: faults.list() });
    });
    app.delete('/__faults', (c) => {
      faults.clear();
      return c.json({ rules: [] });
    });

    app.use('/__test/*', async (c, next) => {
      if (!isDirectLoopback(c)) {
        return c.json({ code: 'FORBIDDEN', message: 'Test hooks are only accepted from loopback' }, 403);
      }
      await next();
      return undefined;
    });
    app.post('/__test/draft-orders/:alias/expire', (c) =>
      c.json(orders.expireNow(checkAlias('alias', c.req.param('alias')))),
    );

    // Pictures take fault rules too (a slow picture for the end-to-end suite's picture timer).
    app.use('/images/*', async (c, next) => {
      const faulty = await injectFault(c);
      if (faulty) return faulty;
      await next();
      return undefined;
    });
  }

  // ------------------------------------------------------------------------------------------ public assets
  app.get('/images/:kind/:file', async (c) => {
    const kind = c.req.param('kind');
    if (kind !== 'products' && kind !== 'areas' && kind !== 'tenants') throw notFound('No such image kind');
    const file = parseImageFile(c.req.param('file'));
    if (!file) throw notFound('No such image');
    const params = parseImageParams(c.req.query(), file.ext);
    let image: Awaited<ReturnType<typeof images.get>>;
    try {
      image = await images.get(kind as ImageKind, file.id, params);
    } catch (error) {
      if (!(error instanceof RenderQueueFull)) throw error;
      return c.json(
        { code: 'BUSY', message: 'Too many images are being rendered; try again shortly.' },
        503,
        {
          'Retry-After': '2',
          'Cache-Control': 'no-store',
        },
      );
    }
    if (!image) throw notFound('image not found.');
    const headers = { ETag: image.etag, 'Cache-Control': IMMUTABLE, 'Content-Type': image.contentType };
    if (c.req.header('if-none-match') === image.etag) return c.body(null, 304, headers);
    return c.body(new Uint8Array(image.body), 200, headers);
  });

  app.get('/videos/products/:file', (c) => {
    const match = /^([1-9]\d{0,9})\.mp4$/.exec(c.req.param('file'));
    const product = match?.[1] === undefined ? undefined : store.product.get(Number(match[1]));
    if (!product?.has_video) throw notFound('video not found.');
    return rangeResponse(SAMPLE_VIDEO, c.req.header('range'), 'video/mp4');
  });

  // ------------------------------------------------------------------------------------------ store counter
  // Every staff request that changes something must come from a page of the site (the API's public
  // origin, where the /api proxy serves it): the editor's origin check (scripts/shared/origin-check.ts).
  const siteOrigin = new URL(config.publicUrl).origin;
  const fromSite = (c: Context<Env>) =>
    fromOwnOrigin(
      { origin: c.req.header('origin'), secFetchSite: c.req.header('sec-fetch-site') },
      siteOrigin,
    );
  const formFromSite = createMiddleware<Env>(async (c, next) => {
    if (!fromSite(c)) return c.body(crossSitePage(), 403, HTML_HEADERS);
    await next();
    return undefined;
  });
  const jsonFromSite = createMiddleware<Env>(async (c, next) => {
    if (!fromSite(c)) {
      return c.json(
        { code: 'FORBIDDEN', message: "Staff requests are accepted from the site's own pages only" },
        403,
        { 'Cache-Control': 'no-store' },
      );
    }
    await next();
    return undefined;
  });
  const staffCookie = staffCookieName(config.publicUrl);
  const staffSecure = secureOrigin(config.publicUrl);
  const staffMember = (c: Context<Env>): StaffMember | null => staff.member(getCookie(c, staffCookie));
  /** The signed-in staff member, who must have `role` (403 otherwise: FORBIDDEN, or ROLE_REQUIRED). */
  const requireStaff = (c: Context<Env>, role: Role): StaffMember => {
    const member = staffMember(c);
    if (member === null) throw new ApiError(403, 'FORBIDDEN', 'Staff sign-in is required');
    if (!member.roles.has(role)) {
      throw new ApiError(403, 'ROLE_REQUIRED', `This needs a staff account with the ${role} role`);
    }
    return member;
  };
  // The sign-in form, read once per request (both limiters and the handler need it), 4 KB at most.
  const signInForms = new WeakMap<Request, Promise<{ account: string; password: string; next: string }>>();
  const signInForm = (c: Context<Env>) => {
    let form = signInForms.get(c.req.raw);
    if (form === undefined) {
      form = readBodyText(c.req.raw, 4096).then((text) => {
        const fields = new URLSearchParams(text);
        return {
          account: (fields.get('account') ?? '').trim().slice(0, 64),
          password: (fields.get('password') ?? '').slice(0, 200),
          next: fields.get('next') ?? '',
        };
      });
      signInForms.set(c.req.raw, form);
    }
    return form;
  };
  // Only a wrong password counts against the client: a try refused for waiting (429) checked nothing.
  const failedSignIn = (c: Context<Env>) => c.res.status < 400 || c.res.status === 429;
  app.post(
    '/store/signin',
    formFromSite,
    rateLimiter<Env>({
      windowMs: SIGN_IN_WINDOW_MS,
      limit: SIGN_IN_LIMIT_PER_CLIENT,
      keyGenerator: (c) => `client:${clientOf(c)}`,
      skipSuccessfulRequests: true,
      requestWasSuccessful: failedSignIn,
      handler: async (c) => {
        const { account, next } = await signInForm(c);
        return c.body(
          signInPage({
            action: 'signin',
            next: NEXT_PATH.test(next) ? next : '',
            account,
            message:
              'サインインの失敗が続いたため、この端末からのサインインを一時的に止めています。15分ほど待ってからもう一度お試しください。',
          }),
          429,
          { ...HTML_HEADERS, 'Retry-After': String(SIGN_IN_WINDOW_MS / 1000) },
        );
      },
    }),
    async (c) => {
      const { account, password, next } = await signInForm(c);
      const target = NEXT_PATH.test(next) ? next : '';
      const client = clientOf(c);
      // This account from this client waits after repeated failures, whatever the password (the right one
      // too): guessing is slowed, and nobody else's sign-in is.
      const wait = throttle.wait(account, client);
      if (wait > 0) {
        const seconds = Math.ceil(wait / 1000);
        return c.body(
          signInPage({
            action: 'signin',
            next: target,
            account,
            message: `サインインの失敗が続いたため、${seconds}秒ほど待ってからもう一度お試しください。`,
          }),
          429,
          { ...HTML_HEADERS, 'Retry-After': String(seconds) },
        );
      }
      const token = account === '' || password === '' ? null : await staff.signIn(account, password);
      if (token === null) {
        throttle.failed(account, client);
        return c.body(
          signInPage({
            action: 'signin',
            next: target,
            account,
            message: 'アカウント名またはパスワードが正しくありません。',
          }),
          401,
          HTML_HEADERS,
        );
      }
      throttle.succeeded(account, client);
      setCookie(c, staffCookie, token, {
        httpOnly: true,
        secure: staffSecure,
        sameSite: 'Strict',
        path: '/',
        maxAge: STAFF_SESSION_SECONDS,
      });
      // The editor page is the site's, beside the API's public URL (…/api): /editor/ on the same origin.
      const location =
        target === 'editor'
          ? new URL('../editor/', `${config.publicUrl.replace(/\/+$/, '')}/`).href
          : target === ''
            ? 'signin'
            : target;
      return c.body(null, 303, { ...HTML_HEADERS, Location: location });
    },
  );

  app.get('/store/signin', (c) => {
    const member = staffMember(c);
    if (member !== null) return c.body(signedInPage(member.account), 200, HTML_HEADERS);
    return c.body(signInPage({ action: 'signin', next: '' }), 200, HTML_HEADERS);
  });

  app.get('/store/session', (c) => {
    const member = staffMember(c);
    if (member === null) throw new ApiError(403, 'FORBIDDEN', 'Staff sign-in is required');
    return c.json({ account: member.account, roles: [...member.roles] }, 200, {
      'Cache-Control': 'no-store',
    });
  });

  app.post('/store/signout', formFromSite, (c) => {
    staff.signOut(getCookie(c, staffCookie));
    deleteCookie(c, staffCookie, { path: '/', secure: staffSecure });
    return c.body(signedOutPage(), 200, HTML_HEADERS);
  });

  app.get('/store/qr/:alias', (c) => {
    const alias = c.req.param('alias');
    const member = staffMember(c);
    // Nothing about the draft order, not even whether it exists, before counter staff have signed in.
    if (member === null) {
      const next = ALIAS_PATTERN.test(alias) ? `qr/${alias}` : '';
      return c.body(signInPage({ action: '../signin', next }), 401, HTML_HEADERS);
    }
    if (!member.roles.has('counter'))
      return c.body(counterRoleRequiredPage(member.account), 403, HTML_HEADERS);
    const draft = ALIAS_PATTERN.test(alias) ? orders.draft(alias) : null;
    if (!draft) return c.body(notFoundPage(), 404, HTML_HEADERS);
    const html = draftPage({
      alias,
      snapshot: draft.snapshot,
      status: draft.status,
      expiresAt: draft.row.expires_at,
      now: now(),
      stockChanged: draft.status === 'pending' && orders.stockShortfalls(draft.snapshot).length > 0,
      staff: member.account,
      chatLanguage: draft.row.chat_order === 1 ? draft.row.lang : null,
    });
    return c.body(html, 200, HTML_HEADERS);
  });

  // The counter code, typed when the QR cannot be scanned. Without a counter staff session the answer is the
  // sign-in form whatever was typed, read or not: it tells nobody whether a code exists.
  app.get('/store/code', (c) => {
    const member = staffMember(c);
    if (member === null) return c.body(signInPage({ action: 'signin', next: 'code' }), 401, HTML_HEADERS);
    if (!member.roles.has('counter')) {
      return c.body(counterRoleRequiredPage(member.account, 'signout'), 403, HTML_HEADERS);
    }
    return c.body(codeEntryPage({ staff: member.account }), 200, HTML_HEADERS);
  });

  app.post('/store/code', formFromSite, async (c) => {
    const member = staffMember(c);
    if (member === null) return c.body(signInPage({ action: 'signin', next: 'code' }), 401, HTML_HEADERS);
    if (!member.roles.has('counter')) {
      return c.body(counterRoleRequiredPage(member.account, 'signout'), 403, HTML_HEADERS);
    }
    const typed = (new URLSearchParams(await readBodyText(c.req.raw, 4096)).get('code') ?? '').slice(0, 32);
    const client = clientOf(c);
    const wait = codeThrottle.wait(member.account, client);
    if (wait > 0) {
      const minutes = Math.ceil(wait / 60_000);
      return c.body(
        codeEntryPage({
          staff: member.account,
          typed,
          message: `見つからないコードの入力が続いたため、${minutes}分ほど待ってからもう一度お試しください。QRコードが読み取れる場合は、QRコードをお使いください。`,
        }),
        429,
        { ...HTML_HEADERS, 'Retry-After': String(Math.ceil(wait / 1000)) },
      );
    }
    const parsed = parseCounterCode(typed);
    if (!parsed.ok) {
      return c.body(
        codeEntryPage({ staff: member.account, typed, message: parsed.message }),
        400,
        HTML_HEADERS,
      );
    }
    const alias = orders.draftAliasOfCounterCode(parsed.code);
    if (alias === null) {
      codeThrottle.missed(member.account, client);
      return c.body(
        codeEntryPage({
          staff: member.account,
          typed,
          message:
            'このコードのお支払い待ちの注文は見つかりませんでした。お支払い済み・期限切れ・QRコードの再発行のあとは使えません。お客さまの画面のコードをもう一度ご確認ください。',
        }),
        404,
        HTML_HEADERS,
      );
    }
    // The page the QR opens: its address holds the draft alias, as the QR does, never the code.
    return c.body(null, 303, { ...HTML_HEADERS, Location: `qr/${alias}` });
  });

  app.post('/store/qr/:alias/complete', formFromSite, (c) => {
    const alias = c.req.param('alias');
    const back = `../${encodeURIComponent(alias)}`;
    const member = staffMember(c);
    if (member === null) return c.body(failurePage('FORBIDDEN', back), 403, HTML_HEADERS);
    if (!member.roles.has('counter')) return c.body(failurePage('ROLE_REQUIRED', back), 403, HTML_HEADERS);
    if (!ALIAS_PATTERN.test(alias)) return c.body(failurePage('NOT_FOUND', back), 404, HTML_HEADERS);
    try {
      const order = orders.complete(alias);
      return c.body(completedPage(order, back), 200, HTML_HEADERS);
    } catch (error) {
      if (error instanceof ApiError) {
        return c.body(failurePage(error.code, back), error.status as ContentfulStatusCode, HTML_HEADERS);
      }
      throw error;
    }
  });

  app.post('/store/shipments/:alias/shipped', jsonFromSite, (c) => {
    requireStaff(c, 'counter');
    return c.json(orders.markShipped(checkAlias('shipmentAlias', c.req.param('alias'))));
  });

  // An editor's change to a product (its title in one language); the catalogue version moves with it.
  app.put('/store/products/:id', jsonFromSite, async (c) => {
    requireStaff(c, 'editor');
    const id = parsePositiveInt('id', c.req.param('id'));
    const body = (await readJsonBody(c.req.raw, { required: true })) as Record<string, unknown> | null;
    const title = typeof body?.title === 'string' ? body.title.trim() : '';
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
    if (title === '' || title.length > 200 || /[\u0000-\u001f\u007f]/.test(title)) {
      throw badRequest('title must be 1–200 characters without control characters');
    }
    const lang = parseLangQuery(typeof body?.lang === 'string' ? body.lang : undefined);
    const changed = transaction(options.db, () => {
      const done = options.db
        .prepare('UPDATE products SET texts = json_set(texts, ?, ?) WHERE id = ?')
        .run(`$.${lang}.title`, title, id);
      if (Number(done.changes) === 1) bumpCatalogVersion(options.db, now());
      return Number(done.changes) === 1;
    });
    if (!changed) throw notFound('product not found.');
    catalog.invalidate([id]);
    return c.body(catalog.productJson(id, lang) ?? 'null', 200, {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
    });
  });

  // ------------------------------------------------------------------------------------------ /catalog/*
  // Each client's writes (anything but GET and HEAD) are limited: a visitor cannot fill the database.
  app.use(
    '/catalog/*',
    rateLimiter<Env>({
      windowMs: 60_000,
      limit: config.writeLimitPerMinute,
      standardHeaders: false,
      keyGenerator: (c) => `write:${clientOf(c)}`,
      skip: (c) => c.req.method === 'GET' || c.req.method === 'HEAD',
      handler: (c) =>
        c.json(
          {
            code: 'TOO_MANY_REQUESTS',
            message:
              '操作が続いたため、少しのあいだ受け付けを止めています。1分ほど待ってからもう一度お試しください。',
          },
          429,
          { 'Retry-After': '60', 'Cache-Control': 'no-store' },
        ),
    }),
  );

  app.use('/catalog/*', async (c, next) => {
    const faulty = await injectFault(c);
    if (faulty) return faulty;
    if (c.req.header('x-api-token') !== config.apiToken) {
      return c.json({ code: 'UNAUTHORIZED', message: 'The X-Api-Token header is missing or wrong' }, 401, {
        'Cache-Control': 'no-store',
      });
    }
    await next();
    if (!c.res.headers.has('Cache-Control') || c.res.status !== 200)
      c.res.headers.set('Cache-Control', 'no-store');
    return undefined;
  });

  app.get('/catalog/areas', (c) => c.json(catalog.areas(), 200, { 'Cache-Control': PUBLIC_CACHE }));

  app.get('/catalog/version', (c) =>
    c.json(catalogVersion(options.db, now()), 200, { 'Cache-Control': 'no-cache' }),
  );

  app.get('/catalog/products', (c) => {
    const { area_id, page: pageRaw, size: sizeRaw, tenant_ids, lang: langRaw } = c.req.query();
    const areaId = parseOptionalPositiveInt('area_id', area_id);
    const page = parseOptionalPositiveInt('page', pageRaw, 1_000_000) ?? 1;
    const size = parseOptionalPositiveInt('size', sizeRaw, 100) ?? 10;
    const tenantIds = parseTenantIds(tenant_ids);
    const lang = parseLangQuery(langRaw);
    const filter = {
      ...(areaId !== undefined ? { areaId } : {}),
      ...(tenantIds !== undefined ? { tenantIds } : {}),
    };
    return c.body(catalog.pageJson(filter, page, size, lang), 200, {
      'Content-Type': 'application/json; charset=UTF-8',
      'Cache-Control': PUBLIC_CACHE,
    });
  });

  app.get('/catalog/products/:id', (c) => {
    const id = parsePositiveInt('id', c.req.param('id'));
    const lang = parseLangQuery(c.req.query('lang'));
    const json = catalog.productJson(id, lang);
    if (json === null) throw notFound('product not found.');
    return c.body(json, 200, {
      'Content-Type': 'application/json; charset=UTF-8',
      'Cache-Control': PUBLIC_CACHE,
    });
  });

  app.get('/catalog/products-filters', (c) => {
    const areaId = parseOptionalPositiveInt('area_id', c.req.query('area_id'));
    const lang = parseLangQuery(c.req.query('lang'));
    return c.json(catalog.filters(areaId, lang), 200, { 'Cache-Control': PUBLIC_CACHE });
  });

  /** Whether the visitor came over HTTPS: the public URL is https, or a trusted proxy says so. */
  const overHttps = (c: Context<Env>): boolean =>
    secureCookie || forwardedHttps(peerOf(c), (name) => c.req.header(name), trust);
  /** Sets the bag cookie: `__Host-cart` (Secure) over HTTPS, `cart_session` on plain HTTP (cart.ts). */
  const setBagCookie = (c: Context<Env>, token: string): void => {
    const secure = overHttps(c);
    setCookie(c, secure ? SESSION_COOKIE : PLAIN_SESSION_COOKIE, token, {
      httpOnly: true,
      sameSite: 'Lax',
      path: '/',
      maxAge: SESSION_ABSOLUTE_SECONDS,
      secure,
    });
  };
  /**
   * The visitor's live session (its key), or null; with `create`, a new one when there is none. A bag
   * under the plain-HTTP name reached over HTTPS (a browser from before `__Host-cart`) is read this once:
   * it is given a new value under the new name and the old cookie is deleted.
   */
  const bagSession = (c: Context<Env>, create: boolean): string | null => {
    const current = cart.existing(getCookie(c, SESSION_COOKIE));
    if (current !== null) return current;
    const plain = cart.existing(getCookie(c, PLAIN_SESSION_COOKIE));
    if (plain !== null) {
      if (!overHttps(c)) return plain;
      const { id, token } = cart.rotate(plain);
      setBagCookie(c, token);
      deleteCookie(c, PLAIN_SESSION_COOKIE, { path: '/' });
      return id;
    }
    if (!create) return null;
    const { id, token } = cart.create();
    setBagCookie(c, token);
    return id;
  };
  /** The cart session of the request, starting one (and setting its cookie) when there is none. */
  const session = (c: Context<Env>): string => bagSession(c, true) ?? '';
  /** The visitor's live session, without creating one: who may see what is theirs. */
  const viewer = (c: Context<Env>): string | null => bagSession(c, false);

  // Reading the bag never starts a session: without one, the bag is empty and nothing is stored.
  app.get('/catalog/cart/products/count', (c) => {
    const id = viewer(c);
    return c.json({ count: id === null ? 0 : cart.count(id) });
  });

  app.post('/catalog/cart/product', async (c) => {
    const request = parseAddToCart(await readJsonBody(c.req.raw, { required: true }));
    return c.json(cart.add(session(c), request));
  });

  app.put('/catalog/cart/product-qty', async (c) => {
    const request = parseSetQty(await readJsonBody(c.req.raw, { required: true }));
    return c.json(cart.setQty(session(c), request));
  });

  app.put('/catalog/cart/product-receive', async (c) => {
    const request = parseSetReceive(await readJsonBody(c.req.raw, { required: true }));
    return c.json(cart.setReceive(session(c), request));
  });

  app.put('/catalog/cart/wrapping', async (c) => {
    const request = parseSetWrapping(await readJsonBody(c.req.raw, { required: true }));
    return c.json(cart.setWrapping(session(c), request.wrapping, request.lang));
  });

  app.post('/catalog/cart', async (c) => {
    const lang = parseLangBody(await readJsonBody(c.req.raw, { required: false }));
    const id = viewer(c);
    return c.json(id === null ? cart.empty() : cart.view(id, lang).cart);
  });

  // Issuing a QR code gives the bag a new cookie value (its draft orders follow it): whatever saw the
  // old value before the shopper went to pay opens nothing now.
  app.post('/catalog/cart/qr', async (c) => {
    const request = parseIssueQr(await readJsonBody(c.req.raw, { required: false }));
    const id = session(c);
    const issued = orders.issue(id, request.lang, request.chat);
    setBagCookie(c, cart.rotate(id).token);
    return c.json(issued, 201);
  });

  app.get('/catalog/cart/qr/:alias', (c) =>
    c.json(orders.confirmation(checkAlias('alias', c.req.param('alias')), viewer(c))),
  );

  app.get('/catalog/cart/qr/:alias/status', (c) =>
    c.json(orders.status(checkAlias('alias', c.req.param('alias')), viewer(c))),
  );

  app.post('/catalog/cart/qr/:alias/complete', jsonFromSite, (c) => {
    requireStaff(c, 'counter');
    return c.json(orders.complete(checkAlias('alias', c.req.param('alias'))));
  });

  app.get('/catalog/orders/:orderAlias', (c) =>
    c.json(orders.order(checkAlias('orderAlias', c.req.param('orderAlias')), viewer(c))),
  );

  app.get('/catalog/shipments/:shipmentAlias', (c) =>
    c.json(orders.shipment(checkAlias('shipmentAlias', c.req.param('shipmentAlias')), viewer(c))),
  );

  app.put('/catalog/shipments/:shipmentAlias/address', async (c) => {
    const alias = checkAlias('shipmentAlias', c.req.param('shipmentAlias'));
    const body = await readJsonBody(c.req.raw, { required: true });
    return c.json(orders.putAddress(alias, body, viewer(c)));
  });

  // Expired visitor sessions and their bags, and draft orders never paid, are deleted at start and then hourly.
  const sweep = () => {
    try {
      cart.deleteExpiredSessions();
      orders.deleteEndedDrafts();
    } catch (error) {
      logError(error, 'deleting expired sessions and ended draft orders');
    }
  };
  sweep();
  setInterval(sweep, 3600_000).unref();

  return app;
}

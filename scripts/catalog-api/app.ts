/**
 * The reference catalog API as a Hono app: every path of src/lib/catalog/openapi.yaml, plus the paths a
 * store runs it by. Each resource is a sub-app of its own (routes/):
 *
 *   routes/health.ts         GET /healthz, /readyz, /healthz/pictures
 *   routes/test-switches.ts  /__faults, /__test/… (demo mode with CATALOG_TEST_SWITCHES=1 only)
 *   routes/media.ts          GET /images/…, /videos/… (public)
 *   routes/staff.ts          /store/signin, /store/signout, /store/session, PUT /store/products/{id}
 *   routes/counter.ts        /store/qr/{alias}, /store/code, /store/shipments/{alias}/shipped
 *   routes/catalog.ts        /catalog/areas, /catalog/version, /catalog/products…
 *   routes/bag.ts            /catalog/cart…
 *   routes/orders.ts         /catalog/orders/…, /catalog/shipments/…
 *
 * Staff accounts have roles (staff.ts): counter staff view and complete QR orders and mark shipments
 * shipped; editors change products (and publish, on the editor page of scripts/publisher/).
 *
 * Nothing that decides who may do what is held in this process: sessions, staff sessions, limits and the
 * catalogue's version are in the database, so any number of instances can serve one store.
 */
import { type Context, Hono } from 'hono';
import type { Logger } from 'pino';
import { AddressVault } from './address-key.ts';
import { CartService } from './cart.ts';
import { Catalog } from './catalog.ts';
import { proxyTrust } from './client-address.ts';
import type { Config } from './config.ts';
import { CounterCodeThrottle } from './counter-code.ts';
import { type Database, isBusyError } from './database.ts';
import { ApiError, pathForLog } from './errors.ts';
import { FaultInjector } from './faults.ts';
import { bagOf, clientOf, type Env, injectFault, type Services } from './http.ts';
import type { Lang } from './i18n-data.ts';
import {
  type AheadSummary,
  BROWSERS_FORMATS,
  FALLBACK_FORMATS,
  type ImageLimits,
  ImageService,
  type Renderer,
  standardRenders,
} from './images.ts';
import { overLimit } from './limits.ts';
import { silentLogger } from './log.ts';
import { OrderService } from './orders.ts';
import { proxySignature } from './proxy-signature.ts';
import { bagRoutes } from './routes/bag.ts';
import { catalogRoutes } from './routes/catalog.ts';
import { counterRoutes } from './routes/counter.ts';
import { healthRoutes, type PicturesState } from './routes/health.ts';
import { mediaRoutes } from './routes/media.ts';
import { orderRoutes } from './routes/orders.ts';
import { staffRoutes } from './routes/staff.ts';
import { testSwitchRoutes } from './routes/test-switches.ts';
import { SIGN_IN_FAILURES_KEPT_MS, SignInThrottle } from './sign-in-throttle.ts';
import { StaffDirectory } from './staff.ts';
import { Store } from './store.ts';

export type { Env };

export interface AppOptions {
  database: Database;
  config: Config;
  /** The clock (ms since the epoch); injectable for expiry tests. */
  now?: () => number;
  /** The fault roll; Math.random by default. */
  random?: () => number;
  /** Where requests and unexpected errors are logged (JSON lines, log.ts); nothing by default. */
  logger?: Logger;
  /** Where unexpected errors go besides the log (tests collect them). */
  onError?: (error: unknown, context: string) => void;
  /** Bounds of the image renderer (tests lower them). */
  imageLimits?: Partial<ImageLimits>;
  /** Draws the pictures (images.ts's renderer by default; a test holds it to see its queue). */
  renderImage?: Renderer;
  /** Languages whose product JSON is assembled in the background at start (the build reads every page in ja). */
  warmLanguages?: readonly Lang[];
  /** Draws counter codes (counter-code.ts by default; tests make them collide). */
  newCounterCode?: () => string;
  /** Whether the process is shutting down: /readyz answers 503 then (main.ts). */
  draining?: () => boolean;
  /**
   * Whether every catalogue picture's standard renders are put on disk in the background from the start
   * (images.ts, `renderAhead`; needs `config.imageCacheDir`): first in the formats browsers fetch, then the
   * fallbacks. Called with what was done as each part is over.
   */
  renderImagesAhead?: (part: 'pictures' | 'fallbacks', summary: AheadSummary, ms: number) => void;
}

const WRITE_WINDOW_MS = 60_000;
/** The sweep forgets limit counters older than this (longer than any limit's window). */
const LIMITS_KEPT_MS = 2 * Math.max(SIGN_IN_FAILURES_KEPT_MS, WRITE_WINDOW_MS);

/** Builds the app over a migrated, seeded database. */
export async function createApp(options: AppOptions): Promise<Hono<Env>> {
  const { config, database } = options;
  const now = options.now ?? Date.now;
  const logger = options.logger ?? silentLogger();
  const logError = (error: unknown, context: string) => {
    logger.error({ err: error, context }, 'unexpected error');
    options.onError?.(error, context);
  };
  const store = Store.of(database);
  const catalog = await Catalog.load(store, config.publicUrl);
  const cart = new CartService(store, catalog, config, now);
  const services: Services = {
    config,
    database,
    store,
    now,
    logError,
    catalog,
    cart,
    orders: new OrderService(
      store,
      catalog,
      cart,
      config,
      now,
      new AddressVault(config.addressKeys),
      options.newCounterCode,
    ),
    images: new ImageService(store, config.imageCacheDir, options.imageLimits, options.renderImage),
    faults: new FaultInjector(config.faults, options.random),
    staff: new StaffDirectory(config.staffAccounts, store, now),
    signInThrottle: new SignInThrottle(store, now),
    codeThrottle: new CounterCodeThrottle(store, now),
    trust: proxyTrust(config),
  };
  for (const lang of options.warmLanguages ?? []) {
    catalog.warm(lang).catch((error: unknown) => logError(error, `warming the ${lang} product cache`));
  }
  let pictures: PicturesState = { pictures: 'off' };
  const { renderImagesAhead: imagesReady } = options;
  if (imagesReady) {
    const started = performance.now();
    pictures = { pictures: 'rendering' };
    (async () => {
      const ids = await services.images.pictureIds();
      const first = await services.images.renderAhead(standardRenders(ids, BROWSERS_FORMATS));
      const firstMs = Math.round(performance.now() - started);
      pictures = { pictures: 'ready', fallbacks: 'rendering', ms: firstMs, ...first };
      imagesReady('pictures', first, firstMs);
      const rest = await services.images.renderAhead(standardRenders(ids, FALLBACK_FORMATS));
      const ms = Math.round(performance.now() - started);
      pictures = { pictures: 'ready', fallbacks: 'ready', ms, ...rest };
      imagesReady('fallbacks', rest, ms);
    })().catch((error: unknown) => {
      pictures = { pictures: 'off' };
      logError(error, 'rendering the pictures ahead');
    });
  }

  const app = new Hono<Env>();

  // When the request reached the API: the request log's time and a picture's Server-Timing count from it.
  app.use('*', async (c, next) => {
    c.set('arrived', performance.now());
    await next();
  });

  // Behind Netlify's signed proxy, a request whose signature verifies is believed as a trusted proxy's.
  const signature = proxySignature(config.proxySigningSecret);
  app.use('*', async (c, next) => {
    if (config.proxySigningSecret !== null) {
      c.set('proxySigned', await signature.verify(c.req.header('x-nf-sign')));
    }
    await next();
  });

  // One JSON line per request: method, path (aliases cut short, no query), status and time. No cookie,
  // session id, alias or address is ever logged.
  app.use('*', async (c, next) => {
    await next();
    logger.info(
      {
        method: c.req.method,
        path: pathForLog(c.req.path),
        status: c.res.status,
        ms: Math.round(performance.now() - c.get('arrived')),
      },
      'request',
    );
  });

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
    // Another process holds the embedded database's write lock (a maintenance script, say): say so, briefly.
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

  app.route(
    '/',
    healthRoutes(services, { pictures: () => pictures, draining: options.draining ?? (() => false) }),
  );
  if (config.testSwitches) app.route('/', testSwitchRoutes(services));
  app.route('/', mediaRoutes(services));

  // Whatever reads the catalogue first drops the products another instance changed (catalog.ts, `sync`).
  app.use('/store/*', async (_c, next) => {
    await catalog.sync();
    await next();
  });
  app.route('/', staffRoutes(services));
  app.route('/', counterRoutes(services));

  // Writes (anything but GET and HEAD) are limited per bag, what one visitor does, and per client address
  // only as a backstop sized for a shared network: a store's Wi-Fi, a carrier's address or a proxy's edge
  // serves hundreds of shoppers at once. A write without a bag (which may start one) counts per address.
  const tooMany = (c: Context<Env>, retryAfterMs: number) =>
    c.json(
      {
        code: 'TOO_MANY_REQUESTS',
        message:
          '操作が続いたため、少しのあいだ受け付けを止めています。1分ほど待ってからもう一度お試しください。',
      },
      429,
      { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterMs / 1000))), 'Cache-Control': 'no-store' },
    );
  app.use('/catalog/*', async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const client = clientOf(services, c);
    const backstop = await overLimit(
      store,
      `write-client:${client}`,
      config.clientWriteLimitPerMinute,
      WRITE_WINDOW_MS,
      now(),
    );
    if (backstop.over) return tooMany(c, backstop.retryAfterMs);
    const bag = await bagOf(services, c);
    const own = await overLimit(
      store,
      bag === null ? `write-nobag:${client}` : `write-bag:${bag}`,
      bag === null ? config.newBagWritesPerMinute : config.writeLimitPerMinute,
      WRITE_WINDOW_MS,
      now(),
    );
    if (own.over) return tooMany(c, own.retryAfterMs);
    return next();
  });
  app.use('/catalog/*', async (c, next) => {
    const faulty = await injectFault(services, c);
    if (faulty) return faulty;
    if (c.req.header('x-api-token') !== config.apiToken) {
      return c.json({ code: 'UNAUTHORIZED', message: 'The X-Api-Token header is missing or wrong' }, 401, {
        'Cache-Control': 'no-store',
      });
    }
    await catalog.sync();
    await next();
    if (!c.res.headers.has('Cache-Control') || c.res.status !== 200)
      c.res.headers.set('Cache-Control', 'no-store');
    return undefined;
  });
  app.route('/', catalogRoutes(services));
  app.route('/', bagRoutes(services));
  app.route('/', orderRoutes(services));

  // Expired visitor and staff sessions with their bags, draft orders never paid, addresses past their
  // retention and old limit counters are deleted at start and then hourly, by every instance (each
  // deletion is idempotent).
  const sweep = async () => {
    try {
      await services.cart.deleteExpiredSessions();
      await services.orders.deleteEndedDrafts();
      await services.orders.purgeShippedAddresses();
      await services.staff.deleteExpired();
      await store.pruneLimits(now() - LIMITS_KEPT_MS);
    } catch (error) {
      logError(error, 'the hourly sweep');
    }
  };
  await sweep();
  setInterval(() => void sweep(), 3600_000).unref();

  return app;
}

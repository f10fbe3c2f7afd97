/**
 * The reference catalog API as a Hono app. Every path of src/lib/catalog/openapi.yaml, plus:
 *
 *   GET  /healthz                              { ok: true }
 *   GET  /images/{products|areas|tenants}/{id}.{jpg|png|webp|avif}?width&height&format&fit   (public)
 *   GET  /videos/products/{id}.mp4             the sample video, with Range support (public)
 *   GET  /store/qr/{alias}[?staff=TOKEN]       store-counter page (HTML) the QR code opens
 *   POST /store/qr/{alias}/complete            its form: completes the payment (HTML result)
 *   POST /store/shipments/{alias}/shipped      staff (X-Staff-Token): address_received → shipped (JSON)
 *   GET|PUT|DELETE /__faults                   fault injection for tests, loopback only (see faults.ts)
 *   POST /__test/draft-orders/{alias}/expire   test hook: the draft order expires now (loopback, not proxied)
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { fileURLToPath } from 'node:url';
import type { HttpBindings } from '@hono/node-server';
import { type Context, Hono } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { CartService, SESSION_COOKIE, SESSION_MAX_AGE_SECONDS } from './cart.ts';
import { Catalog } from './catalog.ts';
import type { Config } from './config.ts';
import { Store } from './db.ts';
import { ApiError, badRequest, notFound, pathForLog } from './errors.ts';
import { FaultInjector, MALFORMED_BODY, parseFaultRules } from './faults.ts';
import type { Lang } from './i18n-data.ts';
import { type ImageKind, ImageService, parseImageFile, parseImageParams } from './images.ts';
import { OrderService } from './orders.ts';
import { completedPage, draftPage, failurePage, HTML_HEADERS, notFoundPage } from './store-counter.ts';
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
  /** Languages whose product JSON is assembled in the background at start (the build reads every page in ja). */
  warmLanguages?: readonly Lang[];
}

type Env = { Bindings: HttpBindings };

const HERE = dirname(fileURLToPath(import.meta.url));
const SAMPLE_VIDEO = readFileSync(join(HERE, 'assets', 'sample.mp4'));

const PUBLIC_CACHE = 'public, max-age=60';
const IMMUTABLE = 'public, max-age=31536000, immutable';

function isLoopback(c: Context<Env>): boolean {
  const env = c.env as Partial<HttpBindings> | undefined;
  const address = env?.incoming?.socket?.remoteAddress;
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
  const orders = new OrderService(store, catalog, cart, config, now);
  const images = new ImageService(store, config.imageCacheDir);
  const faults = new FaultInjector(config.faults, options.random);
  const secureCookie = config.publicUrl.startsWith('https:');
  for (const lang of options.warmLanguages ?? []) {
    catalog.warm(lang).catch((error: unknown) => logError(error, `warming the ${lang} product cache`));
  }

  const app = new Hono<Env>();

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
    // Aliases in paths are capabilities: the log never holds one in full.
    logError(error, `${c.req.method} ${pathForLog(c.req.path)}`);
    return c.json({ code: 'INTERNAL', message: 'Something went wrong.' }, 500);
  });

  app.notFound((c) =>
    c.json({ code: 'NOT_FOUND', message: `No route for ${c.req.method} ${c.req.path}` }, 404),
  );

  app.get('/healthz', (c) => c.json({ ok: true }));

  // ------------------------------------------------------------------------------------------ faults
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

  // ------------------------------------------------------------------------------------------ test hooks
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

  // ------------------------------------------------------------------------------------------ public assets
  app.get('/images/:kind/:file', async (c) => {
    const kind = c.req.param('kind');
    if (kind !== 'products' && kind !== 'areas' && kind !== 'tenants') throw notFound('No such image kind');
    const file = parseImageFile(c.req.param('file'));
    if (!file) throw notFound('No such image');
    const params = parseImageParams(c.req.query(), file.ext);
    const image = await images.get(kind as ImageKind, file.id, params);
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
  const staffTokenOk = (token: string | undefined) => token !== undefined && token === config.staffToken;

  app.get('/store/qr/:alias', (c) => {
    const alias = c.req.param('alias');
    const draft = ALIAS_PATTERN.test(alias) ? orders.draft(alias) : null;
    if (!draft) return c.body(notFoundPage(), 404, HTML_HEADERS);
    const html = draftPage({
      alias,
      snapshot: draft.snapshot,
      status: draft.status,
      expiresAt: draft.row.expires_at,
      now: now(),
      orderAlias: draft.row.order_alias,
      stockChanged: draft.status === 'pending' && orders.stockShortfalls(draft.snapshot).length > 0,
      staff: c.req.query('staff') ?? '',
      chatLanguage: draft.row.chat_order === 1 ? draft.row.lang : null,
    });
    return c.body(html, 200, HTML_HEADERS);
  });

  app.post('/store/qr/:alias/complete', async (c) => {
    const alias = c.req.param('alias');
    const staff = c.req.query('staff');
    const back = `../${encodeURIComponent(alias)}${staff ? `?staff=${encodeURIComponent(staff)}` : ''}`;
    const form = new URLSearchParams(await readBodyText(c.req.raw));
    const token = form.get('staffToken') ?? c.req.header('x-staff-token') ?? staff;
    if (!staffTokenOk(token ?? undefined)) return c.body(failurePage('FORBIDDEN', back), 403, HTML_HEADERS);
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

  app.post('/store/shipments/:alias/shipped', (c) => {
    if (!staffTokenOk(c.req.header('x-staff-token'))) {
      throw new ApiError(403, 'FORBIDDEN', 'X-Staff-Token is missing or wrong');
    }
    return c.json(orders.markShipped(checkAlias('shipmentAlias', c.req.param('alias'))));
  });

  // ------------------------------------------------------------------------------------------ /catalog/*
  app.use('/catalog/*', async (c, next) => {
    const rule = faults.roll(c.req.method, c.req.path);
    if (rule) {
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
    }
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
    return c.json(catalog.filters(areaId), 200, { 'Cache-Control': PUBLIC_CACHE });
  });

  /** The cart session of the request, setting the cookie when it is new. */
  const session = (c: Context<Env>): string => {
    const { id, isNew } = cart.session(getCookie(c, SESSION_COOKIE));
    if (isNew) {
      setCookie(c, SESSION_COOKIE, id, {
        httpOnly: true,
        sameSite: 'Lax',
        path: '/',
        maxAge: SESSION_MAX_AGE_SECONDS,
        secure: secureCookie,
      });
    }
    return id;
  };

  app.get('/catalog/cart/products/count', (c) => c.json({ count: cart.count(session(c)) }));

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
    return c.json(cart.view(session(c), lang).cart);
  });

  app.post('/catalog/cart/qr', async (c) => {
    const request = parseIssueQr(await readJsonBody(c.req.raw, { required: false }));
    return c.json(orders.issue(session(c), request.lang, request.chat), 201);
  });

  app.get('/catalog/cart/qr/:alias', (c) =>
    c.json(orders.confirmation(checkAlias('alias', c.req.param('alias')))),
  );

  app.get('/catalog/cart/qr/:alias/status', (c) =>
    c.json(orders.status(checkAlias('alias', c.req.param('alias')))),
  );

  app.post('/catalog/cart/qr/:alias/complete', (c) => {
    if (!staffTokenOk(c.req.header('x-staff-token'))) {
      throw new ApiError(403, 'FORBIDDEN', 'X-Staff-Token is missing or wrong');
    }
    return c.json(orders.complete(checkAlias('alias', c.req.param('alias'))));
  });

  app.get('/catalog/orders/:orderAlias', (c) =>
    c.json(orders.order(checkAlias('orderAlias', c.req.param('orderAlias')))),
  );

  app.get('/catalog/shipments/:shipmentAlias', (c) =>
    c.json(orders.shipment(checkAlias('shipmentAlias', c.req.param('shipmentAlias')))),
  );

  app.put('/catalog/shipments/:shipmentAlias/address', async (c) => {
    const alias = checkAlias('shipmentAlias', c.req.param('shipmentAlias'));
    const body = await readJsonBody(c.req.raw, { required: true });
    return c.json(orders.putAddress(alias, body));
  });

  return app;
}

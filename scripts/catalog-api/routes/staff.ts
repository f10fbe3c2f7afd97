/**
 * Staff sign-in and the editor's change to a product:
 *   GET|POST /store/signin, POST /store/signout   staff sign-in (limited per client and per account)
 *   GET  /store/session                           whom the staff cookie belongs to (the editor page asks)
 *   PUT  /store/products/{id}                     editors: { title, lang? } changes a product's title
 * Sign-in failures are counted in the database (sign-in-throttle.ts, store.ts): every instance counts them.
 */
import { type Context, Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { atRest } from '../at-rest.ts';
import { bumpCatalogVersion } from '../catalog-version.ts';
import { ApiError, badRequest, notFound } from '../errors.ts';
import {
  clientOf,
  type Env,
  formFromSite,
  jsonFromSite,
  requireStaff,
  type Services,
  staffCookieOf,
  staffMember,
} from '../http.ts';
import type { Lang } from '../i18n-data.ts';
import { STAFF_DEVICE_SECONDS, STAFF_SESSION_SECONDS, staffDeviceCookieName } from '../staff.ts';
import { HTML_HEADERS, signedInPage, signedOutPage, signInPage } from '../store-counter.ts';
import { parseLangQuery, parsePositiveInt, readBodyText, readJsonBody } from '../validate.ts';

/**
 * Failed staff sign-ins: per account and client, growing delays (sign-in-throttle.ts); per client across
 * accounts, 20 in 15 minutes, then that client waits for the window to end. A device the account signed in
 * on before (its device cookie) is exempt from both and counts its own failures instead.
 */
const SIGN_IN_WINDOW_MS = 15 * 60_000;
const SIGN_IN_LIMIT_PER_CLIENT = 20;
/**
 * Where a staff member may be sent after signing in: a store-counter page (relative to /store/: a QR's
 * page or the counter-code form), or `editor`, the site's editor page that `npm start` serves beside the
 * API (scripts/publisher/).
 */
const NEXT_PATH = /^(qr\/[A-Za-z0-9_-]{16,64}|code|editor)$/;

export function staffRoutes(s: Services): Hono<Env> {
  const app = new Hono<Env>();
  const cookie = staffCookieOf(s);
  const deviceCookie = { name: staffDeviceCookieName(s.config.publicUrl) };

  // The sign-in form, read once per request (both limiters and the handler need it), its size bounded.
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
  /** Why this client waits before trying any account again, in ms: 0 when it may try now. */
  const clientWait = async (client: string): Promise<number> => {
    const window = await s.store.rateWindow(`signin-client:${client}`);
    if (!window || s.now() - window.window_start >= SIGN_IN_WINDOW_MS) return 0;
    return window.hits >= SIGN_IN_LIMIT_PER_CLIENT ? window.window_start + SIGN_IN_WINDOW_MS - s.now() : 0;
  };

  app.post('/store/signin', formFromSite(s), async (c) => {
    const { account, password, next } = await signInForm(c);
    const target = NEXT_PATH.test(next) ? next : '';
    const client = clientOf(s, c);
    // A device this account signed in on before (the counter's tablet) counts its own failures only:
    // guesses from elsewhere on the same network, or behind the same proxy, never hold it back.
    const device = getCookie(c, deviceCookie.name);
    const trusted = account !== '' && (await s.staff.deviceAccount(device)) === account;
    const failureKey = trusted ? `device:${atRest(device ?? '')}` : client;
    const refuse = (message: string, waitMs: number) =>
      c.body(signInPage({ action: 'signin', next: target, account, message }), 429, {
        ...HTML_HEADERS,
        'Retry-After': String(Math.max(1, Math.ceil(waitMs / 1000))),
      });
    if (!trusted) {
      const waitClient = await clientWait(client);
      if (waitClient > 0) {
        return refuse(
          'サインインの失敗が続いたため、この端末からのサインインを一時的に止めています。15分ほど待ってからもう一度お試しください。',
          waitClient,
        );
      }
    }
    // This account from this client (or device) waits after repeated failures, whatever the password (the
    // right one too): guessing is slowed, and nobody else's sign-in is.
    const wait = await s.signInThrottle.wait(account, failureKey);
    if (wait > 0) {
      const seconds = Math.ceil(wait / 1000);
      return refuse(`サインインの失敗が続いたため、${seconds}秒ほど待ってからもう一度お試しください。`, wait);
    }
    // Every try is checked as a real one (an unknown account or an empty password too): the answer's
    // time tells nothing.
    const token = await s.staff.signIn(account, password);
    if (token === null) {
      await s.signInThrottle.failed(account, failureKey);
      if (!trusted) await s.store.hitWindow(`signin-client:${client}`, s.now(), SIGN_IN_WINDOW_MS);
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
    await s.signInThrottle.succeeded(account, failureKey);
    setCookie(c, cookie.name, token, {
      httpOnly: true,
      secure: cookie.secure,
      sameSite: 'Strict',
      path: '/',
      maxAge: STAFF_SESSION_SECONDS,
    });
    setCookie(c, deviceCookie.name, await s.staff.rememberDevice(device, account), {
      httpOnly: true,
      secure: cookie.secure,
      sameSite: 'Strict',
      path: '/',
      maxAge: STAFF_DEVICE_SECONDS,
    });
    // The editor page is the site's, beside the API's public URL (…/api): /editor/ on the same origin.
    const location =
      target === 'editor'
        ? new URL('../editor/', `${s.config.publicUrl.replace(/\/+$/, '')}/`).href
        : target === ''
          ? 'signin'
          : target;
    return c.body(null, 303, { ...HTML_HEADERS, Location: location });
  });

  app.get('/store/signin', async (c) => {
    const member = await staffMember(s, c);
    if (member !== null) return c.body(signedInPage(member.account), 200, HTML_HEADERS);
    return c.body(signInPage({ action: 'signin', next: '' }), 200, HTML_HEADERS);
  });

  app.get('/store/session', async (c) => {
    const member = await staffMember(s, c);
    if (member === null) throw new ApiError(403, 'FORBIDDEN', 'Staff sign-in is required');
    return c.json({ account: member.account, roles: [...member.roles] }, 200, {
      'Cache-Control': 'no-store',
    });
  });

  app.post('/store/signout', formFromSite(s), async (c) => {
    await s.staff.signOut(getCookie(c, cookie.name));
    deleteCookie(c, cookie.name, { path: '/', secure: cookie.secure });
    return c.body(signedOutPage(), 200, HTML_HEADERS);
  });

  // An editor's change to a product (its title in one language); the catalogue version moves with it.
  app.put('/store/products/:id', jsonFromSite(s), async (c) => {
    await requireStaff(s, c, 'editor');
    const id = parsePositiveInt('id', c.req.param('id'));
    const body = (await readJsonBody(c.req.raw, { required: true })) as Record<string, unknown> | null;
    const title = typeof body?.title === 'string' ? body.title.trim() : '';
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
    if (title === '' || title.length > 200 || /[\u0000-\u001f\u007f]/.test(title)) {
      throw badRequest('title must be 1–200 characters without control characters');
    }
    const lang = parseLangQuery(typeof body?.lang === 'string' ? body.lang : undefined);
    const changed = await s.store.transaction(async (tx) => {
      const product = await tx.productForUpdate(id);
      if (!product) return false;
      const texts = JSON.parse(product.texts) as Record<Lang, { title: string; descriptionHtml: string }>;
      texts[lang] = { ...texts[lang], title };
      await tx.setProductTexts(id, JSON.stringify(texts));
      await bumpCatalogVersion(tx, s.now(), [id]);
      return true;
    });
    if (!changed) throw notFound('product not found.');
    s.catalog.invalidate([id]);
    return c.body((await s.catalog.productJson(id, lang)) ?? 'null', 200, {
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': 'no-store',
    });
  });

  return app;
}

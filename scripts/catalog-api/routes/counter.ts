/**
 * The store counter (standing in for the POS; store-counter.ts draws its pages):
 *   GET  /store/qr/{alias}                  the page the QR code opens; counter staff sign in first
 *   POST /store/qr/{alias}/complete         its form: completes the payment
 *   GET|POST /store/code                    staff type the shopper's counter code (limited per staff
 *                                           member and per client, counter-code.ts)
 *   POST /store/shipments/{alias}/shipped   staff: address_received → shipped (JSON)
 */
import { Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { parseCounterCode } from '../counter-code.ts';
import { ApiError } from '../errors.ts';
import {
  clientOf,
  type Env,
  formFromSite,
  jsonFromSite,
  requireStaff,
  type Services,
  staffMember,
} from '../http.ts';
import type { DraftLine } from '../orders.ts';
import {
  codeEntryPage,
  completedPage,
  counterRoleRequiredPage,
  draftPage,
  failurePage,
  HTML_HEADERS,
  notFoundPage,
  signInPage,
} from '../store-counter.ts';
import { ALIAS_PATTERN, checkAlias, readBodyText } from '../validate.ts';

export function counterRoutes(s: Services): Hono<Env> {
  const app = new Hono<Env>();
  const pickupPlace = (line: DraftLine) => s.orders.counterPickupPlace(line);

  app.get('/store/qr/:alias', async (c) => {
    const alias = c.req.param('alias');
    const member = await staffMember(s, c);
    // Nothing about the draft order, not even whether it exists, before counter staff have signed in.
    if (member === null) {
      const next = ALIAS_PATTERN.test(alias) ? `qr/${alias}` : '';
      return c.body(signInPage({ action: '../signin', next }), 401, HTML_HEADERS);
    }
    if (!member.roles.has('counter'))
      return c.body(counterRoleRequiredPage(member.account), 403, HTML_HEADERS);
    const draft = ALIAS_PATTERN.test(alias) ? await s.orders.draft(alias) : null;
    if (!draft) return c.body(notFoundPage(), 404, HTML_HEADERS);
    const html = draftPage({
      alias,
      snapshot: draft.snapshot,
      pickupPlace,
      lang: draft.row.lang,
      status: draft.status,
      expiresAt: draft.row.expires_at,
      now: s.now(),
      stockChanged:
        draft.status === 'pending' &&
        draft.snapshot !== null &&
        (await s.orders.stockShortfalls(draft.snapshot.lines)).length > 0,
      staff: member.account,
      chatOrder: draft.row.chat_order === 1,
    });
    return c.body(html, 200, HTML_HEADERS);
  });

  // The counter code, typed when the QR cannot be scanned. Without a counter staff session the answer is the
  // sign-in form whatever was typed, read or not: it tells nobody whether a code exists.
  app.get('/store/code', async (c) => {
    const member = await staffMember(s, c);
    if (member === null) return c.body(signInPage({ action: 'signin', next: 'code' }), 401, HTML_HEADERS);
    if (!member.roles.has('counter')) {
      return c.body(counterRoleRequiredPage(member.account, 'signout'), 403, HTML_HEADERS);
    }
    return c.body(codeEntryPage({ staff: member.account }), 200, HTML_HEADERS);
  });

  app.post('/store/code', formFromSite(s), async (c) => {
    const member = await staffMember(s, c);
    if (member === null) return c.body(signInPage({ action: 'signin', next: 'code' }), 401, HTML_HEADERS);
    if (!member.roles.has('counter')) {
      return c.body(counterRoleRequiredPage(member.account, 'signout'), 403, HTML_HEADERS);
    }
    const typed = (new URLSearchParams(await readBodyText(c.req.raw, 4096)).get('code') ?? '').slice(0, 32);
    const client = clientOf(s, c);
    const wait = await s.codeThrottle.wait(member.account, client);
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
    const alias = await s.orders.draftAliasOfCounterCode(parsed.code);
    if (alias === null) {
      await s.codeThrottle.missed(member.account, client);
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

  app.post('/store/qr/:alias/complete', formFromSite(s), async (c) => {
    const alias = c.req.param('alias');
    const back = `../${encodeURIComponent(alias)}`;
    const member = await staffMember(s, c);
    if (member === null) return c.body(failurePage('FORBIDDEN', back), 403, HTML_HEADERS);
    if (!member.roles.has('counter')) return c.body(failurePage('ROLE_REQUIRED', back), 403, HTML_HEADERS);
    if (!ALIAS_PATTERN.test(alias)) return c.body(failurePage('NOT_FOUND', back), 404, HTML_HEADERS);
    try {
      await s.orders.complete(alias);
    } catch (error) {
      if (error instanceof ApiError) {
        return c.body(failurePage(error.code, back), error.status as ContentfulStatusCode, HTML_HEADERS);
      }
      throw error;
    }
    const draft = await s.orders.draft(alias);
    if (draft?.snapshot == null) throw new Error('a completed draft order lists nothing');
    return c.body(
      completedPage(
        {
          snapshot: draft.snapshot,
          pickupPlace,
          lang: draft.row.lang,
          chatOrder: draft.row.chat_order === 1,
        },
        back,
      ),
      200,
      HTML_HEADERS,
    );
  });

  app.post('/store/shipments/:alias/shipped', jsonFromSite(s), async (c) => {
    await requireStaff(s, c, 'counter');
    return c.json(await s.orders.markShipped(checkAlias('shipmentAlias', c.req.param('alias'))));
  });

  return app;
}

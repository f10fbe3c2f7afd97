/**
 * The bag and its QR hand-off (the contract's /catalog/cart*): lines, receive, wrapping, issuing a QR
 * code, and what the QR page reads. The bag is the visitor's cookie session (cart.ts); reading it never
 * starts one.
 */
import { Hono } from 'hono';
import { ApiError } from '../errors.ts';
import {
  type Env,
  jsonFromSite,
  requireStaff,
  type Services,
  session,
  setBagCookie,
  viewer,
} from '../http.ts';
import { overLimit } from '../limits.ts';
import {
  checkAlias,
  parseAddToCart,
  parseIssueQr,
  parseLangBody,
  parseSetGift,
  parseSetQty,
  parseSetReceive,
  parseSetWrapping,
  readJsonBody,
} from '../validate.ts';

export function bagRoutes(s: Services): Hono<Env> {
  const app = new Hono<Env>();

  // Reading the bag never starts a session: without one, the bag is empty and nothing is stored.
  app.get('/catalog/cart/products/count', async (c) => {
    const id = await viewer(s, c);
    return c.json({ count: id === null ? 0 : await s.cart.count(id) });
  });

  app.post('/catalog/cart/product', async (c) => {
    const request = parseAddToCart(await readJsonBody(c.req.raw, { required: true }));
    return c.json(await s.cart.add(await session(s, c), request));
  });

  app.put('/catalog/cart/product-qty', async (c) => {
    const request = parseSetQty(await readJsonBody(c.req.raw, { required: true }));
    return c.json(await s.cart.setQty(await session(s, c), request));
  });

  app.put('/catalog/cart/product-receive', async (c) => {
    const request = parseSetReceive(await readJsonBody(c.req.raw, { required: true }));
    return c.json(await s.cart.setReceive(await session(s, c), request));
  });

  app.put('/catalog/cart/product-gift', async (c) => {
    const request = parseSetGift(await readJsonBody(c.req.raw, { required: true }));
    return c.json(await s.cart.setGift(await session(s, c), request));
  });

  app.put('/catalog/cart/wrapping', async (c) => {
    const request = parseSetWrapping(await readJsonBody(c.req.raw, { required: true }));
    return c.json(await s.cart.setWrapping(await session(s, c), request.wrapping, request.lang));
  });

  app.post('/catalog/cart', async (c) => {
    const lang = parseLangBody(await readJsonBody(c.req.raw, { required: false }));
    const id = await viewer(s, c);
    return c.json(id === null ? s.cart.empty() : (await s.cart.view(id, lang)).cart);
  });

  // Issuing a QR code gives the bag a new cookie value (its draft orders follow it): whatever saw the
  // old value before the shopper went to pay opens nothing now. A bag issues a few QR codes a minute at
  // most (CATALOG_QR_PER_MINUTE): each is a stored draft.
  app.post('/catalog/cart/qr', async (c) => {
    const request = parseIssueQr(await readJsonBody(c.req.raw, { required: false }));
    const id = await session(s, c);
    const limit = await overLimit(s.store, `qr:${id}`, s.config.qrIssuesPerMinute, 60_000, s.now());
    if (limit.over) {
      const seconds = Math.max(1, Math.ceil(limit.retryAfterMs / 1000));
      c.header('Retry-After', String(seconds));
      throw new ApiError(
        429,
        'TOO_MANY_REQUESTS',
        `QRコードの発行が続いたため、${seconds}秒ほど待ってからもう一度お試しください。`,
      );
    }
    const issued = await s.orders.issue(id, request.lang, request.chat);
    setBagCookie(s, c, (await s.cart.rotate(id)).token);
    return c.json(issued, 201);
  });

  app.get('/catalog/cart/qr/:alias', async (c) =>
    c.json(await s.orders.confirmation(checkAlias('alias', c.req.param('alias')), await viewer(s, c))),
  );

  app.get('/catalog/cart/qr/:alias/status', async (c) =>
    c.json(await s.orders.status(checkAlias('alias', c.req.param('alias')), await viewer(s, c))),
  );

  app.post('/catalog/cart/qr/:alias/complete', jsonFromSite(s), async (c) => {
    await requireStaff(s, c, 'counter');
    return c.json(await s.orders.complete(checkAlias('alias', c.req.param('alias'))));
  });

  return app;
}

/**
 * Orders and shipments for the holders of their links (the contract's /catalog/orders and
 * /catalog/shipments): the order page, a shipment, and the delivery address the shipment link takes.
 */
import { Hono } from 'hono';
import { type Env, type Services, viewer } from '../http.ts';
import { checkAlias, readJsonBody } from '../validate.ts';

export function orderRoutes(s: Services): Hono<Env> {
  const app = new Hono<Env>();

  app.get('/catalog/orders/:orderAlias', async (c) =>
    c.json(await s.orders.order(checkAlias('orderAlias', c.req.param('orderAlias')), await viewer(s, c))),
  );

  app.get('/catalog/shipments/:shipmentAlias', async (c) =>
    c.json(
      await s.orders.shipment(checkAlias('shipmentAlias', c.req.param('shipmentAlias')), await viewer(s, c)),
    ),
  );

  app.put('/catalog/shipments/:shipmentAlias/address', async (c) => {
    const alias = checkAlias('shipmentAlias', c.req.param('shipmentAlias'));
    const body = await readJsonBody(c.req.raw, { required: true });
    return c.json(await s.orders.putAddress(alias, body, await viewer(s, c)));
  });

  return app;
}

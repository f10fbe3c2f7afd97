/**
 * Test switches: fault injection and test hooks. app.ts mounts them only in demo mode with
 * CATALOG_TEST_SWITCHES=1 (config.ts); without it, and always in production mode, their paths do not exist.
 * Where they exist, they still answer direct loopback calls only.
 */
import { Hono } from 'hono';
import { badRequest } from '../errors.ts';
import { parseFaultRules } from '../faults.ts';
import { type Env, injectFault, isDirectLoopback, type Services } from '../http.ts';
import { checkAlias, readJsonBody } from '../validate.ts';

export function testSwitchRoutes(s: Services): Hono<Env> {
  const app = new Hono<Env>();
  app.use('/__faults', async (c, next) => {
    if (!isDirectLoopback(c))
      return c.json({ code: 'FORBIDDEN', message: 'Faults are only accepted from loopback' }, 403);
    await next();
    return undefined;
  });
  app.get('/__faults', (c) => c.json({ rules: s.faults.list() }));
  app.put('/__faults', async (c) => {
    const body = await readJsonBody(c.req.raw, { required: true });
    const result = parseFaultRules(body);
    if (!result.ok) throw badRequest(result.message);
    s.faults.set(result.rules);
    return c.json({ rules: s.faults.list() });
  });
  app.delete('/__faults', (c) => {
    s.faults.clear();
    return c.json({ rules: [] });
  });

  app.use('/__test/*', async (c, next) => {
    if (!isDirectLoopback(c)) {
      return c.json({ code: 'FORBIDDEN', message: 'Test hooks are only accepted from loopback' }, 403);
    }
    await next();
    return undefined;
  });
  app.post('/__test/draft-orders/:alias/expire', async (c) =>
    c.json(await s.orders.expireNow(checkAlias('alias', c.req.param('alias')))),
  );

  // Pictures take fault rules too (a slow picture for the end-to-end suite's picture timer).
  app.use('/images/*', async (c, next) => {
    const faulty = await injectFault(s, c);
    if (faulty) return faulty;
    await next();
    return undefined;
  });
  return app;
}

/**
 * The catalogue of the contract (src/lib/catalog/openapi.yaml): areas, the version, products and the brand
 * filter. Pages of products are JSON text assembled once per product and language (catalog.ts).
 */
import { Hono } from 'hono';
import { catalogVersion } from '../catalog-version.ts';
import { notFound } from '../errors.ts';
import type { Env, Services } from '../http.ts';
import { parseLangQuery, parseOptionalPositiveInt, parsePositiveInt, parseTenantIds } from '../validate.ts';

const PUBLIC_CACHE = 'public, max-age=60';

export function catalogRoutes(s: Services): Hono<Env> {
  const app = new Hono<Env>();

  app.get('/catalog/areas', (c) => c.json(s.catalog.areas(), 200, { 'Cache-Control': PUBLIC_CACHE }));

  app.get('/catalog/version', async (c) =>
    c.json(await catalogVersion(s.store, s.now()), 200, { 'Cache-Control': 'no-cache' }),
  );

  app.get('/catalog/products', async (c) => {
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
    return c.body(await s.catalog.pageJson(filter, page, size, lang), 200, {
      'Content-Type': 'application/json; charset=UTF-8',
      'Cache-Control': PUBLIC_CACHE,
    });
  });

  app.get('/catalog/products/:id', async (c) => {
    const id = parsePositiveInt('id', c.req.param('id'));
    const lang = parseLangQuery(c.req.query('lang'));
    const json = await s.catalog.productJson(id, lang);
    if (json === null) throw notFound('product not found.');
    return c.body(json, 200, {
      'Content-Type': 'application/json; charset=UTF-8',
      'Cache-Control': PUBLIC_CACHE,
    });
  });

  app.get('/catalog/products-filters', async (c) => {
    const areaId = parseOptionalPositiveInt('area_id', c.req.query('area_id'));
    const lang = parseLangQuery(c.req.query('lang'));
    return c.json(await s.catalog.filters(areaId, lang), 200, { 'Cache-Control': PUBLIC_CACHE });
  });

  return app;
}

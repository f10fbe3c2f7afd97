/**
 * Catalogue resources: areas, products and the brand filter. Each function is one call through the
 * client, with the catalogue's failure message for that call, and reshapes the payload at the boundary.
 */
import { type CatalogClient, call, catalogClient } from './client.ts';
import { type ListProductsQuery, productListParams } from './product-list-lean.ts';
import type { Area, CatalogVersion, Lang, ProductPage, Tenant } from './types.ts';

/** The largest page the API serves; the build pages with it. */
export const MAX_PAGE_SIZE = 100;

/** Every store area, BASE A to BASE D. */
export function listAreas(client: CatalogClient = catalogClient()): Promise<Area[]> {
  return call('GET /catalog/areas', 'areas not found.', () => client.GET('/catalog/areas'));
}

/** The catalogue's version: it changes whenever anything a page shows changes. */
export function getCatalogVersion(client: CatalogClient = catalogClient()): Promise<CatalogVersion> {
  return call('GET /catalog/version', 'Something went wrong.', () => client.GET('/catalog/version'));
}

/** One page of products, with the total count of matching products (product-list-lean.ts has its query). */
export function listProducts(
  query: ListProductsQuery = {},
  client: CatalogClient = catalogClient(),
): Promise<ProductPage> {
  const params = productListParams(query);
  const endpoint = `GET /catalog/products?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`;
  return call(endpoint, 'products not found.', () =>
    client.GET('/catalog/products', { params: { query: params } }),
  );
}

export interface ListTenantsQuery {
  areaId?: number;
  /** The language to name them in (Japanese when omitted). */
  lang?: Lang;
}

/** The tenants (brands) with products in an area, or every tenant when no area is given. */
export function listTenants(
  { areaId, lang }: ListTenantsQuery = {},
  client: CatalogClient = catalogClient(),
): Promise<Tenant[]> {
  const query = {
    ...(areaId === undefined ? {} : { area_id: areaId }),
    ...(lang === undefined ? {} : { lang }),
  };
  const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  return call(`GET /catalog/products-filters${search ? `?${search}` : ''}`, 'filter option not found.', () =>
    client.GET('/catalog/products-filters', { params: { query } }),
  );
}

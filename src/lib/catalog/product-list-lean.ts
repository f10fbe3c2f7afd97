/**
 * A page of products through plain fetch (`leanSend` in request.ts), for the lists' next pages in the
 * browser: an area or brand page ships no typed client (openapi-fetch). The build reads
 * the catalogue through the typed client (catalogue.ts), with the same query.
 */
import { leanSend, type RequestOptions } from './request.ts';
import type { Lang, ProductPage } from './types.ts';

/** The storefront's page size: 10 products per page. */
export const PRODUCT_PAGE_SIZE = 10;

export interface ListProductsQuery {
  areaId?: number;
  page?: number;
  size?: number;
  tenantIds?: readonly number[];
  lang?: Lang;
}

/** The query as the contract names it, without the parts not given. */
export function productListParams(query: ListProductsQuery) {
  return {
    ...(query.areaId === undefined ? {} : { area_id: query.areaId }),
    page: query.page ?? 1,
    size: query.size ?? PRODUCT_PAGE_SIZE,
    ...(query.tenantIds?.length ? { tenant_ids: query.tenantIds.join(',') } : {}),
    ...(query.lang ? { lang: query.lang } : {}),
  };
}

/** One page of products, with the total count of matching products. */
export function listProductPage(
  query: ListProductsQuery = {},
  options: RequestOptions = {},
): Promise<ProductPage> {
  const params = Object.entries(productListParams(query)).map(([name, value]) => [name, String(value)]);
  return leanSend<'/catalog/products', 'get'>(
    'get',
    `/catalog/products?${new URLSearchParams(params)}`,
    'products not found.',
    undefined,
    options,
  );
}

/**
 * Product lists (area and brand pages): the first page the build renders and the brands an area's filter
 * offers. The API lists products by id, so the build does too: page 1 in the HTML and page 2 from the API
 * line up.
 */
import { PRODUCT_PAGE_SIZE } from '../../lib/catalog/product-list-lean.ts';
import type { Tenant } from '../../lib/catalog/types.ts';
import { type ListedProduct, listedSummary, type ProductSummary } from '../product/index.ts';

/** A tenant as the brand filter shows it (no description: it is not shown there). */
export type BrandOption = Pick<Tenant, 'id' | 'name' | 'logoSrc' | 'officialSiteUrl'>;

/** A list's first page, as in the HTML, and how many products match in all. */
export interface FirstPage {
  products: ProductSummary[];
  count: number;
}

/** What a list shows: the products of an area, of some brands, or both. */
export interface ListScope {
  areaId?: number | undefined;
  tenantIds?: readonly number[] | undefined;
}

/** True when a product belongs in the list. */
function inScope(product: ListedProduct, scope: ListScope): boolean {
  if (scope.areaId !== undefined && !product.areas.includes(scope.areaId)) return false;
  return !scope.tenantIds?.length || scope.tenantIds.includes(product.tenant.id);
}

/** The first page of a list, as the API would answer it, and the total count. */
export function firstPage(
  products: readonly ListedProduct[],
  scope: ListScope,
  size: number = PRODUCT_PAGE_SIZE,
): FirstPage {
  const matching = products.filter((product) => inScope(product, scope)).sort((a, b) => a.id - b.id);
  return {
    products: matching.slice(0, size).map((product) => listedSummary(product, scope.areaId)),
    count: matching.length,
  };
}

/**
 * The places a list keeps for the products still to come, once `shown` of `count` are shown: up to three
 * pages. A flick faster than three pages' loads would reach the footer of a longer list before its end; a
 * list's whole length in places would be a page of empty elements for an area of thousands.
 */
export function placesKept(count: number, shown: number): number {
  return Math.max(0, Math.min(3 * PRODUCT_PAGE_SIZE, count - shown));
}

/** The brands with products in an area, by id (the order of GET /catalog/products-filters). */
export function brandsInArea(products: readonly ListedProduct[], areaId: number): BrandOption[] {
  const tenants = new Map<number, Tenant>();
  for (const product of products) {
    if (product.areas.includes(areaId)) tenants.set(product.tenant.id, product.tenant);
  }
  return [...tenants.values()]
    .sort((a, b) => a.id - b.id)
    .map(({ id, name, logoSrc, officialSiteUrl }) => ({ id, name, logoSrc, officialSiteUrl }));
}

/**
 * Product lists (area and brand pages): the first page the build renders, the brands an area's filter
 * offers, and how a summary's price reads. The API lists products by id, so the build does too: page 1 in
 * the HTML and page 2 from the API line up.
 */
import { PRODUCT_PAGE_SIZE } from '../../lib/catalog/catalogue.ts';
import type { Product, Tenant } from '../../lib/catalog/types.ts';
import { formatPrice, formatYen } from '../../lib/format/price.ts';
import type { BrandOption, FirstPage, ProductSummary } from '../../lib/payload.ts';
import { isSoldOut, mainImage, productHref } from './catalogue-pages.ts';

/** The summary of a product seen from `areaId` (its first area when not given). */
export function productSummary(product: Product, areaId: number = product.areas[0] ?? 0): ProductSummary {
  const prices = product.variants.map((variant) => variant.price);
  const price = Math.min(...prices);
  const cheapest = product.variants.find((variant) => variant.price === price);
  return {
    id: product.id,
    areaId,
    title: product.title,
    tenantName: product.tenant.name,
    imageSrc: mainImage(product)?.src ?? null,
    price,
    maxPrice: Math.max(...prices),
    compareAtPrice: cheapest?.isSale ? cheapest.compareAtPrice : null,
    onSale: product.variants.some((variant) => variant.isSale),
    soldOut: isSoldOut(product),
    href: productHref(areaId, product.id),
  };
}

/** What a list shows: the products of an area, of some brands, or both. */
export interface ListScope {
  areaId?: number | undefined;
  tenantIds?: readonly number[] | undefined;
}

/** True when a product belongs in the list. */
export function inScope(product: Product, scope: ListScope): boolean {
  if (scope.areaId !== undefined && !product.areas.includes(scope.areaId)) return false;
  return !scope.tenantIds?.length || scope.tenantIds.includes(product.tenant.id);
}

/** The first page of a list, as the API would answer it, and the total count. */
export function firstPage(
  products: readonly Product[],
  scope: ListScope,
  size: number = PRODUCT_PAGE_SIZE,
): FirstPage {
  const matching = products.filter((product) => inScope(product, scope)).sort((a, b) => a.id - b.id);
  return {
    products: matching.slice(0, size).map((product) => productSummary(product, scope.areaId)),
    count: matching.length,
  };
}

/** The brands with products in an area, by id (the order of GET /catalog/products-filters). */
export function brandsInArea(products: readonly Product[], areaId: number): BrandOption[] {
  const tenants = new Map<number, Tenant>();
  for (const product of products) {
    if (product.areas.includes(areaId)) tenants.set(product.tenant.id, product.tenant);
  }
  return [...tenants.values()]
    .sort((a, b) => a.id - b.id)
    .map(({ id, name, logoSrc, officialSiteUrl }) => ({ id, name, logoSrc, officialSiteUrl }));
}

export interface SummaryPrice {
  /** `¥1,080（税込）`, with `〜` when the variants' prices differ. */
  price: string;
  /** The lowest-priced variant's regular price, to strike through, when it is on sale. */
  compareAt: string | undefined;
}

/** How a product's price reads in a list. */
export function summaryPrice(
  summary: Pick<ProductSummary, 'price' | 'maxPrice' | 'compareAtPrice'>,
): SummaryPrice {
  const range = summary.maxPrice > summary.price;
  const onSale = summary.compareAtPrice !== null && summary.compareAtPrice > summary.price;
  return {
    price: `${formatPrice(summary.price)}${range ? '〜' : ''}`,
    compareAt: onSale && summary.compareAtPrice !== null ? formatYen(summary.compareAtPrice) : undefined,
  };
}

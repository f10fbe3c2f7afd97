/**
 * Per-page payload files: every prerendered catalogue page has a JSON twin at `{page}/_payload.json`,
 * written by an endpoint beside the page, typed here. Islands and the wishlist read them instead of calling
 * the API for data the build already has.
 *
 * Astro does not route files whose name starts with `_`, so the endpoints are `[payload].json.ts` with the
 * one param value `_payload` (PAYLOAD_PARAM).
 */

import { brandsInArea, firstPage, productSummary } from '../features/catalogue/product-list.ts';
import type { Area, Product, Tenant } from './catalog/types.ts';

// The summary builder lives with the list rules; pages import it from here with the payload types.
export { productSummary };

/** The param value of the `[payload].json.ts` endpoints: they answer `{page}/_payload.json`. */
export const PAYLOAD_PARAM = '_payload';

/** The payload URL of a page path: `/area/1/` → `/area/1/_payload.json`. */
export function payloadPath(pagePath: string): string {
  return `${pagePath.endsWith('/') ? pagePath : `${pagePath}/`}${PAYLOAD_PARAM}.json`;
}

/** A product as lists, the wishlist and cards need it. */
export interface ProductSummary {
  id: number;
  /** The area its link opens the product in. */
  areaId: number;
  title: string;
  tenantName: string;
  imageSrc: string | null;
  /** Lowest variant price, yen. */
  price: number;
  /** Highest variant price, yen (equal to `price` when every variant costs the same). */
  maxPrice: number;
  /** The regular price of the lowest-priced variant when that variant is on sale. */
  compareAtPrice: number | null;
  /** True when any variant is on sale. */
  onSale: boolean;
  soldOut: boolean;
  href: string;
}

/** A product page's path: the only link a stored summary may carry. */
const PRODUCT_HREF = /^\/area\/\d+\/products\/\d+\/$/;

/** True when a value (read back from storage) has the shape of a ProductSummary. */
export function isProductSummary(value: unknown): value is ProductSummary {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  const int = (x: unknown) => typeof x === 'number' && Number.isSafeInteger(x) && x >= 0;
  return (
    int(v.id) &&
    int(v.areaId) &&
    typeof v.title === 'string' &&
    typeof v.tenantName === 'string' &&
    (v.imageSrc === null || typeof v.imageSrc === 'string') &&
    int(v.price) &&
    int(v.maxPrice) &&
    (v.compareAtPrice === null || int(v.compareAtPrice)) &&
    typeof v.onSale === 'boolean' &&
    typeof v.soldOut === 'boolean' &&
    typeof v.href === 'string' &&
    PRODUCT_HREF.test(v.href)
  );
}

/** A tenant as the brand filter shows it (no description: it is not shown there). */
export type BrandOption = Pick<Tenant, 'id' | 'name' | 'logoSrc' | 'officialSiteUrl'>;

/** A list's first page, as in the HTML, and how many products match in all. */
export interface FirstPage {
  products: ProductSummary[];
  count: number;
}

export interface AreaPayload extends FirstPage {
  kind: 'area';
  buildId: string;
  area: Area;
  /** The brands with products in the area, for the brand filter. */
  tenants: BrandOption[];
}

export interface ProductPayload {
  kind: 'product';
  buildId: string;
  areaId: number;
  product: Product;
  /** The product as the wishlist and lists show it. */
  summary: ProductSummary;
}

export interface BrandPayload extends FirstPage {
  kind: 'brand';
  buildId: string;
  tenant: Tenant;
}

/** `/`: the seasonal theme and the entries to areas, brands and tags. */
export interface HomePayload {
  kind: 'home';
  buildId: string;
  theme: { title: string /** ISO 8601. */; launchedAt: string };
  areas: Area[];
  brands: BrandOption[];
  tags: import('../features/catalogue/tags.ts').TagSummary[];
}

/** `/brands/`: every brand with how many products it lists. */
export interface BrandsPayload {
  kind: 'brands';
  buildId: string;
  brands: (Tenant & { productCount: number })[];
}

/** `/product-tags/{id}/` and its `page/N/`: one page of a tag's products. */
export interface TagPayload {
  kind: 'tag';
  buildId: string;
  tag: import('../features/catalogue/tags.ts').TagSummary;
  /** 1-based. */
  page: number;
  pageCount: number;
  products: ProductSummary[];
}

export type PagePayload =
  | AreaPayload
  | ProductPayload
  | BrandPayload
  | HomePayload
  | BrandsPayload
  | TagPayload;

/** The payload of an area page: the area, its first page of products and its brands. */
export function areaPayload(area: Area, products: readonly Product[], buildId: string): AreaPayload {
  return {
    kind: 'area',
    buildId,
    area,
    ...firstPage(products, { areaId: area.id }),
    tenants: brandsInArea(products, area.id),
  };
}

/** The payload of a product page seen from an area. */
export function productPayload(product: Product, areaId: number, buildId: string): ProductPayload {
  return { kind: 'product', buildId, areaId, product, summary: productSummary(product, areaId) };
}

/** The payload of a brand page: the brand and the first page of its products in every area. */
export function brandPayload(tenant: Tenant, products: readonly Product[], buildId: string): BrandPayload {
  return { kind: 'brand', buildId, tenant, ...firstPage(products, { tenantIds: [tenant.id] }) };
}

/** The JSON response of a payload endpoint. */
export function payloadResponse(payload: PagePayload): Response {
  return new Response(JSON.stringify(payload), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
}

/**
 * A page's payload from the site itself (same origin, no API token), or null when the page does not exist
 * (the product left the catalogue) or is of another kind. Network failures reject.
 */
export async function fetchPayload<K extends PagePayload['kind']>(
  pagePath: string,
  kind: K,
  fetchImpl: typeof fetch = fetch,
): Promise<Extract<PagePayload, { kind: K }> | null> {
  const response = await fetchImpl(payloadPath(pagePath), { headers: { Accept: 'application/json' } });
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`${payloadPath(pagePath)} → ${response.status}`);
  const body: unknown = await response.json();
  return typeof body === 'object' && body !== null && (body as { kind?: unknown }).kind === kind
    ? (body as Extract<PagePayload, { kind: K }>)
    : null;
}

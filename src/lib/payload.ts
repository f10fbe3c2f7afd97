/**
 * Per-page payload files: every prerendered catalogue page has a JSON twin at `{page}/_payload.json`,
 * written by an endpoint beside the page, typed here. Islands and the wishlist read them instead of calling
 * the API for data the build already has.
 */
import type { Area, Product, Tenant } from './catalog/types.ts';

/** The payload URL of a page path: `/area/1/` → `/area/1/_payload.json`. */
export function payloadPath(pagePath: string): string {
  return `${pagePath.endsWith('/') ? pagePath : `${pagePath}/`}_payload.json`;
}

/** A product as lists, the wishlist and cards need it. */
export interface ProductSummary {
  id: number;
  areaId: number;
  title: string;
  tenantName: string;
  imageSrc: string | null;
  /** Lowest variant price, yen. */
  price: number;
  /** Set when the lowest-priced variant is on sale. */
  compareAtPrice: number | null;
  soldOut: boolean;
  href: string;
}

export interface AreaPayload {
  kind: 'area';
  buildId: string;
  area: Area;
  /** The first page, as in the HTML. */
  products: ProductSummary[];
  count: number;
  tenants: Tenant[];
}

export interface ProductPayload {
  kind: 'product';
  buildId: string;
  areaId: number;
  product: Product;
}

export type PagePayload = AreaPayload | ProductPayload;

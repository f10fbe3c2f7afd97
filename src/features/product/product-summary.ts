/**
 * A product as lists, cards and the wishlist need it: built once at build time from the full product, kept
 * in page payloads and in the shopper's stored favorites (so it is validated when read back).
 */
import type { Product } from '../../lib/catalog/types.ts';
import { isSoldOut, mainImage, productHref } from './product-rules.ts';

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

/**
 * The check of a product summary read back from storage (the favorites, the area list's pages): a module of
 * its own, so that a page reading stored summaries without building any (the product page's heart) loads
 * this and none of product-summary.ts (src/engine/chunk-groups.ts).
 */
import { isNonNegativeInteger, isRecord } from '../../lib/storage.ts';
import type { ProductSummary } from './product-summary.ts';

/** A product page's path, or a product in chat mode: the only links a stored summary may carry. */
const PRODUCT_HREF = /^(\/area\/\d+\/products\/\d+\/|\/chat\/brands\/\d+\/\?product=\d+)$/;

/** True when a value (read back from storage) has the shape of a ProductSummary. */
export function isProductSummary(value: unknown): value is ProductSummary {
  return (
    isRecord(value) &&
    isNonNegativeInteger(value.id) &&
    isNonNegativeInteger(value.areaId) &&
    typeof value.title === 'string' &&
    typeof value.tenantName === 'string' &&
    (value.imageSrc === null || typeof value.imageSrc === 'string') &&
    isNonNegativeInteger(value.price) &&
    isNonNegativeInteger(value.maxPrice) &&
    (value.compareAtPrice === null || isNonNegativeInteger(value.compareAtPrice)) &&
    typeof value.onSale === 'boolean' &&
    typeof value.soldOut === 'boolean' &&
    typeof value.href === 'string' &&
    PRODUCT_HREF.test(value.href)
  );
}

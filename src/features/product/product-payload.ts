/** The payload of a product page (`/area/{id}/products/{productId}/_payload.json`). */
import type { Product } from '../../lib/catalog/types.ts';
import { type ProductSummary, productSummary } from './product-summary.ts';

export interface ProductPayload {
  kind: 'product';
  areaId: number;
  product: Product;
  /** The product as the wishlist and lists show it. */
  summary: ProductSummary;
}

/** The payload of a product page seen from an area. */
export function productPayload(product: Product, areaId: number): ProductPayload {
  return { kind: 'product', areaId, product, summary: productSummary(product, areaId) };
}

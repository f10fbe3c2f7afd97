/**
 * A product as the API has it now, for the product page's after-load refresh of stock and prices, through
 * plain fetch (`leanSend` in request.ts): the product page ships no typed client.
 */
import { leanSend, type RequestOptions } from './request.ts';
import type { Product } from './types.ts';

/** One product, as the API has it now. */
export function getProduct(id: number, options: RequestOptions = {}): Promise<Product> {
  return leanSend('get', '/catalog/products/{id}', 'product not found.', undefined, {
    ...options,
    pathParams: { id },
  });
}

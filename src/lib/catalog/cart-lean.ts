/**
 * The two cart calls that pages without the typed client make, through plain fetch (`leanSend` in
 * request.ts): the count every page's header asks for, and adding a product from the product page, which
 * ships no other call. The same base URL, token header, cookies, timeout and error shape as the typed
 * client; the typed client (openapi-fetch) would add ~2.7 KB gzip to those pages.
 */
import { leanSend, type RequestOptions } from './request.ts';
import type { Cart } from './types.ts';

/** How many items are in the bag. */
export async function getCartCount(options?: RequestOptions): Promise<number> {
  return (await leanSend('get', '/catalog/cart/products/count', 'count not found.', undefined, options))
    .count;
}

/** Adds `addQty` of a variant to the bag; the bag after it. */
export function addToCart(
  line: { productId: number; variantId: number; addQty: number },
  options?: RequestOptions,
): Promise<Cart> {
  return leanSend('post', '/catalog/cart/product', 'cart not found.', line, options);
}

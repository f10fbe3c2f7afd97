/**
 * Adding a product from the product page, which ships no other call, through plain fetch (`leanSend`), like
 * the header's count in cart-lean.ts; apart from it because every page carries that one.
 */
import { leanSend, type RequestOptions } from './request.ts';
import type { Cart } from './types.ts';

/** Adds `addQty` of a variant to the bag; the bag after it. */
export function addToCart(
  line: { productId: number; variantId: number; addQty: number },
  options?: RequestOptions,
): Promise<Cart> {
  return leanSend('post', '/catalog/cart/product', 'cart not found.', line, options);
}

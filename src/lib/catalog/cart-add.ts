/**
 * Adding a product from the product page, which ships no other call, through plain fetch (`leanSend`), like
 * the header's count in cart-lean.ts; apart from it because every page carries that one. Chat mode turns a
 * new line to store pickup right after adding it, so that call is here too.
 */
import { leanSend, type RequestOptions } from './request.ts';
import type { Cart, Lang, Receive } from './types.ts';

/** Adds `addQty` of a variant to the bag; the bag after it. */
export function addToCart(
  line: { productId: number; variantId: number; addQty: number },
  options?: RequestOptions,
): Promise<Cart> {
  return leanSend('post', '/catalog/cart/product', 'cart not found.', line, options);
}

/** Sets how one line is received; the bag after it, answered in `lang` when given. */
export function setReceiveLean(
  line: { productId: number; variantId: number; receive: Receive; lang?: Lang },
  options?: RequestOptions,
): Promise<Cart> {
  return leanSend('put', '/catalog/cart/product-receive', 'product receive not found.', line, options);
}

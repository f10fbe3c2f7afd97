/**
 * Choosing a bag line's のし and message card, through plain fetch like the bag's other calls
 * (cart-bag.ts); a module of its own, so it loads with that choice, not with the bag.
 */
import { leanSend, type RequestOptions } from './request.ts';
import type { Cart, Lang, Noshi } from './types.ts';

/**
 * Sets a line's のし and message card (null takes one off; a field left out keeps the line's). A value the
 * API's rules refuse is a 422 with the reason's code and per-field messages, and changes nothing.
 */
export function setCartGift(
  line: { productId: number; variantId: number; noshi?: Noshi | null; message?: string | null; lang?: Lang },
  options?: RequestOptions,
): Promise<Cart> {
  return leanSend('put', '/catalog/cart/product-gift', 'cart not found.', line, options);
}

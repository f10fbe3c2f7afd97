/**
 * The bag count on its own: every page's header asks for it, so it goes through `leanGet` and never pulls
 * the typed client into a plain page (request.ts). Re-exported by cart.ts with the other cart calls.
 */
import { leanGet, type RequestOptions } from './request.ts';

/** How many items are in the bag. */
export async function getCartCount(options?: RequestOptions): Promise<number> {
  return (await leanGet('/catalog/cart/products/count', 'count not found.', options)).count;
}

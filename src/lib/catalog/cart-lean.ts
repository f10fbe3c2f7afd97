/**
 * The cart call every page's header makes, through plain fetch (`leanSend` in request.ts): the count. The
 * same base URL, token header, cookies, timeout and error shape as the typed client; the typed client
 * (openapi-fetch) would add to every page's JavaScript. Adding a product from the product page is in
 * cart-add.ts, so that plain pages do not carry it.
 */
import { leanSend, type RequestOptions } from './request.ts';

/** How many items are in the bag. */
export async function getCartCount(options?: RequestOptions): Promise<number> {
  return (await leanSend('get', '/catalog/cart/products/count', 'count not found.', undefined, options))
    .count;
}

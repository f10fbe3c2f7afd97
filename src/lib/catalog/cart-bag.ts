/**
 * The bag page's calls through plain fetch (`leanSend` in request.ts): reading the bag with its warnings,
 * changing a quantity or the wrapping, and issuing the QR. The typed client (openapi-fetch) stays off
 * the bag's page, as off the lists'. Choosing a line's のし and message card is in cart-gift.ts, which loads
 * with that choice. The QR, order and address pages keep the typed calls
 * (cart.ts).
 */
import { leanSend, type RequestOptions } from './request.ts';
import type { components } from './schema.gen.ts';
import type { Cart, Lang, Receive } from './types.ts';

export type QrIssued = components['schemas']['QrIssued'];

/** Sets a line's quantity; 0 removes it. The bag after it, answered in `lang` when given. */
export function setCartQty(
  line: { productId: number; variantId: number; qty: number; lang?: Lang },
  options?: RequestOptions,
): Promise<Cart> {
  return leanSend('put', '/catalog/cart/product-qty', 'product qty not found.', line, options);
}

/**
 * Chooses store pickup or shipping for a line. The same call as cart-add.ts's `setReceiveLean`, written
 * again: importing that module here would split it from the product page's chunk into a file of its own
 * (more JavaScript on the product page, which has no room for it: docs/performance.md).
 */
export function setCartReceive(
  line: { productId: number; variantId: number; receive: Receive; lang?: Lang },
  options?: RequestOptions,
): Promise<Cart> {
  return leanSend('put', '/catalog/cart/product-receive', 'product receive not found.', line, options);
}

/** Turns gift wrapping on or off; the bag answered in `lang` when given. */
export function setCartWrapping(wrapping: boolean, lang?: Lang, options?: RequestOptions): Promise<Cart> {
  return leanSend(
    'put',
    '/catalog/cart/wrapping',
    'cart not found.',
    lang ? { wrapping, lang } : { wrapping },
    options,
  );
}

/** The bag with its charges, checked against current stock (warnings). */
export function checkCart(lang?: Lang, options?: RequestOptions): Promise<Cart> {
  return leanSend('post', '/catalog/cart', 'cart not found.', lang ? { lang } : {}, options);
}

/** Issues the QR draft order for the bag. */
export function issueCartQr(
  body: { lang?: Lang; via?: 'chat' } = {},
  options?: RequestOptions,
): Promise<QrIssued> {
  return leanSend('post', '/catalog/cart/qr', 'draft order not found.', body, options);
}

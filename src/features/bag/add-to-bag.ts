/**
 * The bag. Its count and the whole cart (SPEC §4: fetched once, cached for the tab's session, cleared when
 * fetching fails) live in cart-count.ts and are re-exported here, so the header's count script, which
 * imports only that, never pulls in the typed client; the bag page's changes live in bag.ts.
 */
import { addToCart } from '../../lib/catalog/cart.ts';
import type { Cart } from '../../lib/catalog/types.ts';
import { setCartFromServer } from './bag-count-store.ts';

export {
  $cart,
  $cartCount,
  type CartCountState,
  clearCart,
  ensureCartCount,
  restoreCartCount,
  setCartFromServer,
} from './bag-count-store.ts';

const pendingAdds = new Map<string, Promise<Cart>>();

/**
 * Adds a variant to the bag. A second tap while the first is on its way joins it instead of adding twice.
 * Rejects with the API's DataNotFoundError (e.g. code OUT_OF_STOCK, EXCEEDS_STOCK) for the UI to show.
 */
export function addToBag(line: { productId: number; variantId: number; qty: number }): Promise<Cart> {
  const key = `${line.productId}:${line.variantId}`;
  const pending = pendingAdds.get(key);
  if (pending) return pending;
  const request = addToCart({ productId: line.productId, variantId: line.variantId, addQty: line.qty })
    .then((cart) => {
      setCartFromServer(cart);
      return cart;
    })
    .finally(() => pendingAdds.delete(key));
  pendingAdds.set(key, request);
  return request;
}

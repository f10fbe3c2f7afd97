/** Adding a product to the bag, from the product page; the bag page's own changes live in bag-actions.ts. */
import { addToCart } from '../../lib/catalog/cart-add.ts';
import type { Cart } from '../../lib/catalog/types.ts';
import { setBagFromServer } from './bag-store.ts';

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
    .then((bag) => {
      setBagFromServer(bag);
      return bag;
    })
    .finally(() => pendingAdds.delete(key));
  pendingAdds.set(key, request);
  return request;
}

/**
 * Adding a product to the bag, from the product page or chat's product; the bag page's own changes live in
 * bag-actions.ts. Added from chat (the caller names chat's language), a new line the store holds is turned
 * to store pickup at once (receive.ts): the API adds every line as shipped. The language comes from the
 * caller, not from the mode (src/lib/mode.ts), so that the product page, never in chat, loads no routes.
 */
import { addToCart, setReceiveLean } from '../../lib/catalog/cart-add.ts';
import type { Cart } from '../../lib/catalog/types.ts';
import { markHandled } from '../../lib/errors.ts';
import type { ChatLanguage } from '../../lib/mode.ts';
import { setBagFromServer } from './bag-store.ts';
import { storePickupByDefault } from './receive.ts';

const pendingAdds = new Map<string, Promise<Cart>>();

/** The bag after chat's default receive; the added bag as it was when that change fails. */
async function withChatReceive(
  bag: Cart,
  line: { productId: number; variantId: number; qty: number },
  lang: ChatLanguage | undefined,
): Promise<Cart> {
  if (!lang || !storePickupByDefault(bag, line)) return bag;
  try {
    return await setReceiveLean({
      productId: line.productId,
      variantId: line.variantId,
      receive: 'store',
      lang,
    });
  } catch (error) {
    // The line is in the bag, shipped: the bag page still lets the shopper choose.
    markHandled(error);
    return bag;
  }
}

/**
 * Adds a variant to the bag; `chatLanguage` when added from chat. A second tap while the first is on its way
 * joins it instead of adding twice. Rejects with the API's DataNotFoundError (e.g. code OUT_OF_STOCK,
 * EXCEEDS_STOCK) for the UI to show.
 */
export function addToBag(
  line: { productId: number; variantId: number; qty: number },
  chatLanguage?: ChatLanguage,
): Promise<Cart> {
  const key = `${line.productId}:${line.variantId}`;
  const pending = pendingAdds.get(key);
  if (pending) return pending;
  const request = addToCart({ productId: line.productId, variantId: line.variantId, addQty: line.qty })
    .then((added) => withChatReceive(added, line, chatLanguage))
    .then((bag) => {
      setBagFromServer(bag);
      return bag;
    })
    .finally(() => pendingAdds.delete(key));
  pendingAdds.set(key, request);
  return request;
}

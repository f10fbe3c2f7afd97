/**
 * Receive per bag line: store or ship; any other value is treated as ship. A new line is shipped unless
 * chat mode finds the store holding it: a visitor from abroad is in the store already, and shipping costs
 * extra.
 */
import type { Cart, Receive } from '../../lib/catalog/types.ts';

/** The receive a line really has: `store` only when it says so, `ship` for anything else. */
export function normalizeReceive(value: unknown): Receive {
  return value === 'store' ? 'store' : 'ship';
}

/** The two choices, pickup first (the store is where the shopper pays). */
export const RECEIVE_CHOICES: readonly Receive[] = ['store', 'ship'];

/**
 * In chat mode, whether a line just added should be turned to store pickup: only a new line (its quantity
 * is the one just added, so the shopper has not chosen yet), still on the API's default `ship`, whose
 * variant the store has in that quantity. The web catalogue keeps the API's default.
 */
export function storePickupByDefault(
  bag: Pick<Cart, 'products'>,
  added: { productId: number; variantId: number; qty: number },
): boolean {
  const line = bag.products.find(
    (product) => product.id === added.productId && product.selectVariantId === added.variantId,
  );
  if (!line || line.qty !== added.qty || normalizeReceive(line.receive) !== 'ship') return false;
  const variant = line.variants.find((candidate) => candidate.id === added.variantId);
  return variant !== undefined && variant.stockInShop >= line.qty;
}

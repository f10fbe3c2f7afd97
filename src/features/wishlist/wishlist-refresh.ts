/**
 * Refreshing the favorites from their product pages' payloads, the wishlist page's work (WishlistList.tsx): a
 * module apart from the store, so that the heart on a product page loads no payload code.
 */
import { fetchPayload } from '../../lib/payload.ts';
import type { ProductPayload } from '../product/index.ts';
import { $wishlist, replaceFavorites, type WishlistItem } from './wishlist-store.ts';

/**
 * Refreshes every favorite from its product page's payload (price, stock, title and image change with each
 * build). A page that no longer exists marks the item unavailable; a network failure keeps it as it was.
 */
export async function refreshWishlist(fetchImpl: typeof fetch = fetch): Promise<void> {
  const fresh = await Promise.all(
    $wishlist.get().map(async (item): Promise<WishlistItem> => {
      try {
        const payload = await fetchPayload<ProductPayload>(item.product.href, 'product', fetchImpl);
        if (!payload) return { ...item, unavailable: true };
        return { product: payload.summary, addedAt: item.addedAt };
      } catch {
        return item;
      }
    }),
  );
  replaceFavorites(fresh);
}

/**
 * Favorites (the wishlist): products the shopper marked with the heart, kept in localStorage under a
 * versioned key and validated on read. Each item stores the product's summary, so /wishlist/ renders at once
 * (offline-first) and then refreshes every item from its product page's `_payload.json`
 * (wishlist-refresh.ts, apart: the heart on a product page uses this store and needs no payload).
 */
import { atom } from 'nanostores';
import { isNonNegativeInteger, isRecord, readStored, writeStored } from '../../lib/storage.ts';
import { isProductSummary, type ProductSummary } from '../product/index.ts';

export const WISHLIST_KEY = 'wishlist:v1';

export interface WishlistItem {
  product: ProductSummary;
  /** When it was added (ms since the epoch). */
  addedAt: number;
  /** Set when the product's page no longer exists (it left the catalogue). */
  unavailable?: boolean;
}

function isItem(value: unknown): value is WishlistItem {
  return (
    isRecord(value) &&
    isProductSummary(value.product) &&
    isNonNegativeInteger(value.addedAt) &&
    (value.unavailable === undefined || typeof value.unavailable === 'boolean')
  );
}

/** The stored favorites: every valid item is kept (an invalid one is dropped, not the whole list). */
function readWishlist(): WishlistItem[] {
  return readStored('local', WISHLIST_KEY, Array.isArray, []).filter(isItem);
}

/**
 * Favorites, newest first, as stored; a change in another tab shows here too. The server render has no
 * storage and knows none of them (the list island shows nothing until it has hydrated).
 */
export const $wishlist = atom<WishlistItem[]>(readWishlist());

function save(items: WishlistItem[]): void {
  $wishlist.set(items);
  writeStored('local', WISHLIST_KEY, items);
}

/** True when the product is a favorite. */
export function isFavorite(items: readonly WishlistItem[], productId: number): boolean {
  return items.some((item) => item.product.id === productId);
}

/** Adds the product, or removes it when it is one already; true when it is a favorite afterwards. */
export function toggleFavorite(product: ProductSummary, now: number = Date.now()): boolean {
  const items = $wishlist.get();
  if (isFavorite(items, product.id)) {
    save(items.filter((item) => item.product.id !== product.id));
    return false;
  }
  save([{ product, addedAt: now }, ...items]);
  return true;
}

/** Removes a favorite. */
export function removeFavorite(productId: number): void {
  save($wishlist.get().filter((item) => item.product.id !== productId));
}

/**
 * Puts refreshed favorites in place of the ones they refresh (same product id), keeping removals and additions
 * made while they were on their way.
 */
export function replaceFavorites(refreshed: readonly WishlistItem[]): void {
  const byId = new Map(refreshed.map((item) => [item.product.id, item]));
  save($wishlist.get().map((item) => byId.get(item.product.id) ?? item));
}

if (typeof window !== 'undefined') {
  // Another tab changed the favorites.
  addEventListener('storage', (event) => {
    if (event.key === WISHLIST_KEY || event.key === null) $wishlist.set(readWishlist());
  });
}

/**
 * The bag's count and, once read, the whole cart: the part of the bag every page's header needs. SPEC §4:
 * the count is fetched once when not cached, then flagged cached; if fetching the cart fails, the cart is
 * cleared. The site is a multi-page app, so "cached" lives in sessionStorage for the tab's session.
 * Split from cart.ts (which re-exports all of it) so the header's script never imports the typed client.
 */
import { atom } from 'nanostores';
import { getCartCount } from '../../lib/catalog/cart-count.ts';
import type { Cart } from '../../lib/catalog/types.ts';
import { isNonNegativeInteger, isRecord, readStored, writeStored } from '../../lib/storage.ts';

export interface CartCountState {
  count: number;
  /** True once the count came from the server in this tab session. */
  cached: boolean;
}

const COUNT_KEY = 'cart-count:v1';
const isCountState = (value: unknown): value is CartCountState =>
  isRecord(value) && isNonNegativeInteger(value.count) && value.cached === true;

/** Items in the bag (sum of quantities) and whether that came from the server. */
export const $cartCount = atom<CartCountState>({ count: 0, cached: false });

/** The whole bag, once read from the server; undefined before. */
export const $cart = atom<Cart | undefined>(undefined);

/** Restores the count cached in this tab session (call once on page load). */
export function restoreCartCount(): void {
  $cartCount.set(readStored('session', COUNT_KEY, isCountState, { count: 0, cached: false }));
}

function setCount(count: number): void {
  const state = { count, cached: true };
  $cartCount.set(state);
  writeStored('session', COUNT_KEY, state);
}

/** Takes a cart the server answered with as the truth: the bag and its count. */
export function setCartFromServer(cart: Cart): void {
  $cart.set(cart);
  setCount(cart.count);
}

/** Forgets the bag (SPEC §4: when fetching the cart fails). */
export function clearCart(): void {
  $cart.set(undefined);
  $cartCount.set({ count: 0, cached: false });
  writeStored('session', COUNT_KEY, undefined);
}

let countRequest: Promise<void> | undefined;

/** Fetches the count once unless cached; on failure the cart is cleared. */
export function ensureCartCount(): Promise<void> {
  if ($cartCount.get().cached) return Promise.resolve();
  countRequest ??= getCartCount()
    .then(setCount)
    .catch(() => clearCart())
    .finally(() => {
      countRequest = undefined;
    });
  return countRequest;
}

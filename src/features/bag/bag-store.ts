/**
 * The bag's state: the whole bag once read (`$bag`), its count (`$bagCount`) and the count's cache. The
 * count is fetched once when not cached, then flagged cached; if fetching it fails, the bag is cleared. The
 * site is a multi-page app, so "cached" lives in sessionStorage for the tab's session. What changes the bag
 * through the API (read, quantity, receive, wrapping, the QR) is in bag-actions.ts; adding from the product
 * page in add-to-bag.ts.
 *
 * This module must never import the typed catalog client: the header's badge script imports it on every
 * page, and the client would then ride along into every page's JavaScript.
 */
import { atom, type ReadableAtom } from 'nanostores';
import { getCartCount } from '../../lib/catalog/cart-lean.ts';
import type { Cart } from '../../lib/catalog/types.ts';
import { isNonNegativeInteger, isRecord, readStored, writeStored } from '../../lib/storage.ts';
import { BAG_KEY } from './bag-key.ts';

interface BagCountState {
  count: number;
  /** True once the count came from the server in this tab session. */
  cached: boolean;
}

const COUNT_KEY = 'bag-count:v1';
const EMPTY: BagCountState = { count: 0, cached: false };
const isCountState = (value: unknown): value is BagCountState =>
  isRecord(value) && isNonNegativeInteger(value.count) && value.cached === true;

/** The whole bag, once read from the server (or as a change shows it before the server answers). */
export const $bag = atom<Cart | undefined>(undefined);

/** The count the server last gave, cached for the tab's session. */
const $countedItems = atom<BagCountState>(EMPTY);

const bagCount = atom<BagCountState>(EMPTY);
const deriveBagCount = () => {
  const bag = $bag.get();
  const counted = $countedItems.get();
  bagCount.set(bag ? { count: bag.count, cached: counted.cached } : counted);
};
// Kept up to date by listening rather than with nanostores' `computed`, which (with the lifecycle code
// under it) would add to every page's JavaScript (docs/performance.md); every page reads this store.
$bag.listen(deriveBagCount);
$countedItems.listen(deriveBagCount);

/**
 * Items in the bag (sum of quantities) and whether that came from the server: the bag's own count once it
 * is read, so the header moves with a change at once; the cached count before.
 */
export const $bagCount: ReadableAtom<BagCountState> = bagCount;

/** Restores the count cached in this tab session (call once on page load). */
export function restoreBagCount(): void {
  $countedItems.set(readStored('session', COUNT_KEY, isCountState, EMPTY));
}

function setCount(count: number): void {
  const state = { count, cached: true };
  $countedItems.set(state);
  writeStored('session', COUNT_KEY, state);
}

/** Takes a bag the server answered with as the truth: the bag and its count. */
export function setBagFromServer(bag: Cart): void {
  $bag.set(bag);
  setCount(bag.count);
  writeStored('session', BAG_KEY, bag);
}

/** Forgets the bag (when fetching it fails). */
export function clearBag(): void {
  $bag.set(undefined);
  $countedItems.set(EMPTY);
  writeStored('session', COUNT_KEY, undefined);
  writeStored('session', BAG_KEY, undefined);
}

let countRequest: Promise<void> | undefined;

/** Fetches the count once unless cached; on failure the bag is cleared. */
export function ensureBagCount(): Promise<void> {
  if ($countedItems.get().cached) return Promise.resolve();
  countRequest ??= getCartCount()
    .then(setCount)
    .catch(() => clearBag())
    .finally(() => {
      countRequest = undefined;
    });
  return countRequest;
}

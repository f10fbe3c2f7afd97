/**
 * Reading the whole bag (POST /catalog/cart), apart from the bag's changes in bag-actions.ts: the bag page's
 * own script starts the read before React loads, and that script must not wait on the page's strings. A
 * module both it and the island import, evaluated while waiting on the strings' top-level await, was seen
 * unfinished by the island in WebKit (`$bagLoad` undefined): so nothing here imports src/i18n/.
 */
import { atom } from 'nanostores';
import { checkCart } from '../../lib/catalog/cart-bag.ts';
import type { Cart } from '../../lib/catalog/types.ts';
import { markHandled } from '../../lib/errors.ts';
import { chatLanguageNow } from '../../lib/mode.ts';
import { isNonNegativeInteger as isCount, isRecord, readStored } from '../../lib/storage.ts';
import { $bag, BAG_KEY, clearBag, setBagFromServer } from './bag-store.ts';

/** Whether the whole bag has been read: `failed` shows the retry screen (the bag was cleared). */
export const $bagLoad = atom<'idle' | 'loading' | 'ready' | 'failed'>('idle');

let loading: Promise<void> | undefined;

/**
 * Reads the whole bag with its charges and warnings (POST /catalog/cart); a read already on its way is
 * joined. On failure the bag is cleared.
 */
export function loadBag(): Promise<void> {
  loading ??= (async () => {
    $bagLoad.set('loading');
    try {
      setBagFromServer(await checkCart(chatLanguageNow()));
      $bagLoad.set('ready');
    } catch (error) {
      markHandled(error);
      clearBag();
      $bagLoad.set('failed');
    } finally {
      loading = undefined;
    }
  })();
  return loading;
}

const isList = Array.isArray;

/** A stored line has what the bag's lines read of it (bag-lines.ts). */
const isLine = (line: unknown) =>
  isRecord(line) &&
  [line.id, line.selectVariantId, line.qty, line.price, line.totalPrice].every(isCount) &&
  typeof line.title === 'string' &&
  isList(line.images) &&
  isList(line.areas) &&
  isRecord(line.tenant) &&
  isList(line.variants) &&
  line.variants.every((variant) => isRecord(variant) && isList(variant.options));

const isStoredBag = (bag: unknown): bag is Cart =>
  isRecord(bag) &&
  isList(bag.products) &&
  bag.products.length > 0 &&
  bag.products.every(isLine) &&
  isList(bag.warning) &&
  [bag.count, bag.subtotal, bag.shippingCharge, bag.wrappingFee, bag.grandTotal].every(isCount) &&
  typeof bag.wrapping === 'boolean';

/**
 * The bag the visitor already holds: the last one the server gave in this tab (every change and add stores
 * it, bag-store.ts), shown at once while loadBag reads it again. Nothing when none is stored, it is empty,
 * or it is not a bag.
 */
export function restoreBag(): void {
  if ($bag.get() === undefined) $bag.set(readStored('session', BAG_KEY, isStoredBag, undefined));
}

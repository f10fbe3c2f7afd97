/**
 * The bag the tab holds: the last one the server gave in this tab, kept in sessionStorage by every read,
 * change and add (bag-store.ts), with, after an add on the product page, its view (held-view.ts). Read by
 * the bag page's island (bag-load.ts) and by the plain script that draws the view before React has come
 * (held-bag-script.ts): so this module imports nothing but the storage helpers, and has no side effect.
 */
import type { Cart } from '../../lib/catalog/types.ts';
import { isNonNegativeInteger as isCount, isRecord, readStored } from '../../lib/storage.ts';
import { BAG_KEY } from './bag-key.ts';
import type { HeldView } from './held-view.ts';

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

/** The bag the tab holds; undefined when none is stored, it is empty, or it is not a bag. */
export function heldBag(): Cart | undefined {
  return readStored('session', BAG_KEY, isStoredBag, undefined);
}

/**
 * The view of the bag the tab holds that the product page kept with it (held-view.ts), when it was made by
 * the code of version `code` (the bag page's own: its template's marks). Throws on a stored value that is
 * not JSON.
 */
export function heldView(code: string | undefined): HeldView | undefined {
  const held = JSON.parse(sessionStorage.getItem(BAG_KEY) ?? '{}')?.held;
  return held?.code === code ? held : undefined;
}

/**
 * Reading the whole bag (POST /catalog/cart), apart from the bag's changes in bag-actions.ts: the bag page's
 * own script starts the read before React loads, and that script must not wait on the page's strings. A
 * module both it and the island import, evaluated while waiting on the strings' top-level await, was seen
 * unfinished by the island in WebKit (`$bagLoad` undefined): so nothing here imports src/i18n/.
 */
import { atom } from 'nanostores';
import { checkCart } from '../../lib/catalog/cart-bag.ts';
import { markHandled } from '../../lib/errors.ts';
import { chatLanguageNow } from '../../lib/mode.ts';
import { $bag, clearBag, setBagFromServer } from './bag-store.ts';
import { heldBag } from './stored-bag.ts';

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

/**
 * The bag the visitor already holds (stored-bag.ts), shown at once while loadBag reads it again. Nothing
 * when none is stored, it is empty, or it is not a bag.
 */
export function restoreBag(): void {
  if ($bag.get() === undefined) $bag.set(heldBag());
}

/**
 * The bag page's behaviour over the `$bag` of bag-store.ts. Changes (quantity, receive, wrapping)
 * show at once, go to the server one at a time, and take the server's answer as the truth; a failed change
 * rolls the bag back to the server's state and says so in the notification bar. A second tap on a change
 * still on its way is ignored, never sent twice. A line's のし and message card are a form's answer
 * (gift-actions.ts, loaded with their choice), sent through the same queue; the QR is issued after them
 * (bag-qr.ts, loaded with the final confirmation).
 */
import { atom, computed } from 'nanostores';
import { checkCart, setCartQty, setCartReceive, setCartWrapping } from '../../lib/catalog/cart-bag.ts';
import type { Cart, Receive } from '../../lib/catalog/types.ts';
import { markHandled } from '../../lib/errors.ts';
import { type ChatLanguage, chatLanguageNow } from '../../lib/mode.ts';
import { notify } from '../site/index.ts';
import { type LineKey, lineKey } from './bag-lines.ts';
import { bagErrorMessage } from './bag-messages.ts';
import { $bag, setBagFromServer } from './bag-store.ts';
import { t } from './bag-strings.ts';
import { normalizeReceive } from './receive.ts';

/** Changes on their way to the server, by what they change (`qty:1:2`, `receive:1:2`, `wrapping`, `qr`). */
export const $bagPending = atom<ReadonlySet<string>>(new Set());

/** True while any change is on its way: the totals shown are not the server's yet. */
export const $bagBusy = computed($bagPending, (pending) => pending.size > 0);

/** Marks a change on its way (`on`) or answered; gift-actions.ts's changes too. */
export function setPending(key: string, on: boolean): void {
  const next = new Set($bagPending.get());
  if (on) next.add(key);
  else next.delete(key);
  $bagPending.set(next);
}

/**
 * In chat mode (src/lib/mode.ts) the bag speaks the visitor's language with the API: the bag's titles
 * come in it, and the QR is issued in it and marked as from chat.
 */
function withLanguage(): { lang?: ChatLanguage } {
  const lang = chatLanguageNow();
  return lang ? { lang } : {};
}

/** The bag with one line changed as the shopper sees it before the server answers. */
function withLine(bag: Cart, line: LineKey, change: { qty?: number; receive?: Receive }): Cart {
  const products = bag.products.flatMap((product) => {
    if (product.id !== line.productId || product.selectVariantId !== line.variantId) return [product];
    if (change.qty === 0) return [];
    const qty = change.qty ?? product.qty;
    return [{ ...product, qty, totalPrice: product.price * qty, receive: change.receive ?? product.receive }];
  });
  return { ...bag, products, count: products.reduce((sum, product) => sum + product.qty, 0) };
}

/** The changes shown but not yet answered, in the order they were made: how each one changes a bag. */
const unanswered = new Map<string, (bag: Cart) => Cart>();

/**
 * Takes the server's bag as the truth, with the changes it has not answered yet laid on top again: an
 * answer to an earlier change must not undo on screen a later one still on its way.
 */
export function takeAnswer(answer: Cart): void {
  setBagFromServer(answer);
  if (unanswered.size === 0) return;
  $bag.set([...unanswered.values()].reduce((bag, optimistic) => optimistic(bag), answer));
}

/** Changes go to the server one after another, so answers arrive in the order the changes were made. */
let queue: Promise<unknown> = Promise.resolve();

/** Settles once every change made so far has been answered (the QR is issued for the bag they leave). */
export const changesAnswered = (): Promise<unknown> => queue;

/** Runs `run` after every change before it (gift-actions.ts's too). */
export function enqueue<T>(run: () => Promise<T>): Promise<T> {
  const result = queue.then(run, run);
  queue = result;
  return result;
}

/**
 * One change: shown at once, sent after the ones before it, the server's bag taken as the truth. On failure
 * the bag is read again from the server (or, if that fails too, put back as it was) and the shopper is told.
 * Resolves true when the server accepted the change; a repeated tap while it is on its way resolves false.
 */
function change(key: string, optimistic: (bag: Cart) => Cart, send: () => Promise<Cart>): Promise<boolean> {
  if ($bagPending.get().has(key)) return Promise.resolve(false);
  const before = $bag.get();
  if (before) $bag.set(optimistic(before));
  setPending(key, true);
  unanswered.set(key, optimistic);
  const run = async (): Promise<boolean> => {
    try {
      const answer = await send();
      unanswered.delete(key);
      takeAnswer(answer);
      return true;
    } catch (error) {
      unanswered.delete(key);
      markHandled(error);
      await rollBack(before);
      notify(`${bagErrorMessage(error)}${t('bag.error.rolledBack')}`, { tone: 'error' });
      return false;
    } finally {
      setPending(key, false);
    }
  };
  return enqueue(run);
}

/** Takes the server's bag again, or, if it cannot be read, puts `before` back. */
export async function rollBack(before: Cart | undefined): Promise<void> {
  try {
    takeAnswer(await checkCart(chatLanguageNow()));
  } catch (error) {
    markHandled(error);
    if (before) $bag.set(before);
  }
}

/** Sets a line's quantity (1–99); 0 removes the line (the page asks first). */
export function changeQty(line: LineKey, qty: number): Promise<boolean> {
  return change(
    `qty:${lineKey(line)}`,
    (bag) => withLine(bag, line, { qty }),
    () =>
      setCartQty({
        productId: line.productId,
        variantId: line.variantId,
        qty,
        ...withLanguage(),
      }),
  );
}

/** Chooses store pickup or shipping for a line; anything but `store` is sent as `ship`. */
export function changeReceive(line: LineKey, receive: unknown): Promise<boolean> {
  const value = normalizeReceive(receive);
  return change(
    `receive:${lineKey(line)}`,
    (bag) => withLine(bag, line, { receive: value }),
    () =>
      setCartReceive({
        productId: line.productId,
        variantId: line.variantId,
        receive: value,
        ...withLanguage(),
      }),
  );
}

/** Turns gift wrapping on or off for the whole bag. */
export function changeWrapping(wrapping: boolean): Promise<boolean> {
  return change(
    'wrapping',
    (bag) => ({ ...bag, wrapping }),
    () => setCartWrapping(wrapping, chatLanguageNow()),
  );
}

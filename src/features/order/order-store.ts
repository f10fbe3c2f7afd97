/** The order page: the order behind an alias, read once. */
import { atom } from 'nanostores';
import { getOrder, type Order } from '../../lib/catalog/cart.ts';
import { DataNotFoundError, markHandled } from '../../lib/errors.ts';

export type OrderView =
  | { kind: 'loading' }
  | { kind: 'ready'; order: Order }
  | { kind: 'error'; status: number };

export const $order = atom<OrderView>({ kind: 'loading' });

/** 404 for an unknown (or malformed) alias; the failed call's status otherwise (0 without a response). */
function errorStatus(error: unknown): number {
  const status = error instanceof DataNotFoundError ? error.status : 0;
  return status === 400 ? 404 : status;
}

/** Reads the order. */
export async function loadOrder(orderAlias: string): Promise<void> {
  $order.set({ kind: 'loading' });
  try {
    $order.set({ kind: 'ready', order: await getOrder(orderAlias) });
  } catch (error) {
    markHandled(error);
    $order.set({ kind: 'error', status: errorStatus(error) });
  }
}

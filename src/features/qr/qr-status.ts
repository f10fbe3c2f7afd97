/**
 * What the QR page does with what the server says about a draft order. The QR page's own script reads the
 * draft through this before React loads, so it holds no strings (they are in qr-messages.ts): that script
 * must not wait on the page's strings (src/features/bag/bag-load.ts says why).
 */
import type { CartConfirmation, CartConfirmationError, DraftOrderStatus } from '../../lib/catalog/cart.ts';
import { orderHref, qrTimeoutHref } from '../../lib/mode-routes.ts';

export type ConfirmationErrorCode = CartConfirmationError['errorCode'];

/** Where the QR page goes, or what it shows, after a status poll. */
export type DraftOrderStep =
  | { kind: 'waiting'; expiresAt: string }
  | { kind: 'go'; href: string }
  | { kind: 'stopped'; code: 'REPLACED' | 'COMPLETED' };

/**
 * pending → keep waiting; completed → the order page (or, for a browser that did not issue the QR and so is
 * not told the order, say it was paid); expired → /qr/timeout/; cancelled (a newer QR took its place) → say
 * it was replaced, as the confirmation's REPLACED does.
 */
export function stepForStatus(status: DraftOrderStatus): DraftOrderStep {
  switch (status.status) {
    case 'pending':
      return { kind: 'waiting', expiresAt: status.expiresAt };
    case 'completed':
      return status.orderAlias
        ? { kind: 'go', href: orderHref(status.orderAlias) }
        : { kind: 'stopped', code: 'COMPLETED' };
    case 'expired':
      return { kind: 'go', href: qrTimeoutHref() };
    default:
      return { kind: 'stopped', code: 'REPLACED' };
  }
}

/** What the QR page does with the confirmation call's answer. */
export type ConfirmationStep =
  | { kind: 'show'; confirmation: CartConfirmation }
  | { kind: 'go'; href: string }
  | { kind: 'notFound' }
  | { kind: 'refused'; code: ConfirmationErrorCode };

function isConfirmationError(
  value: CartConfirmation | CartConfirmationError,
): value is CartConfirmationError {
  return 'errorCode' in value;
}

/**
 * EXPIRED → /qr/timeout/; COMPLETED with its order → the order page; NOT_FOUND → 404; else (REPLACED,
 * STOCK_CHANGED, COMPLETED for another browser) explain.
 */
export function stepForConfirmation(value: CartConfirmation | CartConfirmationError): ConfirmationStep {
  if (!isConfirmationError(value)) return { kind: 'show', confirmation: value };
  switch (value.errorCode) {
    case 'EXPIRED':
      return { kind: 'go', href: qrTimeoutHref() };
    case 'COMPLETED':
      return value.orderAlias
        ? { kind: 'go', href: orderHref(value.orderAlias) }
        : { kind: 'refused', code: 'COMPLETED' };
    case 'NOT_FOUND':
      return { kind: 'notFound' };
    default:
      return { kind: 'refused', code: value.errorCode };
  }
}

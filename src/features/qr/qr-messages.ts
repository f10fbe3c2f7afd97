/** What the QR page says when the server refuses a draft order, in the page's language. */

import type { ConfirmationErrorCode } from './qr-status.ts';
import { t } from './qr-strings.ts';

/** A clear message for each errorCode. */
export function confirmationErrorMessage(code: ConfirmationErrorCode): string {
  switch (code) {
    case 'NOT_FOUND':
      return t('qr.error.notFound');
    case 'EXPIRED':
      return t('qr.error.expired');
    case 'COMPLETED':
      return t('qr.error.completed');
    case 'STOCK_CHANGED':
      return t('qr.error.stockChanged');
    case 'REPLACED':
      return t('qr.error.replaced');
    default:
      return t('qr.error.notFound');
  }
}

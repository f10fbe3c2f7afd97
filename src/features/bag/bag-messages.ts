/** Japanese messages for bag warnings and for every way a bag or QR call can fail. */

import { apiErrorDetails } from '../../lib/catalog/api-error.ts';
import type { CartWarning } from '../../lib/catalog/types.ts';
import { t } from './bag-strings.ts';

/** Why a line cannot be ordered as it stands, said on that line. */
export function warningMessage(warning: CartWarning): string {
  switch (warning.reason) {
    case 'OUT_OF_STOCK':
      return t('bag.warning.outOfStock');
    // None left at all, or none in the store: a smaller quantity cannot help.
    case 'EXCEEDS_STOCK':
      return warning.availableQty > 0
        ? t('bag.warning.exceedsStock', { count: warning.availableQty })
        : t('bag.warning.outOfStock');
    case 'EXCEEDS_STORE_STOCK':
      return warning.availableQty > 0
        ? t('bag.warning.exceedsStoreStock', { count: warning.availableQty })
        : t('bag.warning.noStoreStock');
    default:
      return t('bag.warning.outOfStock');
  }
}

/** What the shopper is told when a bag call fails, by the API's code, then by status. */
export function bagErrorMessage(error: unknown): string {
  const { status, code, availableQty } = apiErrorDetails(error);
  switch (code) {
    case 'OUT_OF_STOCK':
      return t('bag.error.outOfStock');
    case 'EXCEEDS_STOCK':
      return t('bag.error.exceedsStock', { count: availableQty ?? 0 });
    case 'QTY_LIMIT':
      return t('bag.error.qtyLimit');
    case 'BAG_FULL':
      return t('bag.error.bagFull');
    case 'TOO_MANY_REQUESTS':
      return t('bag.error.tooMany');
    case 'CART_EMPTY':
      return t('bag.error.empty');
    case 'CART_HAS_WARNINGS':
      return t('bag.error.hasWarnings');
    case 'NETWORK':
    case 'TIMEOUT':
    case 'MALFORMED_RESPONSE':
      return t('bag.error.network');
    default:
      break;
  }
  if (status === 429) return t('bag.error.tooMany');
  if (status === 404) return t('bag.error.lineGone');
  if (status === 0) return t('bag.error.network');
  if (status >= 500) return t('bag.error.server');
  return t('bag.error.generic');
}

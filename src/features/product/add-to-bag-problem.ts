/** Why adding to the bag failed, as the product page tells the shopper (browser-safe: no i18n import). */

export type AddToBagProblem =
  | 'outOfStock'
  | 'exceedsStock'
  | 'qtyLimit'
  | 'bagFull'
  | 'tooMany'
  | 'gone'
  | 'network'
  | 'failed';

/** The problem behind an add-to-bag failure, from the API's code, else the status (0: no response). */
export function addToBagProblem(error: unknown): AddToBagProblem {
  const { code, status } = (error ?? {}) as { code?: unknown; status?: unknown };
  switch (code) {
    case 'OUT_OF_STOCK':
      return 'outOfStock';
    case 'EXCEEDS_STOCK':
      return 'exceedsStock';
    case 'QTY_LIMIT':
      return 'qtyLimit';
    case 'BAG_FULL':
      return 'bagFull';
    case 'TOO_MANY_REQUESTS':
      return 'tooMany';
    case 'NETWORK':
    case 'TIMEOUT':
    case 'MALFORMED_RESPONSE':
      return 'network';
    default:
      if (status === 404) return 'gone';
      if (status === 0 || typeof status !== 'number') return 'network';
      return 'failed';
  }
}

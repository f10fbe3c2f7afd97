/** The charges of a bag, a QR confirmation or an order, as rows to display (amounts from the server only). */

import type { Cart } from '../../lib/catalog/types.ts';
import { formatPrice } from '../../lib/format/price.ts';
import type { TotalRow } from '../../ui/TotalsList.tsx';
import { anyShipped } from './bag-lines.ts';
import { t } from './bag-strings.ts';

export interface Charges {
  subtotal: number;
  shippingCharge: number;
  wrappingFee: number;
  grandTotal: number;
}

export interface TotalsContext {
  /** True when at least one line is shipped (else there is no shipping to charge). */
  anyShipped: boolean;
  /** True when gift wrapping is on. */
  wrapping: boolean;
  /** True for an order (paid at the counter): its total is what was paid, not what is to pay. */
  paid?: boolean;
}

export type { TotalRow };

/**
 * Subtotal, shipping (無料 when shipped lines travel free, left out when nothing is shipped), wrapping
 * (when on) and the tax-inclusive grand total. Figures are the server's; nothing is summed here.
 */
export function totalRows(charges: Charges, context: TotalsContext): TotalRow[] {
  const rows: TotalRow[] = [
    {
      key: 'subtotal',
      label: t('bag.totals.subtotal'),
      value: formatPrice(charges.subtotal),
      emphasis: false,
    },
  ];
  if (context.anyShipped || charges.shippingCharge > 0) {
    rows.push({
      key: 'shipping',
      label: t('bag.totals.shipping'),
      value:
        charges.shippingCharge === 0 ? t('bag.totals.shippingFree') : formatPrice(charges.shippingCharge),
      emphasis: false,
    });
  }
  if (context.wrapping || charges.wrappingFee > 0) {
    rows.push({
      key: 'wrapping',
      label: t('bag.totals.wrapping'),
      value: formatPrice(charges.wrappingFee),
      emphasis: false,
    });
  }
  rows.push({
    key: 'grandTotal',
    label: context.paid ? t('bag.totals.paidTotal') : t('bag.totals.grandTotal'),
    value: formatPrice(charges.grandTotal),
    emphasis: true,
  });
  return rows;
}

/** The rows of a bag's charges: shipping counts only when a line is shipped, wrapping only when it is on. */
export function bagTotalRows(bag: Cart): TotalRow[] {
  return totalRows(bag, { anyShipped: anyShipped(bag.products), wrapping: bag.wrapping });
}

/** What the bag's choices cost, written beside them before they are chosen (none when the API gives no rates). */
export interface ChoicePrices {
  /**
   * Beside "ship": the shipping charge, or free when the subtotal already ships free; none once a line
   * ships (the charge is per order: the totals show it once, and shipping another line adds nothing).
   */
  ship: string | undefined;
  /** Beside gift wrapping: its fee. */
  wrapping: string | undefined;
}

export function choicePrices(
  bag: Pick<Cart, 'rates' | 'subtotal'> & { products: readonly { receive: unknown }[] },
): ChoicePrices {
  const rates = bag.rates;
  if (!rates) return { ship: undefined, wrapping: undefined };
  return {
    ship: anyShipped(bag.products)
      ? undefined
      : bag.subtotal >= rates.freeShippingFrom || rates.shippingCharge === 0
        ? t('bag.receive.shipFree')
        : t('bag.receive.shipCharge', { price: formatPrice(rates.shippingCharge) }),
    wrapping: t('bag.wrapping.fee', { price: formatPrice(rates.wrappingFee) }),
  };
}

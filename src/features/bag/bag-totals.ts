/** The charges of a bag, a QR confirmation or an order, as rows to display (amounts from the server only). */
import { t } from '../../i18n/index.ts';
import { formatPrice } from '../../lib/format/price.ts';

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
}

export interface TotalRow {
  key: 'subtotal' | 'shipping' | 'wrapping' | 'grandTotal';
  label: string;
  value: string;
  /** The row that says what is paid. */
  emphasis: boolean;
}

/**
 * Subtotal, shipping (無料 when shipped lines travel free, left out when nothing is shipped), wrapping
 * (when on) and the tax-inclusive grand total. Figures are the server's; nothing is summed here.
 */
export function totalRows(charges: Charges, context: TotalsContext): TotalRow[] {
  const rows: TotalRow[] = [
    {
      key: 'subtotal',
      label: t('cart.totals.subtotal'),
      value: formatPrice(charges.subtotal),
      emphasis: false,
    },
  ];
  if (context.anyShipped || charges.shippingCharge > 0) {
    rows.push({
      key: 'shipping',
      label: t('cart.totals.shipping'),
      value:
        charges.shippingCharge === 0 ? t('cart.totals.shippingFree') : formatPrice(charges.shippingCharge),
      emphasis: false,
    });
  }
  if (context.wrapping || charges.wrappingFee > 0) {
    rows.push({
      key: 'wrapping',
      label: t('cart.totals.wrapping'),
      value: formatPrice(charges.wrappingFee),
      emphasis: false,
    });
  }
  rows.push({
    key: 'grandTotal',
    label: t('cart.totals.grandTotal'),
    value: formatPrice(charges.grandTotal),
    emphasis: true,
  });
  return rows;
}

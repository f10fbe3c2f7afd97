/**
 * A bag's, a QR confirmation's or an order's lines as read-only summary lines (the final confirmation, the
 * QR, order and address pages): apart from bag-lines.ts, so the bag page loads them only with its final
 * confirmation.
 */
import type { OrderLine } from '../../lib/catalog/cart.ts';
import type { CartProduct } from '../../lib/catalog/types.ts';
import type { SummaryLine } from '../../ui/SummaryLines.tsx';
import { lineKey, lineView } from './bag-lines.ts';
import { normalizeReceive } from './receive.ts';

/** A bag line (or a QR confirmation's) as a read-only summary line. */
export function summaryOfBagLine(line: CartProduct): SummaryLine {
  const view = lineView(line);
  return {
    key: view.key,
    title: view.title,
    variantLabel: view.variantLabel,
    imageSrc: view.imageSrc,
    qty: line.qty,
    price: line.price,
    totalPrice: line.totalPrice,
    receive: view.receive,
    gift: line.gift,
  };
}

/** An order line as a read-only summary line. */
export function summaryOfOrderLine(line: OrderLine): SummaryLine {
  return {
    key: lineKey(line),
    title: line.title,
    variantLabel: line.variantTitle === 'Default Title' ? '' : line.variantTitle,
    imageSrc: line.imageSrc,
    qty: line.qty,
    price: line.price,
    totalPrice: line.totalPrice,
    receive: normalizeReceive(line.receive),
    gift: line.gift,
  };
}

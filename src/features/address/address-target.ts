/**
 * The two readings of the address step's parameter (`shipmentAlias` in the path, `orderId` in the
 * route name). /address/{x}/ works for a shipment alias, and for an order alias it picks the order's
 * shipment that awaits an address — or offers a choice when several do, or says none does.
 */
import type { Order, Shipment } from '../../lib/catalog/cart.ts';

export type OrderAddressTarget =
  | { kind: 'shipment'; shipment: Shipment }
  | { kind: 'choose'; shipments: Shipment[] }
  | { kind: 'none' };

/** A shipment's address can be given or corrected until it leaves. */
export const isAddressEditable = (shipment: Shipment) =>
  shipment.status === 'awaiting_address' || shipment.status === 'address_received';

/** Which of an order's shipments the address step is for. */
export function addressTargetOfOrder(order: Order): OrderAddressTarget {
  const awaiting = order.shipments.filter((shipment) => shipment.status === 'awaiting_address');
  if (awaiting.length === 1) return { kind: 'shipment', shipment: awaiting[0] as Shipment };
  if (awaiting.length > 1) return { kind: 'choose', shipments: awaiting };
  return { kind: 'none' };
}

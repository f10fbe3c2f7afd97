import { order, shipment } from '../../../tests/fixtures/catalogue.ts';
import { addressTargetOfOrder, isAddressEditable } from './address-target.ts';

describe('the address step for an order alias (the orderId reading)', () => {
  it('is the one shipment awaiting an address', () => {
    const only = shipment();
    const done = shipment({ shipmentAlias: 'T'.repeat(32), status: 'address_received' });
    expect(addressTargetOfOrder(order({ shipments: [done, only] }))).toEqual({
      kind: 'shipment',
      shipment: only,
    });
  });

  it('is a choice when several await one', () => {
    const a = shipment();
    const b = shipment({ shipmentAlias: 'T'.repeat(32) });
    expect(addressTargetOfOrder(order({ shipments: [a, b] }))).toEqual({ kind: 'choose', shipments: [a, b] });
  });

  it('is none when no shipment awaits one (or there is no shipment)', () => {
    expect(addressTargetOfOrder(order({ shipments: [] }))).toEqual({ kind: 'none' });
    expect(addressTargetOfOrder(order({ shipments: [shipment({ status: 'shipped' })] }))).toEqual({
      kind: 'none',
    });
  });

  it('lets an address be given or corrected until the shipment leaves', () => {
    expect(isAddressEditable(shipment({ status: 'awaiting_address' }))).toBe(true);
    expect(isAddressEditable(shipment({ status: 'address_received' }))).toBe(true);
    expect(isAddressEditable(shipment({ status: 'shipped' }))).toBe(false);
    expect(isAddressEditable(shipment({ status: 'delivered' }))).toBe(false);
  });
});

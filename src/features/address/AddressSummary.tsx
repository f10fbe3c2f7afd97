/** A shipment's delivery address, read-only. */
import { addressLines } from './address-display.ts';
import type { ShipmentAddress } from './address-rules.ts';

export function AddressSummary({ address }: { address: ShipmentAddress }) {
  return (
    <address className="text-sm not-italic leading-relaxed" data-testid="address-summary">
      {addressLines(address).map((line) => (
        <span key={line} className="block">
          {line}
        </span>
      ))}
    </address>
  );
}

/**
 * A shipment's delivery address, read-only. The API masks it for anyone but the shopper who ordered (their
 * browser session); then the summary says so, so a hidden street is not mistaken for a missing one.
 */

import { addressLines } from './address-display.ts';
import type { ShipmentAddress } from './address-rules.ts';
import { t } from './address-strings.ts';

export function AddressSummary({ address, masked = false }: { address: ShipmentAddress; masked?: boolean }) {
  return (
    <address className="text-sm not-italic leading-relaxed" data-testid="address-summary">
      {addressLines(address).map((line) => (
        <span key={line} className="block">
          {line}
        </span>
      ))}
      {masked && <span className="mt-1 block text-xs">{t('address.masked')}</span>}
    </address>
  );
}

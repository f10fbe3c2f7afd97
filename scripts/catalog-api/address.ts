/**
 * The Japanese delivery address of a shipment: shape check (400), then normalisation and per-field rules with
 * Japanese messages (422 `fields`).
 */
import {
  type AddressInput,
  type AddressResult,
  PREFECTURES,
  tokyoDatePlus,
  validateAddressValues,
} from '../../src/features/address/address-rules.ts';
import { checkShape } from './validate.ts';

// The rules live in src/features/address/address-rules.ts, shared with the storefront's address form.
export type { AddressResult };
export { PREFECTURES, tokyoDatePlus };

const STR = (maxLength: number) => ({ kind: 'string', maxLength }) as const;
const NULLABLE = (maxLength: number) => ({ kind: 'nullableString', maxLength }) as const;

/**
 * Validates an address body. Throws 400 (ApiError) when its shape is wrong (missing or unknown fields, wrong
 * types); returns the per-field Japanese messages when values are wrong; otherwise the normalised address.
 */
export function validateAddress(body: unknown, now: number): AddressResult {
  const r = checkShape(
    body,
    {
      postalCode: STR(16),
      prefecture: STR(8),
      city: STR(100),
      street: STR(100),
      name: STR(60),
      nameKana: STR(60),
      phone: STR(20),
    },
    { building: NULLABLE(100), deliveryDate: NULLABLE(10), deliveryTimeSlot: NULLABLE(10) },
  );
  // checkShape has checked every field's type: the required ones are strings, the optional strings or null.
  return validateAddressValues(r as unknown as AddressInput, now);
}

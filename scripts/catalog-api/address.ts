/**
 * The delivery address of a shipment: its shape checked against the contract (400), then normalisation and
 * per-field rules with Japanese messages (422 `fields`).
 */
import {
  type AddressInput,
  type AddressResult,
  PREFECTURES,
  tokyoDatePlus,
  validateAddressValues,
} from '../../src/features/address/address-rules.ts';
import { requestShape } from './request-schemas.ts';

// The rules live in src/features/address/address-rules.ts, shared with the storefront's address form.
export type { AddressResult };
export { PREFECTURES, tokyoDatePlus };

const addressShape = requestShape('ShipmentAddress');

/**
 * Validates an address body. Throws 400 (ApiError) when its shape is not the contract's (missing or unknown
 * fields, wrong types); returns the per-field Japanese messages when values are wrong; otherwise the
 * normalised address.
 */
export function validateAddress(body: unknown, now: number): AddressResult {
  // The shape is checked: the required fields are strings, the optional ones strings or null.
  return validateAddressValues(addressShape(body) as AddressInput, now);
}

/**
 * The API's error body (the contract's `Error`), read back from a failed call: `call()` in client.ts keeps it
 * as the DataNotFoundError's `cause`. Shallowly validated, since it crossed the network.
 */
import { DataNotFoundError } from '../errors.ts';
import type { CartWarning } from './types.ts';

export interface ApiErrorDetails {
  /** HTTP status; 0 when no response arrived. */
  status: number;
  /** The API's code (e.g. OUT_OF_STOCK, CART_HAS_WARNINGS), or the client's (NETWORK, TIMEOUT). */
  code: string | undefined;
  /** Per-field Japanese messages of a 422. */
  fields: Record<string, string>;
  /** The warnings that refused a QR (409 CART_HAS_WARNINGS). */
  warning: CartWarning[];
  /** For OUT_OF_STOCK and EXCEEDS_STOCK, how many can still be had. */
  availableQty: number | undefined;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function isWarning(value: unknown): value is CartWarning {
  return (
    isRecord(value) &&
    typeof value.productId === 'number' &&
    typeof value.variantId === 'number' &&
    typeof value.title === 'string' &&
    typeof value.reason === 'string' &&
    typeof value.availableQty === 'number'
  );
}

/** What a failed catalog call tells about itself; any other error reads as status 0 with nothing else. */
export function apiErrorDetails(error: unknown): ApiErrorDetails {
  const body = error instanceof DataNotFoundError && isRecord(error.cause) ? error.cause : {};
  const fields: Record<string, string> = {};
  if (isRecord(body.fields)) {
    for (const [key, value] of Object.entries(body.fields))
      if (typeof value === 'string') fields[key] = value;
  }
  return {
    status: error instanceof DataNotFoundError ? error.status : 0,
    code: error instanceof DataNotFoundError ? error.code : undefined,
    fields,
    warning: Array.isArray(body.warning) ? body.warning.filter(isWarning) : [],
    availableQty:
      typeof body.availableQty === 'number' && Number.isSafeInteger(body.availableQty)
        ? body.availableQty
        : undefined,
  };
}

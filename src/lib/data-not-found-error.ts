/**
 * DataNotFoundError and the catalogue's failure messages, on their own so that code every page ships (the
 * header's bag count) does not carry the rest of the error module. Import them from errors.ts, the one
 * error module; only src/lib/catalog/request.ts and src/lib/handled.ts import this file directly, for that
 * reason.
 */

/** The catalogue's DataNotFoundError messages, verbatim. */
const DATA_NOT_FOUND_MESSAGES = [
  'areas not found.',
  'count not found.',
  'product not found.',
  'products not found.',
  'filter option not found.',
  'product qty not found.',
  'product receive not found.',
  'cart not found.',
  'draft order not found.',
  'Something went wrong.',
] as const;

export type DataNotFoundMessage = (typeof DATA_NOT_FOUND_MESSAGES)[number];

export interface DataNotFoundErrorDetails {
  /** HTTP status of the failed call; 0 when no response arrived (network error or timeout). */
  status?: number;
  /** The call that failed, e.g. `GET /catalog/products?page=3`, so a failed build names it. */
  endpoint?: string;
  /** The API's machine-readable error code, when it sent one. */
  code?: string | undefined;
  /** True when trying again may succeed (5xx, 429, timeout, network error, malformed body). */
  retryable?: boolean;
  cause?: unknown;
}

/** A catalog call that did not give the data asked for. */
export class DataNotFoundError extends Error {
  override readonly name = 'DataNotFoundError';
  readonly status: number;
  readonly endpoint: string;
  readonly code: string | undefined;
  readonly retryable: boolean;
  /** Set once the UI has shown this error to the user; handled errors are not reported. */
  handled = false;

  constructor(message: DataNotFoundMessage, details: DataNotFoundErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.status = details.status ?? 0;
    this.endpoint = details.endpoint ?? '';
    this.code = details.code;
    this.retryable = details.retryable ?? false;
  }
}

import type { components } from '../../src/lib/catalog/schema.gen.ts';

export type ErrorBody = components['schemas']['Error'];
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 416 | 422 | 429 | 500 | 503;

/** An error that becomes the contract's Error JSON with its status. Thrown by services, caught by the app. */
export class ApiError extends Error {
  readonly status: ErrorStatus;
  readonly code: string;
  readonly extra: Omit<ErrorBody, 'code' | 'message'>;

  constructor(
    status: ErrorStatus,
    code: string,
    message: string,
    extra: Omit<ErrorBody, 'code' | 'message'> = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.extra = extra;
  }

  body(): ErrorBody {
    return { code: this.code, message: this.message, ...this.extra };
  }
}

export const badRequest = (message: string) => new ApiError(400, 'BAD_REQUEST', message);
export const notFound = (message: string) => new ApiError(404, 'NOT_FOUND', message);

/** A request path fit for a log line: the alias after `qr/`, `orders/`, `shipments/`… cut to four characters. */
export function pathForLog(path: string): string {
  return path.replace(
    /(\/(?:qr|orders?|shipments|address|draft-orders)\/)([A-Za-z0-9_-]{16,64})(?=\/|$)/g,
    (_, prefix: string, alias: string) => `${prefix}${alias.slice(0, 4)}…`,
  );
}

/**
 * The one door to the catalog API. It owns the base URL, the token header, credentials, the timeout and
 * the error shape: every failed call becomes a DataNotFoundError with a SPEC §8 message, the endpoint and
 * the status. Pages, components and stores call the resource modules beside this file, never fetch.
 */
import createClient, { type Client } from 'openapi-fetch';
import { DataNotFoundError, type DataNotFoundMessage } from '../errors.ts';
import { type CatalogConfig, catalogConfig } from './config.ts';
import type { paths } from './schema.gen.ts';

export type CatalogClient = Client<paths>;

export interface CreateCatalogClientOptions extends Partial<CatalogConfig> {
  /** A fetch to use instead of the global one (tests). */
  fetch?: (input: Request) => Promise<Response>;
}

/** A typed client for the catalog API. */
export function createCatalogClient(options: CreateCatalogClientOptions = {}): CatalogClient {
  const config = { ...catalogConfig(), ...withoutUndefined(options) };
  const baseFetch = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  return createClient<paths>({
    baseUrl: config.baseUrl,
    headers: { 'X-Api-Token': config.token },
    credentials: 'include',
    fetch: (request) => {
      const timeout = AbortSignal.timeout(config.timeoutMs);
      const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
      return baseFetch(new Request(request, { signal }));
    },
  });
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

let defaultClient: CatalogClient | undefined;

/** The shared client for where this code runs. */
export function catalogClient(): CatalogClient {
  defaultClient ??= createCatalogClient();
  return defaultClient;
}

interface ApiResult<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/**
 * Runs one call and returns its data, or throws a DataNotFoundError carrying `message` (SPEC §8), the
 * endpoint, the status, and whether a retry may help.
 */
export async function call<T>(
  endpoint: string,
  message: DataNotFoundMessage,
  run: () => Promise<ApiResult<T>>,
): Promise<T> {
  let result: ApiResult<T>;
  try {
    result = await run();
  } catch (cause) {
    // No response (network error, timeout) or a body that is not JSON: worth another try.
    const timedOut = cause instanceof Error && (cause.name === 'TimeoutError' || cause.name === 'AbortError');
    throw new DataNotFoundError(message, {
      endpoint,
      status: timedOut ? 504 : 0,
      code: timedOut ? 'TIMEOUT' : cause instanceof SyntaxError ? 'MALFORMED_RESPONSE' : 'NETWORK',
      retryable: true,
      cause,
    });
  }
  const { response } = result;
  if (!response.ok || result.data === undefined) {
    const status = response.status;
    throw new DataNotFoundError(message, {
      endpoint,
      status,
      code: errorCode(result.error),
      retryable: status >= 500 || status === 429 || status === 408,
      cause: result.error,
    });
  }
  return result.data;
}

function errorCode(body: unknown): string | undefined {
  return body && typeof body === 'object' && 'code' in body && typeof body.code === 'string'
    ? body.code
    : undefined;
}

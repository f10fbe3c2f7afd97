/**
 * The error shape of every catalog call (`call`), and `leanSend`: a call through plain fetch for code that
 * every page, or the product page, ships. This module must not import openapi-fetch: the header's bag count
 * reaches the API through it, and a static import of the typed client would put that client in every
 * page's JavaScript (a plain page's budget is in docs/performance.md).
 */
// Not errors.ts: the rest of the error module would ride along into every page's script.
import { DataNotFoundError, type DataNotFoundMessage } from '../data-not-found-error.ts';
import { type CatalogConfig, catalogConfig } from './config.ts';
import type { paths } from './schema.gen.ts';

export interface RequestOptions extends Partial<CatalogConfig> {
  /** A fetch to use instead of the global one (tests). */
  fetch?: (input: Request) => Promise<Response>;
}

/** `value` without its undefined properties, so they do not override defaults when spread. */
export function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

interface ApiResult<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/**
 * Runs one call and returns its data, or throws a DataNotFoundError carrying `message` (one of the
 * catalogue's failure messages), the endpoint, the status, and whether a retry may help.
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

type Method = 'get' | 'post' | 'put';

/** The JSON an operation answers with on 200, as the contract types it. */
type OkJson<P extends keyof paths, M extends Method> = paths[P][M] extends {
  responses: { 200: { content: { 'application/json': infer T } } };
}
  ? T
  : never;

/**
 * The JSON body an operation takes, as the contract types it (undefined when it takes none); an optional
 * body (`requestBody?`, e.g. POST /catalog/cart) is typed as its content.
 */
type BodyJson<P extends keyof paths, M extends Method> = paths[P][M] extends { requestBody?: infer R }
  ? [NonNullable<R>] extends [never]
    ? undefined
    : NonNullable<R> extends { content: { 'application/json': infer B } }
      ? B
      : undefined
  : undefined;

/**
 * One call through plain fetch: the same base URL, token header, credentials, timeout and error shape as
 * the typed client, in a few hundred bytes.
 */
export function leanSend<P extends keyof paths, M extends Method>(
  method: M,
  /** The contract's path, with its query string when the call has one (`/catalog/products?page=2`). */
  path: P | `${P}?${string}`,
  message: DataNotFoundMessage,
  body: BodyJson<P, M>,
  options: RequestOptions & { pathParams?: Record<string, number> } = {},
): Promise<OkJson<P, M>> {
  const { pathParams = {}, ...rest } = options;
  const config = { ...catalogConfig(), ...withoutUndefined(rest) };
  const send = options.fetch ?? ((request: Request) => globalThis.fetch(request));
  const verb = method.toUpperCase();
  // `{id}` in the contract's path becomes the number given (numbers only: a path parameter is never text);
  // a query string given with the path is the caller's, encoded by it.
  const url = path.replace(/\{(\w+)\}/g, (_, name: string) => String(Math.trunc(Number(pathParams[name]))));
  return call(`${verb} ${url}`, message, async () => {
    const response = await send(
      new Request(`${config.baseUrl}${url}`, {
        method: verb,
        headers: {
          'X-Api-Token': config.token,
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        credentials: 'include',
        signal: AbortSignal.timeout(config.timeoutMs),
      }),
    );
    if (response.ok) return { data: (await response.json()) as OkJson<P, M>, response };
    return { error: await response.json().catch(() => undefined), response };
  });
}

/**
 * The one door to the catalog API. It owns the base URL, the token header, credentials, the timeout and
 * the error shape: every failed call becomes a DataNotFoundError with one of the catalogue's failure
 * messages, the endpoint and the status. Pages, components and stores call the resource modules beside
 * this file, never fetch.
 */
import createClient, { type Client } from 'openapi-fetch';
import { catalogConfig } from './config.ts';
import { type RequestOptions, withoutUndefined } from './request.ts';
import type { paths } from './schema.gen.ts';

// The error shape lives in request.ts, which does not pull in openapi-fetch (see leanSend there).
export { call } from './request.ts';

export type CatalogClient = Client<paths>;

export type CreateCatalogClientOptions = RequestOptions;

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

let defaultClient: CatalogClient | undefined;

/** The shared client for where this code runs. */
export function catalogClient(): CatalogClient {
  defaultClient ??= createCatalogClient();
  return defaultClient;
}

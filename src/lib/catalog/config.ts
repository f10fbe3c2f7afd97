/**
 * Where the catalog API is. At build time (Node) the API's own URL; in the browser the same-origin
 * `/api` proxy, so the cart cookie stays first-party (DESIGN.md decision 9).
 */

/** The reference API of `npm run api`. */
export const DEFAULT_CATALOG_API_URL = 'http://127.0.0.1:8787';
/** Identifies the storefront; public by nature on a static site, not a secret. */
export const DEFAULT_CATALOG_API_TOKEN = 'gift-catalogue-public-token';
/** Per-request timeout. */
export const DEFAULT_TIMEOUT_MS = 10_000;

export interface CatalogConfig {
  baseUrl: string;
  token: string;
  timeoutMs: number;
}

function env(name: string): string | undefined {
  const fromVite = (import.meta as { env?: Record<string, string | undefined> }).env?.[name];
  if (fromVite) return fromVite;
  return typeof process === 'undefined' ? undefined : process.env[name];
}

/** The configuration for where this code runs. */
export function catalogConfig(): CatalogConfig {
  const inBrowser = typeof window !== 'undefined';
  return {
    baseUrl: inBrowser ? '/api' : (env('CATALOG_API_URL') ?? DEFAULT_CATALOG_API_URL).replace(/\/$/, ''),
    token: env('PUBLIC_CATALOG_API_TOKEN') ?? DEFAULT_CATALOG_API_TOKEN,
    timeoutMs: Number(env('CATALOG_API_TIMEOUT_MS') ?? DEFAULT_TIMEOUT_MS),
  };
}

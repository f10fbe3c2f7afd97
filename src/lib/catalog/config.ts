/**
 * Where the catalog API is. At build time (Node) the API's own URL; in the browser the same-origin
 * `/api` proxy, so the cart cookie stays first-party (browsers such as Safari drop third-party cookies)
 * and the browser needs no CORS.
 */

/** The reference API of `npm run api`. */
export const DEFAULT_CATALOG_API_URL = 'http://127.0.0.1:8787';
/** Identifies the storefront; public by nature on a static site, not a secret. */
export const DEFAULT_CATALOG_API_TOKEN = 'gift-catalogue-public-token';
/** Per-request timeout. */
const DEFAULT_TIMEOUT_MS = 10_000;

export interface CatalogConfig {
  baseUrl: string;
  token: string;
  timeoutMs: number;
}

/** The configuration for where this code runs. */
export function catalogConfig(): CatalogConfig {
  // `import.meta.env.SSR` is false in the browser's bundle, which then leaves the server's branch out (it
  // rides along to every page otherwise); tests with a DOM take this branch through `window`. Outside Vite
  // (an integration's hook at build time) there is no `import.meta.env`, hence `?.`.
  if (import.meta.env?.SSR === false || typeof window !== 'undefined') {
    // The browser: the same-origin proxy, and the public token the build wrote into the bundle.
    return {
      baseUrl: '/api',
      token: import.meta.env.PUBLIC_CATALOG_API_TOKEN ?? DEFAULT_CATALOG_API_TOKEN,
      timeoutMs: DEFAULT_TIMEOUT_MS,
    };
  }
  const env = process.env;
  return {
    baseUrl: (env.CATALOG_API_URL ?? DEFAULT_CATALOG_API_URL).replace(/\/$/, ''),
    token: env.PUBLIC_CATALOG_API_TOKEN ?? DEFAULT_CATALOG_API_TOKEN,
    timeoutMs: Number(env.CATALOG_API_TIMEOUT_MS ?? DEFAULT_TIMEOUT_MS),
  };
}

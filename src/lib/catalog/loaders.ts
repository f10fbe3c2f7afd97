/**
 * Build-time data: Astro content-layer loaders over the typed client. Bounded concurrency, a per-request
 * timeout (the client's), retries with backoff on 5xx, timeouts and malformed bodies, and a schema check
 * of every entry. Any failure fails the build with the endpoint named: a scheduled rebuild must never
 * publish a partial catalogue.
 */
import type { Loader, LoaderContext } from 'astro/loaders';
import { mapLimit, withRetry } from '../async.ts';
import { DataNotFoundError } from '../errors.ts';
import { listAreas, listProducts, listTenants, MAX_PAGE_SIZE } from './catalogue.ts';
import { type CatalogClient, catalogClient } from './client.ts';
import { areaSchema, productSchema, tenantSchema } from './schemas.ts';
import type { Area, Product, Tenant } from './types.ts';

export interface FetchPolicy {
  /** Calls in flight at once. */
  concurrency: number;
  /** Retries of a retryable failure. */
  retries: number;
  /** First backoff delay; doubles per retry. */
  baseDelayMs: number;
  onRetry?: (error: unknown, attempt: number) => void;
}

const BUILD_FETCH_POLICY: FetchPolicy = {
  concurrency: Number(process.env.CATALOG_BUILD_CONCURRENCY ?? 8),
  retries: 5,
  baseDelayMs: 250,
};

function retrying<T>(fn: () => Promise<T>, policy: FetchPolicy): Promise<T> {
  return withRetry(fn, {
    retries: policy.retries,
    baseDelayMs: policy.baseDelayMs,
    shouldRetry: (error) => error instanceof DataNotFoundError && error.retryable,
    ...(policy.onRetry ? { onRetry: policy.onRetry } : {}),
  });
}

/** Every product, page by page; fails unless the pages add up to exactly the API's reported total. */
export async function fetchAllProducts(
  client: CatalogClient = catalogClient(),
  policy: FetchPolicy = BUILD_FETCH_POLICY,
): Promise<Product[]> {
  const size = MAX_PAGE_SIZE;
  const first = await retrying(() => listProducts({ page: 1, size }, client), policy);
  const pageCount = Math.ceil(first.count / size);
  const pageNumbers = Array.from({ length: Math.max(0, pageCount - 1) }, (_, i) => i + 2);
  const rest = await mapLimit(pageNumbers, policy.concurrency, (page) =>
    retrying(() => listProducts({ page, size }, client), policy),
  );
  const pages = [first, ...rest];
  pages.forEach((page, index) => {
    if (page.count !== first.count) {
      throw new Error(
        `the catalogue changed during the build: ${first.count} products, then ${page.count} (GET /catalog/products?page=${index + 1}&size=${size})`,
      );
    }
  });
  const products = pages.flatMap((page) => page.products);
  const unique = new Set(products.map((product) => product.id));
  if (products.length !== first.count || unique.size !== first.count) {
    throw new Error(
      `GET /catalog/products gave ${unique.size} distinct products for a reported total of ${first.count}`,
    );
  }
  return products;
}

/** Every area. */
function fetchAreas(
  client: CatalogClient = catalogClient(),
  policy: FetchPolicy = BUILD_FETCH_POLICY,
): Promise<Area[]> {
  return retrying(() => listAreas(client), policy);
}

/** Every tenant (brand). */
function fetchTenants(
  client: CatalogClient = catalogClient(),
  policy: FetchPolicy = BUILD_FETCH_POLICY,
): Promise<Tenant[]> {
  return retrying(() => listTenants(undefined, client), policy);
}

/** A loader that replaces its collection with `fetch()`'s entries, each checked against the schema. */
function catalogLoader<T extends { id: number }>(name: string, fetch: () => Promise<T[]>): Loader {
  return {
    name,
    async load(context: LoaderContext) {
      const started = performance.now();
      let entries: T[];
      try {
        entries = await fetch();
      } catch (error) {
        const detail = error instanceof DataNotFoundError ? error.describe() : String(error);
        throw new Error(`catalog data for "${context.collection}" could not be loaded: ${detail}`, {
          cause: error,
        });
      }
      context.store.clear();
      for (const entry of entries) {
        const id = String(entry.id);
        const data = await context.parseData({ id, data: entry as unknown as Record<string, unknown> });
        context.store.set({ id, data, digest: context.generateDigest(data) });
      }
      context.logger.info(`${entries.length} entries in ${Math.round(performance.now() - started)} ms`);
    },
  };
}

function logRetries(collection: string): FetchPolicy {
  return {
    ...BUILD_FETCH_POLICY,
    onRetry: (error, attempt) =>
      console.warn(
        `[${collection}] retry ${attempt}: ${error instanceof DataNotFoundError ? error.describe() : String(error)}`,
      ),
  };
}

export const areasLoader = () => ({
  loader: catalogLoader('catalog-areas', () => fetchAreas(catalogClient(), logRetries('areas'))),
  schema: areaSchema,
});
export const tenantsLoader = () => ({
  loader: catalogLoader('catalog-tenants', () => fetchTenants(catalogClient(), logRetries('tenants'))),
  schema: tenantSchema,
});
export const productsLoader = () => ({
  loader: catalogLoader('catalog-products', () => fetchAllProducts(catalogClient(), logRetries('products'))),
  schema: productSchema,
});

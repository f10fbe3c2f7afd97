/**
 * The build's catalogue, fetched through the typed client for the snapshot the pages read (snapshot.ts,
 * through catalogue-data.ts, the pages' one door to it). Bounded concurrency, a per-request
 * timeout (the client's), retries with backoff on 5xx, timeouts and malformed bodies, a schema check of
 * every entry and a cross-check of the lists (catalogue-check.ts), all before anything renders. Any failure
 * fails the build in one line naming the endpoint: a scheduled rebuild must never publish a partial or
 * inconsistent catalogue.
 */
import { mapLimit, withRetry } from '../../lib/async.ts';
import { buildInfo } from '../../lib/build-info.ts';
import { listAreas, listProducts, listTenants, MAX_PAGE_SIZE } from '../../lib/catalog/catalogue.ts';
import { type CatalogClient, catalogClient } from '../../lib/catalog/client.ts';
import { PRODUCT_PAGE_SIZE } from '../../lib/catalog/product-list-lean.ts';
import { areaSchema, productSchema, tenantSchema } from '../../lib/catalog/schemas.ts';
import type { Area, Lang, Product, Tenant } from '../../lib/catalog/types.ts';
import { DataNotFoundError, failureDetail } from '../../lib/errors.ts';
import { FALLBACK_IMAGE_SRC } from '../../lib/images.ts';
import {
  CatalogueCheckError,
  checkList,
  crossCheck,
  LIST_ENDPOINTS,
  noAreaWarning,
  urlGuard,
} from './catalogue-check.ts';
import { type CatalogueLists, CatalogueRefused } from './catalogue-load.ts';
import { SnapshotWriter, snapshotLines } from './snapshot.ts';
import { NAMED_LANGUAGES, type TenantNames, tenantNamesOf } from './tenant-names.ts';

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

/**
 * Every product, page by page; fails unless the pages add up to exactly the API's reported total.
 * `keep`, when given, turns each checked product into what the caller needs as soon as its page arrives,
 * so the whole catalogue is never held as products (at 100,000 products that is several hundred MB).
 * `inOrder`, when given, is handed each page's kept products in the catalogue's order, as soon as every
 * page before it has come, with the total the API reported.
 */
export async function fetchAllProducts(
  client?: CatalogClient,
  policy?: FetchPolicy,
  lang?: Lang,
): Promise<Product[]>;
export async function fetchAllProducts<T extends { id: number }>(
  client: CatalogClient | undefined,
  policy: FetchPolicy | undefined,
  lang: Lang | undefined,
  keep: (product: Product) => T,
  inOrder?: (kept: T[], count: number) => void,
): Promise<T[]>;
export async function fetchAllProducts(
  client: CatalogClient = catalogClient(),
  policy: FetchPolicy = BUILD_FETCH_POLICY,
  lang?: Lang,
  keep: (product: Product) => { id: number } = (product) => product,
  inOrder?: (kept: { id: number }[], count: number) => void,
): Promise<{ id: number }[]> {
  const size = MAX_PAGE_SIZE;
  // Pages that came before an earlier one, waiting for it.
  const waiting = new Map<number, { id: number }[]>();
  let nextInOrder = 1;
  const arrived = (page: number, kept: { id: number }[], count: number) => {
    if (!inOrder) return;
    waiting.set(page, kept);
    for (let ready = waiting.get(nextInOrder); ready; ready = waiting.get(nextInOrder)) {
      waiting.delete(nextInOrder);
      nextInOrder++;
      inOrder(ready, count);
    }
  };
  const fetchPage = async (page: number) => {
    const answer: unknown = await retrying(
      () => listProducts({ page, size, ...(lang ? { lang } : {}) }, client),
      policy,
    );
    const endpoint = `${LIST_ENDPOINTS.products}?page=${page}&size=${size}${lang ? `&lang=${lang}` : ''}`;
    const count = (answer as { count?: unknown } | null)?.count;
    if (typeof count !== 'number' || !Number.isSafeInteger(count) || count < 0) {
      throw new CatalogueCheckError(
        `${endpoint}: count: expected a whole number, received ${JSON.stringify(count)}`,
      );
    }
    const products = checkList((answer as { products?: unknown }).products, productSchema, {
      endpoint,
      field: 'products',
      record: 'product',
    }).map(keep);
    arrived(page, products, count);
    return { count, products };
  };
  const first = await fetchPage(1);
  const pageCount = Math.ceil(first.count / size);
  const pageNumbers = Array.from({ length: Math.max(0, pageCount - 1) }, (_, i) => i + 2);
  const rest = await mapLimit(pageNumbers, policy.concurrency, fetchPage);
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

/** Every area, each checked. */
async function fetchAreas(client: CatalogClient, policy: FetchPolicy): Promise<Area[]> {
  const answer: unknown = await retrying(() => listAreas(client), policy);
  return checkList(answer, areaSchema, { endpoint: LIST_ENDPOINTS.areas, record: 'area' });
}

/** Every tenant (brand), each checked. */
async function fetchTenants(client: CatalogClient, policy: FetchPolicy): Promise<Tenant[]> {
  const answer: unknown = await retrying(() => listTenants({}, client), policy);
  return checkList(answer, tenantSchema, { endpoint: LIST_ENDPOINTS.tenants, record: 'brand' });
}

/**
 * The brand list asked in every chat language at once (tenant-names.ts), to be read once the Japanese list
 * has passed its checks: the returned function checks each language's list as the Japanese one is checked
 * and gives every brand's names in them. A list that fails its checks fails the build, naming its language.
 */
export function askTenantNames(
  client: CatalogClient,
  policy: FetchPolicy,
): (tenants: readonly Tenant[]) => Promise<TenantNames[]> {
  const asked = NAMED_LANGUAGES.map((lang) => {
    const answer: Promise<unknown> = retrying(() => listTenants({ lang }, client), {
      ...policy,
      onRetry: logRetry(`tenants in ${lang}`),
    });
    // Read only after the Japanese list: a failure of that list is the one the build reports.
    answer.catch(() => {});
    return { lang, answer };
  });
  return async (tenants) =>
    tenantNamesOf(
      tenants,
      await Promise.all(
        asked.map(async ({ lang, answer }) => ({
          lang,
          tenants: checkList(await answer, tenantSchema, {
            endpoint: `${LIST_ENDPOINTS.tenants}?lang=${lang}`,
            record: 'brand',
          }),
        })),
      ),
    );
}

/** What a chat brand page's first page words in a language: each product's title and brand, by id. */
export type FirstPageTexts = ReadonlyMap<number, { title: string; tenantName: string }>;

/**
 * A brand's first page of products (the storefront's page: 10) worded in each of `languages`, as the
 * chat brand page lists them: `GET /catalog/products?tenant_ids={id}&size=10&lang={lang}`, each answer
 * checked as the catalogue's products are. One call per language, whatever the brand's size. A failing or
 * malformed answer fails the build, naming the call.
 */
export async function fetchFirstPageTexts<L extends Lang>(
  tenantId: number,
  languages: readonly L[],
  client: CatalogClient = catalogClient(),
  policy: FetchPolicy = BUILD_FETCH_POLICY,
): Promise<Map<L, FirstPageTexts>> {
  try {
    return await firstPageTexts(tenantId, languages, client, policy);
  } catch (error) {
    // The one line a refused catalogue fails the build with, naming the page and the call, as for every
    // other list; not a render error with Astro's stack under it.
    throw new CatalogueRefused(`/chat/brands/${tenantId}/: ${failureDetail(error)}`);
  }
}

async function firstPageTexts<L extends Lang>(
  tenantId: number,
  languages: readonly L[],
  client: CatalogClient,
  policy: FetchPolicy,
): Promise<Map<L, FirstPageTexts>> {
  const pages = await mapLimit(languages, policy.concurrency, async (lang) => {
    const query = { tenantIds: [tenantId], size: PRODUCT_PAGE_SIZE, lang };
    const answer: unknown = await retrying(() => listProducts(query, client), {
      ...policy,
      onRetry: logRetry(`brand ${tenantId} in ${lang}`),
    });
    const products = checkList((answer as { products?: unknown } | null)?.products, productSchema, {
      endpoint: `${LIST_ENDPOINTS.products}?tenant_ids=${tenantId}&size=${PRODUCT_PAGE_SIZE}&lang=${lang}`,
      field: 'products',
      record: 'product',
    });
    const texts = products.map(({ id, title, tenant }) => [id, { title, tenantName: tenant.name }] as const);
    return [lang, new Map(texts)] as const;
  });
  return new Map(pages);
}

/** The lists at the head of the snapshot (the products follow them there), with what the snapshot took. */
export interface LoadedCatalogue {
  areas: Area[];
  tenants: Tenant[];
  /** Each brand's names in the chat languages. */
  tenantNames: TenantNames[];
  /** Products written to the snapshot, and of them those whose text was derived (not reused). */
  written: { products: number; processed: number };
}

/**
 * The whole catalogue, each list checked and the lists checked against each other, written to this
 * build's snapshot once every check has passed. Each product becomes its snapshot line as its page of the
 * list arrives (URLs checked, text derived), and only its id, areas and brand stay for the cross-check:
 * the catalogue is never held whole as products (at 100,000 products that was 1.7 GB of heap while the
 * lists loaded, memory the rest of the build never got back). `onLists` is given the area and brand lists
 * (with the brands' names in the chat languages) once they have passed their own checks, before the products
 * are fetched.
 */
export async function fetchCatalogue(
  client: CatalogClient = catalogClient(),
  policy: FetchPolicy = BUILD_FETCH_POLICY,
  onLists?: (lists: CatalogueLists) => void,
  onProducts?: (loaded: number, total: number) => void,
): Promise<LoadedCatalogue> {
  const warnings: string[] = [];
  const productWarnings: string[] = [];
  const guard = urlGuard(FALLBACK_IMAGE_SRC, productWarnings);
  const lines = snapshotLines();
  let file: SnapshotWriter | undefined;
  let loaded = 0;
  try {
    // The short lists first: two head the snapshot, whose product lines are written as they come.
    const namedIn = askTenantNames(client, policy);
    const [areas, tenants] = await Promise.all([
      fetchAreas(client, { ...policy, onRetry: logRetry('areas') }),
      fetchTenants(client, { ...policy, onRetry: logRetry('tenants') }),
    ]);
    const tenantNames = await namedIn(tenants);
    const lists = urlGuard(FALLBACK_IMAGE_SRC, warnings);
    const safeAreas = areas.map(lists.area);
    const safeTenants = tenants.map(lists.tenant);
    onLists?.({ areas: safeAreas, tenants: safeTenants, tenantNames });
    const products = await fetchAllProducts(
      client,
      { ...policy, onRetry: logRetry('products') },
      undefined,
      (checked): KeptProduct => {
        const product = guard.product(checked);
        // Kept in the snapshot, left out by every reader of it (snapshot.ts): named here.
        const unplaced = noAreaWarning(product);
        if (unplaced) productWarnings.push(unplaced);
        return {
          id: product.id,
          areas: product.areas,
          tenant: { id: product.tenant.id },
          line: lines.line(product),
        };
      },
      (page, count) => {
        file ??= new SnapshotWriter(
          { areas: safeAreas, tenants: safeTenants, tenantNames, products: count },
          buildInfo().buildId,
        );
        file.add(page.map((product) => product.line ?? Buffer.alloc(0)));
        // Written: only what the cross-check needs stays.
        for (const product of page) product.line = undefined;
        loaded += page.length;
        onProducts?.(loaded, count);
      },
    );
    crossCheck({ areas, tenants, products });
    for (const warning of [...warnings, ...productWarnings]) console.warn(`[catalog] ${warning}`);
    if (!file) throw new Error('GET /catalog/products: the first page never came');
    file.commit();
    return {
      areas: safeAreas,
      tenants: safeTenants,
      tenantNames,
      written: { products: products.length, processed: lines.processed },
    };
  } catch (error) {
    file?.abandon();
    throw error;
  } finally {
    lines.close();
  }
}

/** What the load keeps of a product until the lists are cross-checked. */
interface KeptProduct {
  id: number;
  areas: Product['areas'];
  tenant: { id: number };
  /** Its snapshot line, until written. */
  line: Buffer | undefined;
}

function logRetry(list: string) {
  return (error: unknown, attempt: number) =>
    console.warn(`[${list}] retry ${attempt}: ${failureDetail(error)}`);
}

/**
 * The product list of an area (or brand) page and its cache: per list, the products in
 * order, the total count, the first-fetch time and the selected brand filter (tenantIds). The cache is
 * cleared when the selected brand filter differs or more than 10 minutes have passed since the first fetch;
 * its product data is cleared when the language changes.
 *
 * The site is a multi-page app, so the cache lives in sessionStorage: Back from a product page finds the
 * pages it had loaded and the scroll position it left, and restores both. Page 1 comes from the build (in
 * the HTML); later pages from GET /catalog/products, 10 at a time.
 */
import { atom } from 'nanostores';
import { listProductPage, PRODUCT_PAGE_SIZE } from '../../lib/catalog/product-list-lean.ts';
import type { Lang } from '../../lib/catalog/types.ts';
import { markHandled } from '../../lib/errors.ts';
import { chatProductHref } from '../../lib/routes.ts';
import { isNonNegativeInteger, isRecord, readStored, writeStored } from '../../lib/storage.ts';
import { isProductSummary, type ProductSummary, productSummary } from '../product/index.ts';
import type { FirstPage } from './product-list.ts';

/** The area cache lifetime. */
export const AREA_CACHE_TTL_MS = 10 * 60 * 1000;
/** The sessionStorage key (versioned: a change of shape takes a new key). */
export const AREA_CACHE_KEY = 'area-cache:v1';
/** Lists kept at once; the oldest is dropped first. */
const MAX_LISTS = 24;

/** One list as cached. */
export interface ListCacheEntry {
  /** The loaded products, in the API's order. */
  products: ProductSummary[];
  /** How many products match in all. */
  count: number;
  /** When page 1 was first fetched (ms since the epoch). */
  fetchedAt: number;
  /** The selected brand filter, sorted; empty for none. */
  tenantIds: number[];
  /** The next page to ask for. */
  nextPage: number;
  /** Where the page was scrolled when the shopper left it. */
  scrollY: number;
}

/** The cache as stored: one language's lists, by list key. */
export interface AreaCache {
  lang: Lang;
  lists: Record<string, ListCacheEntry>;
}

/** The web catalogue's language; a chat list names the visitor's. */
const CATALOGUE_LANG: Lang = 'ja';

// ---------------------------------------------------------------------------------------------------------
// Rules
// ---------------------------------------------------------------------------------------------------------

/** A brand filter in its one spelling: sorted, without duplicates. */
function normalizeTenantIds(ids: readonly number[]): number[] {
  return [...new Set(ids)].sort((a, b) => a - b);
}

/** True when two brand filters select the same brands. */
export function sameTenants(a: readonly number[], b: readonly number[]): boolean {
  const x = normalizeTenantIds(a);
  const y = normalizeTenantIds(b);
  return x.length === y.length && x.every((id, i) => id === y[i]);
}

/**
 * True when a cached list may be shown: first fetched at most 10 minutes ago and, when a filter is given,
 * for the same brands.
 */
export function isListFresh(entry: ListCacheEntry, now: number, tenantIds?: readonly number[]): boolean {
  const age = now - entry.fetchedAt;
  if (age < 0 || age > AREA_CACHE_TTL_MS) return false;
  return tenantIds === undefined || sameTenants(entry.tenantIds, tenantIds);
}

/** The cache for a language: the stored one, or an empty one when it holds another language's products. */
export function cacheForLanguage(cache: AreaCache | undefined, lang: Lang): AreaCache {
  return cache?.lang === lang ? cache : { lang, lists: {} };
}

const isIdList = (value: unknown): value is number[] =>
  Array.isArray(value) && value.every((id) => isNonNegativeInteger(id));

function isEntry(value: unknown): value is ListCacheEntry {
  return (
    isRecord(value) &&
    Array.isArray(value.products) &&
    value.products.every(isProductSummary) &&
    isNonNegativeInteger(value.count) &&
    isNonNegativeInteger(value.fetchedAt) &&
    isIdList(value.tenantIds) &&
    isNonNegativeInteger(value.nextPage) &&
    value.nextPage >= 1 &&
    isNonNegativeInteger(value.scrollY)
  );
}

function isAreaCache(value: unknown): value is AreaCache {
  return (
    isRecord(value) &&
    typeof value.lang === 'string' &&
    isRecord(value.lists) &&
    Object.values(value.lists).every(isEntry)
  );
}

function readCache(): AreaCache {
  return cacheForLanguage(
    readStored('session', AREA_CACHE_KEY, isAreaCache, undefined),
    config?.lang ?? CATALOGUE_LANG,
  );
}

function writeCache(cache: AreaCache): void {
  const keys = Object.keys(cache.lists);
  if (keys.length > MAX_LISTS) {
    const oldest = keys.sort((a, b) => (cache.lists[a]?.fetchedAt ?? 0) - (cache.lists[b]?.fetchedAt ?? 0));
    for (const key of oldest.slice(0, keys.length - MAX_LISTS)) delete cache.lists[key];
  }
  writeStored('session', AREA_CACHE_KEY, cache);
}

// ---------------------------------------------------------------------------------------------------------
// The list on this page
// ---------------------------------------------------------------------------------------------------------

/** What a page's list shows and starts from. */
export interface ListConfig {
  /** The cache key, e.g. `area:1` or `brand:3`. */
  key: string;
  /** Only products in this area. */
  areaId?: number | undefined;
  /** Only these brands' products (a brand page), unless the brand filter selects others. */
  tenantIds?: readonly number[] | undefined;
  /** Page 1 as the build rendered it, in the list's language. */
  first: FirstPage;
  /** The language of the products (ja unless chat mode). A list in another language clears the cache. */
  lang?: Lang | undefined;
  /** Products open in chat mode (their brand's chat page) rather than on the product page. */
  linkTo?: 'chat' | undefined;
}

type ListStatus = 'idle' | 'loading' | 'error';

export interface ProductListState {
  key: string;
  /** The selected brand filter, sorted; empty for none. */
  tenantIds: number[];
  products: ProductSummary[];
  count: number;
  nextPage: number;
  fetchedAt: number;
  status: ListStatus;
  /** Set when the list came back from the cache on Back or reload: scroll there once it is rendered. */
  restoreScrollY: number | null;
}

/** The product list of the page; null until the list island starts it. */
export const $productList = atom<ProductListState | null>(null);

/** True when every matching product is loaded ("No more results!"). */
export function isComplete(state: Pick<ProductListState, 'products' | 'count' | 'nextPage'>): boolean {
  return state.nextPage > 1 && state.products.length >= state.count;
}

/** The list as the build rendered it, before the island starts (and for the server render). */
export function initialListState(config: ListConfig, now = 0): ProductListState {
  return {
    key: config.key,
    tenantIds: [],
    products: config.first.products,
    count: config.first.count,
    nextPage: 2,
    fetchedAt: now,
    status: 'idle',
    restoreScrollY: null,
  };
}

let config: ListConfig | undefined;
/** Bumped whenever the list starts over, so a page that arrives for an older list is dropped. */
let generation = 0;
let inFlight: Promise<void> | undefined;
/**
 * A brand filter chosen before the list started: the area's filter is an island of its own, inside the
 * list's, and may take the shopper's tap before the list has hydrated. The list applies it when it starts.
 */
let chosenBeforeStart: readonly number[] | undefined;

function persist(state: ProductListState): void {
  const cache = readCache();
  cache.lists[state.key] = {
    products: state.products,
    count: state.count,
    fetchedAt: state.fetchedAt,
    tenantIds: state.tenantIds,
    nextPage: state.nextPage,
    scrollY: cache.lists[state.key]?.scrollY ?? 0,
  };
  writeCache(cache);
}

function startOver(state: ProductListState): void {
  generation++;
  inFlight = undefined;
  $productList.set(state);
  persist(state);
}

/**
 * Starts the page's list: the cached one when it is fresh (with the scroll position to restore when
 * `restoreScroll`, i.e. on Back, Forward or reload), else page 1 from the build, and the stale cache cleared;
 * then the brand filter chosen before it started, if any.
 */
export function startProductList(
  listConfig: ListConfig,
  options: { now?: number; restoreScroll?: boolean } = {},
): ProductListState {
  const state = startList(listConfig, options);
  const chosen = chosenBeforeStart;
  chosenBeforeStart = undefined;
  if (chosen) void setTenantFilter(chosen, options.now);
  return $productList.get() ?? state;
}

function startList(
  listConfig: ListConfig,
  options: { now?: number; restoreScroll?: boolean },
): ProductListState {
  config = listConfig;
  generation++;
  inFlight = undefined;
  const now = options.now ?? Date.now();
  const entry = readCache().lists[listConfig.key];
  if (entry && isListFresh(entry, now)) {
    const state: ProductListState = {
      key: listConfig.key,
      tenantIds: entry.tenantIds,
      products: entry.products,
      count: entry.count,
      nextPage: entry.nextPage,
      fetchedAt: entry.fetchedAt,
      status: 'idle',
      restoreScrollY: options.restoreScroll && entry.scrollY > 0 ? entry.scrollY : null,
    };
    $productList.set(state);
    // Left before page 1 of a new filter arrived: ask for it now.
    if (state.nextPage === 1) void loadMore();
    return state;
  }
  const state = initialListState(listConfig, now);
  $productList.set(state);
  persist(state);
  return state;
}

/**
 * Selects brands (empty: all). A different filter clears the cached list and starts from page 1: the
 * build's page without a filter, the API's with one. Before the list has started, the choice waits for it.
 */
export function setTenantFilter(tenantIds: readonly number[], now: number = Date.now()): Promise<void> {
  const state = $productList.get();
  if (!state || !config) {
    chosenBeforeStart = tenantIds;
    return Promise.resolve();
  }
  const selected = normalizeTenantIds(tenantIds);
  if (sameTenants(selected, state.tenantIds)) return Promise.resolve();
  if (selected.length === 0) {
    startOver(initialListState(config, now));
    return Promise.resolve();
  }
  startOver({ ...initialListState(config, now), tenantIds: selected, products: [], count: 0, nextPage: 1 });
  return loadMore();
}

/**
 * Loads the next page. A second call while one is on its way joins it (never a page twice); nothing
 * happens when the list is complete, or after a failure until `retry()`.
 */
export function loadMore(): Promise<void> {
  const state = $productList.get();
  const listConfig = config;
  if (!state || !listConfig || isComplete(state) || state.status === 'error') return Promise.resolve();
  if (inFlight) return inFlight;
  const started = generation;
  const page = state.nextPage;
  $productList.set({ ...state, status: 'loading' });
  const tenantIds = state.tenantIds.length ? state.tenantIds : listConfig.tenantIds;
  const request = listProductPage({
    ...(listConfig.areaId === undefined ? {} : { areaId: listConfig.areaId }),
    ...(tenantIds?.length ? { tenantIds } : {}),
    page,
    size: PRODUCT_PAGE_SIZE,
    ...(listConfig.lang ? { lang: listConfig.lang } : {}),
  })
    .then((result) => {
      // Landed: a new page may be asked for from here on, even by a listener of the state set below
      // (a tall screen whose end is still in view asks at once, and the observer will not fire again).
      if (inFlight === request) inFlight = undefined;
      const current = $productList.get();
      if (started !== generation || !current) return;
      const seen = new Set(current.products.map((product) => product.id));
      const added = result.products
        .filter((product) => !seen.has(product.id))
        .map((product) => {
          const summary = productSummary(product, listConfig.areaId);
          return listConfig.linkTo === 'chat'
            ? { ...summary, href: chatProductHref(product.tenant.id, product.id) }
            : summary;
        });
      const products = [...current.products, ...added];
      // A short page is the last one, whatever the count said (the catalogue may have changed).
      const count = result.products.length < PRODUCT_PAGE_SIZE ? products.length : result.count;
      const next: ProductListState = { ...current, products, count, nextPage: page + 1, status: 'idle' };
      $productList.set(next);
      persist(next);
    })
    .catch((error: unknown) => {
      markHandled(error);
      if (inFlight === request) inFlight = undefined;
      const current = $productList.get();
      if (started !== generation || !current) return;
      $productList.set({ ...current, status: 'error' });
    })
    .finally(() => {
      if (inFlight === request) inFlight = undefined;
    });
  inFlight = request;
  return request;
}

/** Tries the failed page again. */
export function retry(): Promise<void> {
  const state = $productList.get();
  if (state?.status === 'error') $productList.set({ ...state, status: 'idle' });
  return loadMore();
}

/** Remembers where the page is scrolled, for Back (call on pagehide). */
export function rememberScroll(scrollY: number): void {
  const state = $productList.get();
  if (!state) return;
  const cache = readCache();
  const entry = cache.lists[state.key];
  if (!entry) return;
  entry.scrollY = Math.max(0, Math.round(scrollY));
  writeCache(cache);
}

/**
 * Where Back put the page, kept for the area's brand filter: an island of its own above the list, it shows
 * its restored choice after the list has restored the place, and the browser's scroll anchoring would move
 * the place by the height that choice adds. The filter puts the page back there once (takeRestoredScroll).
 */
let restoredScrollY: number | null = null;

/** Marks the scroll position as restored. */
export function scrollRestored(): void {
  const state = $productList.get();
  if (!state || state.restoreScrollY === null) return;
  restoredScrollY = state.restoreScrollY;
  $productList.set({ ...state, restoreScrollY: null });
}

/** The place Back restored, once; null when there was none or it was taken. */
export function takeRestoredScroll(): number | null {
  const y = restoredScrollY;
  restoredScrollY = null;
  return y;
}

/** True when this document was reached by Back, Forward or reload: the cases that restore the scroll. */
export function isHistoryNavigation(): boolean {
  const [entry] = globalThis.performance?.getEntriesByType?.('navigation') ?? [];
  const type = (entry as PerformanceNavigationTiming | undefined)?.type;
  return type === 'back_forward' || type === 'reload';
}

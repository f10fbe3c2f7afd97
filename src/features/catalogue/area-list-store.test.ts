// @vitest-environment happy-dom

import type { Product, ProductPage } from '../../lib/catalog/types.ts';
import { DataNotFoundError } from '../../lib/errors.ts';
import type { ProductSummary } from '../product/index.ts';

const api = vi.hoisted(() => ({ listProducts: vi.fn() }));
vi.mock('../../lib/catalog/product-list-lean.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/catalog/product-list-lean.ts')>()),
  listProductPage: api.listProducts,
}));

const {
  $productList,
  AREA_CACHE_KEY,
  AREA_CACHE_TTL_MS,
  cacheForLanguage,
  isComplete,
  isListFresh,
  loadMore,
  rememberScroll,
  retry,
  sameTenants,
  scrollRestored,
  setTenantFilter,
  startProductList,
  takeRestoredScroll,
} = await import('./area-list-store.ts');

const T0 = 1_700_000_000_000;

function product(id: number, tenantId = 1): Product {
  return {
    id,
    shopifyProductId: `gid://shopify/Product/${id}`,
    images: [],
    title: `商品${id}`,
    descriptionHtml: '',
    variants: [
      {
        id: id * 10,
        sku: `S-${id}`,
        title: '',
        compareAtPrice: null,
        price: 1000,
        isSale: false,
        stockInShop: 1,
        totalStock: 1,
        imageId: null,
        image: null,
        options: [],
      },
    ],
    tenant: {
      id: tenantId,
      name: `ブランド${tenantId}`,
      logoSrc: 'http://i.test/t.png',
      description: '',
      officialSiteUrl: null,
    },
    videoSrc: null,
    tags: [],
    stockInShop: 1,
    areas: [1],
  };
}

const summary = (id: number): ProductSummary => ({
  id,
  areaId: 1,
  title: `商品${id}`,
  tenantName: 'ブランド1',
  imageSrc: null,
  price: 1000,
  maxPrice: 1000,
  compareAtPrice: null,
  onSale: false,
  soldOut: false,
  href: `/area/1/products/${id}/`,
});

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const page = (ids: number[], count: number): ProductPage => ({
  products: ids.map((id) => product(id)),
  count,
});

/** An area with 25 products: page 1 (ids 1–10) from the build. */
const area = { key: 'area:1', areaId: 1, first: { products: range(1, 10).map(summary), count: 25 } };
const ids = () => $productList.get()?.products.map((p) => p.id);

beforeEach(() => {
  sessionStorage.clear();
  api.listProducts.mockReset();
  $productList.set(null);
});

describe('the area list cache rules', () => {
  const entry = { products: [], count: 0, fetchedAt: T0, tenantIds: [3, 5], nextPage: 2, scrollY: 0 };

  it('keeps a list for 10 minutes after its first fetch', () => {
    expect(isListFresh(entry, T0 + AREA_CACHE_TTL_MS)).toBe(true);
    expect(isListFresh(entry, T0 + AREA_CACHE_TTL_MS + 1)).toBe(false);
  });

  it('clears a list when the selected brand filter differs', () => {
    expect(isListFresh(entry, T0, [5, 3])).toBe(true);
    expect(isListFresh(entry, T0, [3])).toBe(false);
    expect(isListFresh(entry, T0, [])).toBe(false);
  });

  it('compares brand filters as sets', () => {
    expect(sameTenants([1, 2, 2], [2, 1])).toBe(true);
    expect(sameTenants([1], [1, 2])).toBe(false);
  });

  it('clears the product data when the language changes', () => {
    const cache = { lang: 'ja' as const, lists: { 'area:1': entry } };
    expect(cacheForLanguage(cache, 'ja')).toBe(cache);
    expect(cacheForLanguage(cache, 'en')).toEqual({ lang: 'en', lists: {} });
  });
});

describe('the product list of an area page', () => {
  it('starts from the first page in the HTML without calling the API', () => {
    startProductList(area, { now: T0 });
    expect(ids()).toEqual(range(1, 10));
    expect(api.listProducts).not.toHaveBeenCalled();
  });

  it('loads the next page of 10 and ends with every product loaded', async () => {
    startProductList(area, { now: T0 });
    api.listProducts
      .mockResolvedValueOnce(page(range(11, 20), 25))
      .mockResolvedValueOnce(page(range(21, 25), 25));
    await loadMore();
    await loadMore();
    expect(api.listProducts).toHaveBeenNthCalledWith(1, { areaId: 1, page: 2, size: 10 });
    expect(api.listProducts).toHaveBeenNthCalledWith(2, expect.objectContaining({ page: 3 }));
    expect(ids()).toEqual(range(1, 25));
    expect(isComplete($productList.get() ?? (area.first as never))).toBe(true);
    await loadMore();
    expect(api.listProducts).toHaveBeenCalledTimes(2);
  });

  it('starts the next page when asked the moment a page lands (a tall screen still shows the end)', async () => {
    startProductList(area, { now: T0 });
    api.listProducts
      .mockResolvedValueOnce(page(range(11, 20), 25))
      .mockResolvedValueOnce(page(range(21, 25), 25));
    // The island asks for more as soon as the list is idle again and its sentinel is still in view.
    let next: Promise<void> | undefined;
    const unbind = $productList.listen((state) => {
      if (state?.status === 'idle' && state.nextPage === 3) next ??= loadMore();
    });
    await loadMore();
    await next;
    unbind();
    expect(api.listProducts).toHaveBeenCalledTimes(2);
    expect(ids()).toEqual(range(1, 25));
  });

  it('never loads a page twice on a double trigger, nor duplicates a product', async () => {
    startProductList(area, { now: T0 });
    api.listProducts.mockResolvedValue(page([10, ...range(11, 19)], 25));
    await Promise.all([loadMore(), loadMore(), loadMore()]);
    expect(api.listProducts).toHaveBeenCalledTimes(1);
    expect(ids()).toEqual(range(1, 19));
  });

  it('shows the failure, then loads the same page on retry', async () => {
    startProductList(area, { now: T0 });
    api.listProducts.mockRejectedValueOnce(new DataNotFoundError('products not found.', { status: 503 }));
    await loadMore();
    expect($productList.get()?.status).toBe('error');
    // Scrolling on does not hammer a failing API: only retry tries again.
    await loadMore();
    expect(api.listProducts).toHaveBeenCalledTimes(1);
    api.listProducts.mockResolvedValueOnce(page(range(11, 20), 25));
    await retry();
    expect(api.listProducts).toHaveBeenLastCalledWith(expect.objectContaining({ page: 2 }));
    expect($productList.get()?.status).toBe('idle');
    expect(ids()).toEqual(range(1, 20));
  });

  it('restores the loaded pages and the scroll position on Back within 10 minutes', async () => {
    startProductList(area, { now: T0 });
    api.listProducts.mockResolvedValueOnce(page(range(11, 20), 25));
    await loadMore();
    rememberScroll(1234.4);

    // The product page, then Back: a new document.
    $productList.set(null);
    const restored = startProductList(area, { now: T0 + 9 * 60_000, restoreScroll: true });
    expect(restored.products.map((p) => p.id)).toEqual(range(1, 20));
    expect(restored.restoreScrollY).toBe(1234);
    expect(restored.nextPage).toBe(3);
    expect(api.listProducts).toHaveBeenCalledTimes(1);
  });

  it('keeps the place Back restored, once, for the brand filter that renders after the list', async () => {
    startProductList(area, { now: T0 });
    rememberScroll(1500);
    $productList.set(null);
    startProductList(area, { now: T0 + 1000, restoreScroll: true });
    expect(takeRestoredScroll()).toBeNull();

    scrollRestored();
    expect($productList.get()?.restoreScrollY).toBeNull();
    expect(takeRestoredScroll()).toBe(1500);
    expect(takeRestoredScroll()).toBeNull();
  });

  it('keeps the list but not the scroll position on a fresh visit', async () => {
    startProductList(area, { now: T0 });
    api.listProducts.mockResolvedValueOnce(page(range(11, 20), 25));
    await loadMore();
    rememberScroll(900);
    const again = startProductList(area, { now: T0 + 60_000, restoreScroll: false });
    expect(again.products).toHaveLength(20);
    expect(again.restoreScrollY).toBeNull();
  });

  it('starts again from the first page more than 10 minutes after the first fetch', async () => {
    startProductList(area, { now: T0 });
    api.listProducts.mockResolvedValueOnce(page(range(11, 20), 25));
    await loadMore();
    const later = startProductList(area, { now: T0 + AREA_CACHE_TTL_MS + 1, restoreScroll: true });
    expect(later.products.map((p) => p.id)).toEqual(range(1, 10));
    expect(later.restoreScrollY).toBeNull();
    expect(later.fetchedAt).toBe(T0 + AREA_CACHE_TTL_MS + 1);
  });

  it('clears the list when the brand filter changes and fetches page 1 for the brands', async () => {
    startProductList(area, { now: T0 });
    api.listProducts.mockResolvedValueOnce(page([2, 18], 2));
    await setTenantFilter([3, 1], T0 + 1000);
    expect(api.listProducts).toHaveBeenCalledWith({ areaId: 1, tenantIds: [1, 3], page: 1, size: 10 });
    expect($productList.get()).toMatchObject({ tenantIds: [1, 3], count: 2, fetchedAt: T0 + 1000 });
    expect(ids()).toEqual([2, 18]);
    expect(isComplete($productList.get() ?? (area.first as never))).toBe(true);

    // The filter survives Back with its list.
    const restored = startProductList(area, { now: T0 + 2000, restoreScroll: true });
    expect(restored.tenantIds).toEqual([1, 3]);
    expect(restored.products.map((p) => p.id)).toEqual([2, 18]);
  });

  it("applies a filter chosen before the list started (the filter's island awake first) when it starts", async () => {
    await setTenantFilter([3, 1], T0);
    expect(api.listProducts).not.toHaveBeenCalled();

    api.listProducts.mockResolvedValueOnce(page([2, 18], 2));
    startProductList(area, { now: T0 + 1000 });
    await vi.waitFor(() => expect(ids()).toEqual([2, 18]), { timeout: 10_000 });
    expect(api.listProducts).toHaveBeenCalledWith({ areaId: 1, tenantIds: [1, 3], page: 1, size: 10 });
    expect($productList.get()).toMatchObject({ tenantIds: [1, 3], fetchedAt: T0 + 1000 });

    // Applied once: the next start is the stored list's.
    api.listProducts.mockClear();
    startProductList(area, { now: T0 + 2000 });
    expect(api.listProducts).not.toHaveBeenCalled();
    expect(ids()).toEqual([2, 18]);
  });

  it('stores an area filtered to one brand where the redirect to chat finds it', async () => {
    const { areaBrandFilter, STORED_LISTS_KEY } = await import('../chat/index.ts');
    startProductList(area, { now: T0 });
    api.listProducts.mockResolvedValueOnce(page([2], 1));
    await setTenantFilter([3], T0 + 1000);
    expect(areaBrandFilter('/area/1/', sessionStorage.getItem(STORED_LISTS_KEY))).toBe('3');
    api.listProducts.mockResolvedValueOnce(page([2, 18], 2));
    await setTenantFilter([3, 1], T0 + 2000);
    expect(areaBrandFilter('/area/1/', sessionStorage.getItem(STORED_LISTS_KEY))).toBeNull();
  });

  it('asks again for page 1 of a filter the shopper left before it arrived', async () => {
    startProductList(area, { now: T0 });
    api.listProducts.mockReturnValueOnce(new Promise(() => {}));
    void setTenantFilter([1], T0);
    $productList.set(null); // the page is left while page 1 is on its way
    api.listProducts.mockResolvedValueOnce(page([2, 18], 2));
    startProductList(area, { now: T0 + 1000, restoreScroll: true });
    await vi.waitFor(() => expect(ids()).toEqual([2, 18]), { timeout: 10_000 });
    expect(api.listProducts).toHaveBeenLastCalledWith({ areaId: 1, tenantIds: [1], page: 1, size: 10 });
  });

  it('goes back to the first page in the HTML when the filter is reset', async () => {
    startProductList(area, { now: T0 });
    api.listProducts.mockResolvedValueOnce(page([2, 18], 2));
    await setTenantFilter([1]);
    await setTenantFilter([]);
    expect(ids()).toEqual(range(1, 10));
    expect($productList.get()?.tenantIds).toEqual([]);
    expect(api.listProducts).toHaveBeenCalledTimes(1);
  });

  it('drops a page that arrives after the filter changed', async () => {
    startProductList(area, { now: T0 });
    let answer: (value: ProductPage) => void = () => {};
    api.listProducts.mockReturnValueOnce(new Promise<ProductPage>((resolve) => (answer = resolve)));
    const stale = loadMore();
    api.listProducts.mockResolvedValueOnce(page([2, 18], 2));
    const filtered = setTenantFilter([1]);
    answer(page(range(11, 20), 25));
    await Promise.all([stale, filtered]);
    expect(ids()).toEqual([2, 18]);
  });

  it('ends the list at a short page even when the count promised more', async () => {
    startProductList(area, { now: T0 });
    api.listProducts.mockResolvedValueOnce(page(range(11, 13), 25));
    await loadMore();
    expect($productList.get()?.count).toBe(13);
    expect(isComplete($productList.get() ?? (area.first as never))).toBe(true);
  });

  it('ignores a stored cache of another shape', () => {
    sessionStorage.setItem(
      AREA_CACHE_KEY,
      JSON.stringify({ lang: 'ja', lists: { 'area:1': { products: 'x' } } }),
    );
    expect(startProductList(area, { now: T0 }).products).toHaveLength(10);
  });

  it('asks for a brand page with its brand and no area', async () => {
    const brand = {
      key: 'brand:3',
      tenantIds: [3],
      first: { products: range(1, 10).map(summary), count: 12 },
    };
    startProductList(brand, { now: T0 });
    api.listProducts.mockResolvedValueOnce(page([11, 12], 12));
    await loadMore();
    expect(api.listProducts).toHaveBeenCalledWith({ tenantIds: [3], page: 2, size: 10 });
  });
});

describe('a brand list in chat mode', () => {
  /** Page 1 as the chat brand page was built with it, in the visitor language, opening in chat. */
  const chatBrand = {
    key: 'brand:1',
    tenantIds: [1],
    first: {
      products: range(1, 10).map((id) => ({ ...summary(id), href: `/chat/brands/1/?product=${id}` })),
      count: 12,
    },
    lang: 'ko' as const,
    linkTo: 'chat' as const,
  };

  it('starts from the built page 1, then loads page 2 in the visitor language, opening in chat', async () => {
    startProductList(chatBrand, { now: T0 });
    expect(ids()).toEqual(range(1, 10));
    expect(api.listProducts).not.toHaveBeenCalled();
    api.listProducts.mockResolvedValueOnce(page([11, 12], 12));
    await loadMore();
    expect(api.listProducts).toHaveBeenCalledWith({ tenantIds: [1], page: 2, size: 10, lang: 'ko' });
    expect(ids()).toEqual(range(1, 12));
    expect($productList.get()?.products[10]?.href).toBe('/chat/brands/1/?product=11');
  });

  it('clears the cached lists when the language changes, and keeps them while it does not', async () => {
    api.listProducts.mockResolvedValue(page([11, 12], 12));
    startProductList(chatBrand, { now: T0 });
    await loadMore();
    startProductList(chatBrand, { now: T0 + 1000 });
    expect(ids()).toEqual(range(1, 12));
    startProductList({ ...chatBrand, lang: 'zh' }, { now: T0 + 2000 });
    expect(ids()).toEqual(range(1, 10));
    expect(JSON.parse(sessionStorage.getItem(AREA_CACHE_KEY) ?? '{}').lang).toBe('zh');
  });
});

/**
 * The product list of an area or brand page. Page 1 comes in the HTML (this island is server-rendered with
 * it); the island takes over for the next pages: infinite scroll on a sentinel, a 「もっと見る」 button for
 * keyboards, "No more results!" at the end, "Oops something went wrong!" with a retry button on failure. It
 * restores the cached pages and the scroll position on Back (area-list-store.ts).
 */
import { type ReactNode, useEffect, useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import {
  CARD_PLACE_CLASS,
  PRODUCT_GRID_CLASS,
  ProductCard,
  type ProductCardLabels,
} from '../../ui/ProductCard.tsx';
import type { PicturePriority } from '../../ui/picture-loading.ts';
import {
  $productList,
  initialListState,
  isComplete,
  isHistoryNavigation,
  type ListConfig,
  loadMore,
  type ProductListState,
  rememberScroll,
  retry,
  scrollRestored,
  startProductList,
} from './area-list-store.ts';
import { type FirstPage, placesKept } from './product-list.ts';

export interface ProductListLabels extends ProductCardLabels {
  /** 「{count}点の商品」, or a function where the language has plural forms (chat mode). */
  count: string | ((count: number) => string);
  more: string;
  loading: string;
  end: string;
  error: string;
  retry: string;
  empty: string;
}

/**
 * How a list's pictures load beside the page's own. `lead`: the first product's picture is the largest
 * thing on the screen as the page opens (a brand page), so it loads at once, first, not lazily once the page
 * is laid out, and the other cards' pictures wait behind it at low priority (in view, the browser would
 * raise them to its level and they would share the connection with it). `behind`: the page has its own,
 * larger picture (an area page), and the cards' pictures wait behind it at low priority. Otherwise lazy, at
 * the browser's priority.
 */
export type ListPictures = 'lead' | 'behind';

/** How the picture of the list's card at `index` loads. */
function cardPriority(pictures: ListPictures | undefined, index: number): PicturePriority {
  if (pictures === 'lead') return index === 0 ? true : 'low';
  return pictures === 'behind' ? 'low' : false;
}

export interface ProductListProps {
  /** Cache key: `area:{id}` or `brand:{id}`. One list per page. */
  listKey: string;
  areaId?: number;
  /** A brand page's brand. */
  tenantIds?: number[];
  first: FirstPage;
  labels: ProductListLabels;
  /** Chat mode: the visitor's language (page 1 then comes from the API in it). */
  lang?: ListConfig['lang'];
  /** Chat mode: products open on their brand's chat page. */
  linkTo?: ListConfig['linkTo'];
  /** How the cards' pictures load: ListPictures. */
  pictures?: ListPictures;
}

/** Loads the next page this far (px) before the sentinel (the places) scrolls into view. */
const PRELOAD_PX = 600;
const PRELOAD_MARGIN = `0px 0px ${PRELOAD_PX}px 0px`;

/** True when the element is within the preload distance below the screen's bottom edge (or above it). */
function nearScreen(element: Element): boolean {
  return element.getBoundingClientRect().top < window.innerHeight + PRELOAD_PX;
}

/**
 * The page's list state, null until the list starts. React's own hook on the store: the lists load no store
 * binding (@nanostores/react; docs/performance.md has its size). Hydration reads the store as the server
 * rendered it (null).
 */
export function useListState(): ProductListState | null {
  return useSyncExternalStore(
    (onChange) => $productList.listen(onChange),
    () => $productList.get(),
    () => null,
  );
}

/** Starts the page's list after hydration (never during it: the server rendered page 1) and returns it. */
function useProductList({
  listKey,
  areaId,
  tenantIds,
  first,
  lang,
  linkTo,
}: Omit<ProductListProps, 'labels'>) {
  const config = useRef<ListConfig>({ key: listKey, areaId, tenantIds, first, lang, linkTo });
  const state = useListState();

  // A layout effect, run in hydration's own commit: a tap given right after it (the first tap held while the
  // island woke, src/engine/client-directives/when-needed.ts) must find the list started. A passive effect can run after that
  // tap and start the list over, undoing the brand it chose.
  useLayoutEffect(() => {
    startProductList(config.current, { restoreScroll: isHistoryNavigation() });
    const onHide = () => {
      rememberScroll(window.scrollY);
      // Back will restore the list first, then the position: the browser must not jump on its own.
      history.scrollRestoration = 'manual';
    };
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) history.scrollRestoration = 'auto';
    };
    addEventListener('pagehide', onHide);
    addEventListener('pageshow', onShow);
    return () => {
      removeEventListener('pagehide', onHide);
      removeEventListener('pageshow', onShow);
    };
  }, []);

  return state?.key === listKey ? state : initialListState(config.current);
}

export function ProductListView({
  state,
  labels,
  pictures,
}: {
  state: ProductListState;
  labels: ProductListLabels;
  pictures?: ListPictures | undefined;
}) {
  const list = useRef<HTMLUListElement>(null);
  const complete = isComplete(state);
  const loading = state.status === 'loading';
  const firstLoad = loading && state.nextPage === 1;

  // Back: scroll to where the shopper was, once the restored pages are in the document.
  useLayoutEffect(() => {
    if (state.restoreScrollY === null) return;
    window.scrollTo(0, state.restoreScrollY);
    history.scrollRestoration = 'auto';
    scrollRestored();
  }, [state.restoreScrollY]);

  const showSentinel = !complete && state.status !== 'error' && state.nextPage > 1;
  // The places of the products still to come (placesKept), kept while they may come: each page arrives in
  // room already there, and what follows the list (the footer) is where it will stay (product-list.ts).
  const awaited = showSentinel ? placesKept(state.count, state.products.length) : 0;
  // The places are the sentinel: the next page loads when any of them nears the screen (the first as the
  // shopper nears the loaded cards' end, a later one when the shopper jumped past it). Observed afresh each
  // time a page lands (`loaded`): an observer reports only changes it saw at a rendering update, and a
  // shopper flicking fast can be back at the new end before the next update, so the sentinel never left as
  // far as the observer knows and the list stopped. A new observation always reports where the sentinel is
  // (found in WebKit, tests/webkit/).
  const loaded = state.products.length;
  const places = () => list.current?.querySelectorAll('[data-wake-near]') ?? [];
  // biome-ignore lint/correctness/useExhaustiveDependencies: `loaded` re-observes on purpose
  useEffect(() => {
    // Without IntersectionObserver (old browsers) the 「もっと見る」 button loads the next pages.
    if (!showSentinel || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void loadMore();
      },
      { rootMargin: PRELOAD_MARGIN },
    );
    for (const place of places()) observer.observe(place);
    return () => observer.disconnect();
  }, [showSentinel, loaded]);

  // A wide or tall screen may still show the sentinel after a page arrives, and the observer reports only
  // changes: measure where it is now and keep going (a phone, where the new page pushed it away, stops).
  // Without an observer, only the button loads.
  // biome-ignore lint/correctness/useExhaustiveDependencies: read when the status changes
  useEffect(() => {
    const first = places()[0];
    const observed = typeof IntersectionObserver !== 'undefined';
    if (state.status === 'idle' && !complete && first && observed && nearScreen(first)) {
      void loadMore();
    }
  }, [state.status, complete]);

  // After a load by the button, focus moves to the first new product, not on to the end of the page. Read
  // when the count changes, and only once it has grown past the press: React may draw the page's start and
  // its landing as one, and an earlier drawing's effects (the hydration's, when the press woke the island)
  // may run after the press, before the page is asked for.
  const focusFrom = useRef<number | null>(null);
  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || loaded <= from) return;
    focusFrom.current = null;
    list.current?.querySelectorAll<HTMLAnchorElement>('li a')[from]?.focus();
  }, [loaded]);

  function loadByButton() {
    focusFrom.current = state.products.length;
    void loadMore();
  }

  return (
    <div>
      <p className="mb-3 text-sm text-secondary" aria-live="polite">
        {firstLoad
          ? labels.loading
          : typeof labels.count === 'function'
            ? labels.count(state.count)
            : labels.count.replace('{count}', String(state.count))}
      </p>
      {/* Page 1 on its way with nothing shown yet (a live list, a new filter): keep a screen for it, so the
      list arriving moves nothing in view. */}
      {firstLoad && state.products.length === 0 && <div aria-hidden="true" className="min-h-[100dvh]" />}
      {state.products.length > 0 && (
        <ul ref={list} className={PRODUCT_GRID_CLASS} data-testid="product-list">
          {state.products.map((product, index) => (
            <li key={product.id}>
              <ProductCard product={product} labels={labels} priority={cardPriority(pictures, index)} />
            </li>
          ))}
          {Array.from({ length: awaited }, (_, index) => loaded + index).map((place) => (
            // data-wake-near: the places also wake the island before the shopper reaches them (when-needed.ts).
            <li key={place} aria-hidden="true" data-wake-near="" className={CARD_PLACE_CLASS} />
          ))}
        </ul>
      )}
      <div className="mt-6 flex min-h-24 flex-col items-center justify-center gap-3 text-center text-sm">
        {state.status === 'error' ? (
          <div
            role="alert"
            className="flex flex-col items-center gap-3 rounded border border-error px-4 py-3"
          >
            <p>{labels.error}</p>
            <button
              type="button"
              onClick={() => void retry()}
              className="min-h-11 rounded border border-primary px-6 font-bold hover:bg-primary hover:text-white"
            >
              {labels.retry}
            </button>
          </div>
        ) : complete ? (
          <p className="text-secondary">{state.products.length === 0 ? labels.empty : labels.end}</p>
        ) : (
          <button
            type="button"
            onClick={loadByButton}
            disabled={loading}
            aria-busy={loading}
            className="min-h-11 rounded border border-primary px-6 font-bold hover:bg-primary hover:text-white disabled:border-accent disabled:text-secondary disabled:hover:bg-transparent"
          >
            {loading ? labels.loading : labels.more}
          </button>
        )}
      </div>
    </div>
  );
}

/**
 * The island of area and brand pages. An area page gives its brand filter as the children: an island of its
 * own (AreaBrandFilter), shown above the list, which wakes only when the shopper touches it.
 */
export default function ProductList({
  labels,
  pictures,
  children,
  ...props
}: ProductListProps & { children?: ReactNode }) {
  const state = useProductList(props);
  return (
    <>
      {children}
      <ProductListView state={state} labels={labels} pictures={pictures} />
    </>
  );
}

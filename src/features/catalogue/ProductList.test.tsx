// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { sampleProduct } from '../../../tests/fixtures/catalogue.ts';
import { productSummary } from '../product/index.ts';
import type { ProductListState } from './area-list-store.ts';

const store = vi.hoisted(() => ({ loadMore: vi.fn(async () => {}) }));
vi.mock('./area-list-store.ts', async (original) => ({
  ...(await original<typeof import('./area-list-store.ts')>()),
  loadMore: store.loadMore,
}));

const { ProductListView } = await import('./ProductList.tsx');

/**
 * An IntersectionObserver as browsers run it: at each rendering update it reports a target whose
 * intersection changed since its last report, and every target observed since the last update.
 */
class FakeObserver {
  static all: FakeObserver[] = [];
  readonly #callback: IntersectionObserverCallback;
  readonly #reported = new Map<Element, boolean>();
  readonly #fresh = new Set<Element>();
  #connected = true;

  constructor(callback: IntersectionObserverCallback) {
    this.#callback = callback;
    FakeObserver.all.push(this);
  }

  observe(target: Element) {
    this.#fresh.add(target);
    this.#reported.delete(target);
  }

  unobserve(target: Element) {
    this.#fresh.delete(target);
    this.#reported.delete(target);
  }

  disconnect() {
    this.#connected = false;
  }

  /** The browser's next rendering update, with the sentinel in reach (true) or not. */
  static update(intersecting: boolean) {
    for (const observer of FakeObserver.all) {
      if (!observer.#connected) continue;
      const targets = new Set([...observer.#fresh, ...observer.#reported.keys()]);
      const entries = [...targets]
        .filter((target) => observer.#fresh.has(target) || observer.#reported.get(target) !== intersecting)
        .map((target) => ({ target, isIntersecting: intersecting }) as IntersectionObserverEntry);
      observer.#fresh.clear();
      for (const entry of entries) observer.#reported.set(entry.target, intersecting);
      if (entries.length > 0) observer.#callback(entries, observer as unknown as IntersectionObserver);
    }
  }
}

const labels = {
  sale: 'セール',
  soldOut: '在庫なし',
  regularPrice: '通常価格',
  count: '{count}点の商品',
  more: 'もっと見る',
  loading: '読み込み中',
  end: 'No more results!',
  error: 'Oops something went wrong!',
  retry: '再試行',
  empty: '商品がありません',
};

function listState(loaded: number, status: ProductListState['status']): ProductListState {
  return {
    key: 'area:1',
    tenantIds: [],
    products: Array.from({ length: loaded }, (_, i) => productSummary(sampleProduct(i + 1, [1], 1), 1)),
    count: 25,
    nextPage: loaded / 10 + 1,
    fetchedAt: 0,
    status,
    restoreScrollY: null,
  };
}

beforeEach(() => {
  FakeObserver.all = [];
  store.loadMore.mockClear();
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  // The new page pushed the sentinel far below the screen when it landed.
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockReturnValue({ top: 5000 } as DOMRect);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the infinite list', () => {
  it('loads the next page when the sentinel comes into reach', () => {
    render(<ProductListView state={listState(10, 'idle')} labels={labels} />);
    FakeObserver.update(false);
    expect(store.loadMore).not.toHaveBeenCalled();
    FakeObserver.update(true);
    expect(store.loadMore).toHaveBeenCalledTimes(1);
  });

  it('goes on when the shopper is back at the end before the browser saw the sentinel leave', () => {
    // A fast flick (WebKit, tests/webkit/): the page landed and pushed the sentinel away, and the shopper
    // was at the new end again before the observer's next update, so the observer saw no change.
    const { rerender } = render(<ProductListView state={listState(10, 'idle')} labels={labels} />);
    FakeObserver.update(true);
    expect(store.loadMore).toHaveBeenCalledTimes(1);
    rerender(<ProductListView state={listState(10, 'loading')} labels={labels} />);
    rerender(<ProductListView state={listState(20, 'idle')} labels={labels} />);
    FakeObserver.update(true);
    expect(store.loadMore).toHaveBeenCalledTimes(2);
  });
});

describe('the room kept for the next page', () => {
  const places = (container: HTMLElement) =>
    container.querySelectorAll('[data-testid="product-list"] > li[aria-hidden="true"]');

  it('keeps a card-sized place in the grid for each product still to come, hidden from readers', () => {
    const { container, rerender } = render(<ProductListView state={listState(10, 'idle')} labels={labels} />);
    expect(places(container)).toHaveLength(15);
    expect(screen.getAllByRole('listitem')).toHaveLength(10);
    // Page 2 takes ten of the places: five are left for the last page.
    rerender(<ProductListView state={listState(20, 'loading')} labels={labels} />);
    expect(places(container)).toHaveLength(5);
    expect(screen.getAllByRole('listitem')).toHaveLength(20);
  });

  it('keeps three pages of places at most, however long the list', () => {
    const { container } = render(
      <ProductListView state={{ ...listState(10, 'idle'), count: 10_000 }} labels={labels} />,
    );
    expect(places(container)).toHaveLength(30);
  });

  it('keeps none once the list is complete or has failed, so the end or the retry shows', () => {
    const done = {
      ...listState(20, 'idle'),
      products: listState(30, 'idle').products.slice(0, 25),
      nextPage: 4,
    };
    const { container, rerender } = render(<ProductListView state={done} labels={labels} />);
    expect(places(container)).toHaveLength(0);
    expect(screen.getByText('No more results!')).toBeTruthy();
    rerender(<ProductListView state={listState(10, 'error')} labels={labels} />);
    expect(places(container)).toHaveLength(0);
  });

  it("watches every place: the next page loads as the loaded cards' end nears, or a jump lands past it", () => {
    const observe = vi.spyOn(FakeObserver.prototype, 'observe');
    const { container } = render(<ProductListView state={listState(10, 'idle')} labels={labels} />);
    expect(observe.mock.calls.map(([target]) => target)).toEqual([...places(container)]);
    // Each also wakes the list's island when it nears the screen (src/engine/client-directives/when-needed.ts).
    expect([...places(container)].every((place) => place.hasAttribute('data-wake-near'))).toBe(true);
  });
});

describe('the 「もっと見る」 button', () => {
  const firstNew = () => screen.getAllByRole('link')[10];

  it('loads the next page and moves focus to its first product once it lands', () => {
    const { rerender } = render(<ProductListView state={listState(10, 'idle')} labels={labels} />);
    fireEvent.click(screen.getByRole('button', { name: 'もっと見る' }));
    expect(store.loadMore).toHaveBeenCalledTimes(1);
    rerender(<ProductListView state={listState(10, 'loading')} labels={labels} />);
    rerender(<ProductListView state={listState(20, 'idle')} labels={labels} />);
    expect(document.activeElement).toBe(firstNew());
  });

  it('moves focus also when the page landed before the list was drawn loading', () => {
    // React may draw the two store changes as one (a busy phone, a hydration under way): the list goes
    // from 10 products to 20 with its status idle in both drawings.
    const { rerender } = render(<ProductListView state={listState(10, 'idle')} labels={labels} />);
    fireEvent.click(screen.getByRole('button', { name: 'もっと見る' }));
    rerender(<ProductListView state={listState(20, 'idle')} labels={labels} />);
    expect(document.activeElement).toBe(firstNew());
  });
});

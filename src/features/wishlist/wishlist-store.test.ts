// @vitest-environment happy-dom

import { summary } from './test-support.ts';

/** The store as a newly loaded page has it: the module evaluated afresh over what is stored. */
async function freshPage() {
  vi.resetModules();
  return import('./wishlist-store.ts');
}

let { $wishlist, isFavorite, removeFavorite, replaceFavorites, toggleFavorite, WISHLIST_KEY } =
  await freshPage();

const stored = () => JSON.parse(localStorage.getItem(WISHLIST_KEY) ?? 'null');

beforeEach(async () => {
  localStorage.clear();
  ({ $wishlist, isFavorite, removeFavorite, replaceFavorites, toggleFavorite, WISHLIST_KEY } =
    await freshPage());
});

describe('favorites', () => {
  it('adds a product with the heart and removes it with a second tap', () => {
    expect(toggleFavorite(summary(2), 100)).toBe(true);
    expect(isFavorite($wishlist.get(), 2)).toBe(true);
    expect(stored()).toEqual([{ product: summary(2), addedAt: 100 }]);
    expect(toggleFavorite(summary(2), 200)).toBe(false);
    expect(stored()).toEqual([]);
  });

  it('survives a reload (kept in localStorage), newest first', async () => {
    toggleFavorite(summary(2), 100);
    toggleFavorite(summary(5), 200);
    const reloaded = await freshPage();
    expect(reloaded.$wishlist.get().map((item) => item.product.id)).toEqual([5, 2]);
  });

  it('drops a stored item of another shape and keeps the rest', async () => {
    localStorage.setItem(
      WISHLIST_KEY,
      JSON.stringify([{ product: summary(2), addedAt: 1 }, { product: { id: 'x' }, addedAt: 2 }, 'junk']),
    );
    expect((await freshPage()).$wishlist.get().map((item) => item.product.id)).toEqual([2]);
  });

  it('ignores a stored value that is not a list', async () => {
    localStorage.setItem(WISHLIST_KEY, '{"items":');
    expect((await freshPage()).$wishlist.get()).toEqual([]);
  });

  it('shows a change made in another tab', () => {
    const unbind = $wishlist.listen(() => {});
    const value = JSON.stringify([{ product: summary(4), addedAt: 1 }, 'junk']);
    localStorage.setItem(WISHLIST_KEY, value);
    window.dispatchEvent(new StorageEvent('storage', { key: WISHLIST_KEY, newValue: value }));
    expect($wishlist.get().map((item) => item.product.id)).toEqual([4]);
    unbind();
  });

  it('removes a favorite', () => {
    toggleFavorite(summary(2));
    toggleFavorite(summary(3));
    removeFavorite(2);
    expect($wishlist.get().map((item) => item.product.id)).toEqual([3]);
  });

  it('puts refreshed favorites in place, keeping what changed meanwhile', () => {
    toggleFavorite(summary(2, 1000), 1);
    toggleFavorite(summary(3, 1000), 2);
    const refreshed = $wishlist.get().map((item) => ({ ...item, product: summary(item.product.id, 900) }));
    // While the refresh was on its way: 3 removed, 5 added.
    removeFavorite(3);
    toggleFavorite(summary(5, 1000), 3);
    replaceFavorites(refreshed);
    expect($wishlist.get()).toEqual([
      { product: summary(5, 1000), addedAt: 3 },
      { product: summary(2, 900), addedAt: 1 },
    ]);
    expect(stored()).toEqual($wishlist.get());
  });
});

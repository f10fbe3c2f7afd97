// @vitest-environment happy-dom

import { summary } from './test-support.ts';
import { refreshWishlist } from './wishlist-refresh.ts';
import { $wishlist, toggleFavorite, WISHLIST_KEY } from './wishlist-store.ts';

const stored = () => JSON.parse(localStorage.getItem(WISHLIST_KEY) ?? 'null');

beforeEach(() => {
  localStorage.clear();
  $wishlist.set([]);
});

describe('refreshing the favorites', () => {
  it('refreshes each favorite from its product page payload', async () => {
    toggleFavorite(summary(2, 1000), 1);
    toggleFavorite(summary(9, 1000), 2);
    toggleFavorite(summary(7, 1000), 3);
    const fetchImpl = vi.fn(async (url: string | URL | Request) => {
      const path = String(url);
      if (path === '/area/1/products/2/_payload.json') {
        return Response.json({ kind: 'product', summary: { ...summary(2, 800), soldOut: true } });
      }
      if (path === '/area/1/products/9/_payload.json') return new Response('not found', { status: 404 });
      throw new TypeError('Failed to fetch');
    });
    await refreshWishlist(fetchImpl as typeof fetch);
    const byId = new Map($wishlist.get().map((item) => [item.product.id, item]));
    expect(byId.get(2)).toEqual({ product: { ...summary(2, 800), soldOut: true }, addedAt: 1 });
    expect(byId.get(9)?.unavailable).toBe(true);
    expect(byId.get(7)).toEqual({ product: summary(7, 1000), addedAt: 3 });
    expect(stored()).toHaveLength(3);
  });
});

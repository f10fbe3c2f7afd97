// @vitest-environment happy-dom

import type { Cart } from '../../lib/catalog/types.ts';
import { DataNotFoundError } from '../../lib/errors.ts';

const api = vi.hoisted(() => ({ getCartCount: vi.fn(), addToCart: vi.fn() }));
vi.mock('../../lib/catalog/cart.ts', () => api);
vi.mock('../../lib/catalog/cart-count.ts', () => ({ getCartCount: api.getCartCount }));

const { $cart, $cartCount, addToBag, ensureCartCount, restoreCartCount } = await import('./add-to-bag.ts');

const cart = (count: number) => ({ count, products: [] }) as unknown as Cart;

beforeEach(() => {
  sessionStorage.clear();
  api.getCartCount.mockReset();
  api.addToCart.mockReset();
  restoreCartCount();
  $cart.set(undefined);
});

describe('the bag count', () => {
  it('is fetched once, then cached for the tab session', async () => {
    api.getCartCount.mockResolvedValue(3);
    await Promise.all([ensureCartCount(), ensureCartCount()]);
    await ensureCartCount();
    expect(api.getCartCount).toHaveBeenCalledTimes(1);
    expect($cartCount.get()).toEqual({ count: 3, cached: true });

    // A new page in the same tab restores it without asking the server.
    $cartCount.set({ count: 0, cached: false });
    restoreCartCount();
    await ensureCartCount();
    expect($cartCount.get()).toEqual({ count: 3, cached: true });
    expect(api.getCartCount).toHaveBeenCalledTimes(1);
  });

  it('clears the cart when fetching it fails', async () => {
    $cart.set(cart(2));
    api.getCartCount.mockRejectedValue(new DataNotFoundError('count not found.', { status: 503 }));
    await ensureCartCount();
    expect($cartCount.get()).toEqual({ count: 0, cached: false });
    expect($cart.get()).toBeUndefined();
  });

  it('ignores a stored count of another shape', async () => {
    sessionStorage.setItem('cart-count:v1', JSON.stringify({ count: -4, cached: true }));
    restoreCartCount();
    expect($cartCount.get()).toEqual({ count: 0, cached: false });
  });
});

describe('adding to the bag', () => {
  it('updates the count from the cart the server answers', async () => {
    api.addToCart.mockResolvedValue(cart(5));
    await addToBag({ productId: 2, variantId: 7, qty: 1 });
    expect(api.addToCart).toHaveBeenCalledWith({ productId: 2, variantId: 7, addQty: 1 });
    expect($cartCount.get()).toEqual({ count: 5, cached: true });
    expect($cart.get()?.count).toBe(5);
  });

  it('never adds twice on a double tap', async () => {
    let resolve: (value: Cart) => void = () => {};
    api.addToCart.mockReturnValue(new Promise<Cart>((r) => (resolve = r)));
    const first = addToBag({ productId: 2, variantId: 7, qty: 1 });
    const second = addToBag({ productId: 2, variantId: 7, qty: 1 });
    resolve(cart(1));
    await Promise.all([first, second]);
    expect(api.addToCart).toHaveBeenCalledTimes(1);
  });

  it('leaves the count as it was when the server refuses', async () => {
    $cartCount.set({ count: 2, cached: true });
    api.addToCart.mockRejectedValue(
      new DataNotFoundError('cart not found.', { status: 409, code: 'OUT_OF_STOCK' }),
    );
    await expect(addToBag({ productId: 6, variantId: 1, qty: 1 })).rejects.toMatchObject({
      code: 'OUT_OF_STOCK',
    });
    expect($cartCount.get()).toEqual({ count: 2, cached: true });
  });
});

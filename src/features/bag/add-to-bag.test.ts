// @vitest-environment happy-dom

import type { Cart } from '../../lib/catalog/types.ts';
import { DataNotFoundError } from '../../lib/errors.ts';

const api = vi.hoisted(() => ({ getCartCount: vi.fn(), addToCart: vi.fn(), setReceiveLean: vi.fn() }));
vi.mock('../../lib/catalog/cart-lean.ts', () => ({ getCartCount: api.getCartCount }));
vi.mock('../../lib/catalog/cart-add.ts', () => ({
  addToCart: api.addToCart,
  setReceiveLean: api.setReceiveLean,
}));

const { addToBag } = await import('./add-to-bag.ts');
const { $bag, $bagCount, clearBag, ensureBagCount, restoreBagCount, setBagFromServer } = await import(
  './bag-store.ts'
);

const { enterChat } = await import('../../lib/mode.ts');

const bag = (count: number) => ({ count, products: [] }) as unknown as Cart;

/** A bag of one new line of variant 7, shipped (the API's default), with `stockInShop` in the store. */
const bagOfNewLine = (stockInShop: number, receive: 'store' | 'ship' = 'ship') =>
  ({
    count: 1,
    products: [{ id: 2, selectVariantId: 7, qty: 1, receive, variants: [{ id: 7, stockInShop }] }],
  }) as unknown as Cart;

beforeEach(() => {
  sessionStorage.clear();
  api.getCartCount.mockReset();
  api.addToCart.mockReset();
  api.setReceiveLean.mockReset();
  restoreBagCount();
  $bag.set(undefined);
});

describe('the bag count', () => {
  it('is fetched once, then cached for the tab session', async () => {
    api.getCartCount.mockResolvedValue(3);
    await Promise.all([ensureBagCount(), ensureBagCount()]);
    await ensureBagCount();
    expect(api.getCartCount).toHaveBeenCalledTimes(1);
    expect($bagCount.get()).toEqual({ count: 3, cached: true });

    // A new page in the same tab starts from nothing and restores it without asking the server.
    const stored = sessionStorage.getItem('bag-count:v1') ?? '';
    clearBag();
    expect($bagCount.get()).toEqual({ count: 0, cached: false });
    sessionStorage.setItem('bag-count:v1', stored);
    restoreBagCount();
    await ensureBagCount();
    expect($bagCount.get()).toEqual({ count: 3, cached: true });
    expect(api.getCartCount).toHaveBeenCalledTimes(1);
  });

  it('clears the bag when fetching it fails', async () => {
    $bag.set(bag(2));
    api.getCartCount.mockRejectedValue(new DataNotFoundError('count not found.', { status: 503 }));
    await ensureBagCount();
    expect($bagCount.get()).toEqual({ count: 0, cached: false });
    expect($bag.get()).toBeUndefined();
  });

  it('ignores a stored count of another shape', async () => {
    sessionStorage.setItem('bag-count:v1', JSON.stringify({ count: -4, cached: true }));
    restoreBagCount();
    expect($bagCount.get()).toEqual({ count: 0, cached: false });
  });
});

describe('adding to the bag', () => {
  it('updates the count from the bag the server answers', async () => {
    api.addToCart.mockResolvedValue(bag(5));
    await addToBag({ productId: 2, variantId: 7, qty: 1 });
    expect(api.addToCart).toHaveBeenCalledWith({ productId: 2, variantId: 7, addQty: 1 });
    expect($bagCount.get()).toEqual({ count: 5, cached: true });
    expect($bag.get()?.count).toBe(5);
  });

  it("keeps the API's receive on the web catalogue, even when the store has the item", async () => {
    api.addToCart.mockResolvedValue(bagOfNewLine(3));
    await addToBag({ productId: 2, variantId: 7, qty: 1 });
    expect(api.setReceiveLean).not.toHaveBeenCalled();
    expect($bag.get()?.products[0]?.receive).toBe('ship');
  });

  it('never adds twice on a double tap', async () => {
    let resolve: (value: Cart) => void = () => {};
    api.addToCart.mockReturnValue(new Promise<Cart>((r) => (resolve = r)));
    const first = addToBag({ productId: 2, variantId: 7, qty: 1 });
    const second = addToBag({ productId: 2, variantId: 7, qty: 1 });
    resolve(bag(1));
    await Promise.all([first, second]);
    expect(api.addToCart).toHaveBeenCalledTimes(1);
  });

  it('leaves the count as it was when the server refuses', async () => {
    setBagFromServer(bag(2));
    api.addToCart.mockRejectedValue(
      new DataNotFoundError('cart not found.', { status: 409, code: 'OUT_OF_STOCK' }),
    );
    await expect(addToBag({ productId: 6, variantId: 1, qty: 1 })).rejects.toMatchObject({
      code: 'OUT_OF_STOCK',
    });
    expect($bagCount.get()).toEqual({ count: 2, cached: true });
  });
});

describe('adding to the bag from chat', () => {
  it('turns a new line the store has to store pickup, in the visitor language', async () => {
    api.addToCart.mockResolvedValue(bagOfNewLine(3));
    api.setReceiveLean.mockResolvedValue(bagOfNewLine(3, 'store'));
    await addToBag({ productId: 2, variantId: 7, qty: 1 }, 'en');
    expect(api.setReceiveLean).toHaveBeenCalledWith({
      productId: 2,
      variantId: 7,
      receive: 'store',
      lang: 'en',
    });
    expect($bag.get()?.products[0]?.receive).toBe('store');
  });

  it('leaves a line the store does not have shipped', async () => {
    api.addToCart.mockResolvedValue(bagOfNewLine(0));
    await addToBag({ productId: 2, variantId: 7, qty: 1 }, 'zh');
    expect(api.setReceiveLean).not.toHaveBeenCalled();
    expect($bag.get()?.products[0]?.receive).toBe('ship');
  });

  it('keeps the added line, shipped, when the change of receive fails', async () => {
    api.addToCart.mockResolvedValue(bagOfNewLine(3));
    api.setReceiveLean.mockRejectedValue(
      new DataNotFoundError('product receive not found.', { status: 503 }),
    );
    await expect(addToBag({ productId: 2, variantId: 7, qty: 1 }, 'ko')).resolves.toMatchObject({
      count: 1,
    });
    expect($bag.get()?.products[0]?.receive).toBe('ship');
  });
});

// Chat mode lasts for the page's life (mode.ts), so this runs last: everything above is the web catalogue.
describe('adding to the bag in chat mode without a language', () => {
  beforeAll(() => enterChat('en'));

  it("keeps the API's receive: only the caller's language turns a line to store pickup", async () => {
    api.addToCart.mockResolvedValue(bagOfNewLine(3));
    await addToBag({ productId: 2, variantId: 7, qty: 1 });
    expect(api.setReceiveLean).not.toHaveBeenCalled();
  });
});

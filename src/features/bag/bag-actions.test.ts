// @vitest-environment happy-dom
import { bag, cartLine } from '../../../tests/fixtures/catalogue.ts';
import { leaveChat } from '../../../tests/fixtures/mode.ts';
import type { Cart } from '../../lib/catalog/types.ts';
import { DataNotFoundError } from '../../lib/errors.ts';
import { enterChat } from '../../lib/mode.ts';

const api = vi.hoisted(() => ({
  getCartCount: vi.fn(),
  addToCart: vi.fn(),
  checkCart: vi.fn(),
  setCartQty: vi.fn(),
  setCartReceive: vi.fn(),
  setCartWrapping: vi.fn(),
  issueCartQr: vi.fn(),
}));
vi.mock('../../lib/catalog/cart-bag.ts', () => api);

const { $bagPending, changeQty, changeReceive, changeWrapping } = await import('./bag-actions.ts');
const { issueQr } = await import('./bag-qr.ts');
const { $bagLoad, loadBag, restoreBag } = await import('./bag-load.ts');
const { $bag, $bagCount } = await import('./bag-store.ts');
const { $notification, closeNotification } = await import('../site/index.ts');

const LINE = { productId: 1, variantId: 11 };

function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  let reject: (error: unknown) => void = () => {};
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

beforeEach(() => {
  for (const fn of Object.values(api)) fn.mockReset();
  sessionStorage.clear();
  closeNotification();
  $bag.set(bag());
  $bagPending.set(new Set());
});
afterEach(leaveChat);

describe('reading the bag', () => {
  it('takes the server’s bag and count', async () => {
    api.checkCart.mockResolvedValue(bag());
    await loadBag();
    expect($bagLoad.get()).toBe('ready');
    expect($bagCount.get()).toEqual({ count: 3, cached: true });
  });

  it('clears the bag when fetching it fails', async () => {
    api.checkCart.mockRejectedValue(new DataNotFoundError('cart not found.', { status: 503 }));
    await loadBag();
    expect($bagLoad.get()).toBe('failed');
    expect($bag.get()).toBeUndefined();
    expect($bagCount.get()).toEqual({ count: 0, cached: false });
  });
});

describe('the bag the visitor already holds', () => {
  it('is the last bag the server gave in this tab, drawn at once on the next page, then read again', async () => {
    const held = bag();
    api.checkCart.mockResolvedValue(held);
    await loadBag();
    // The next page: a new document, the bag only in the tab's storage.
    $bag.set(undefined);
    restoreBag();
    expect($bag.get()).toEqual(held);
    const fresh = { ...held, count: 4 };
    api.checkCart.mockResolvedValue(fresh);
    await loadBag();
    expect($bag.get()).toEqual(fresh);
  });

  it('is what an added product left, the bag the server answered the add with', async () => {
    api.setCartQty.mockResolvedValue({ ...bag(), count: 5 });
    await changeQty({ ...LINE, title: '季節の焼き菓子詰め合わせ' } as never, 5);
    $bag.set(undefined);
    restoreBag();
    expect($bag.get()?.count).toBe(5);
  });

  it('is nothing once the bag was cleared, or when what is stored is not a bag', async () => {
    api.checkCart.mockRejectedValue(new DataNotFoundError('cart not found.', { status: 503 }));
    await loadBag();
    restoreBag();
    expect($bag.get()).toBeUndefined();
    sessionStorage.setItem('bag:v1', JSON.stringify({ products: [{ id: 'x' }] }));
    restoreBag();
    expect($bag.get()).toBeUndefined();
  });
});

describe('changing the bag', () => {
  it("keeps a later change on screen when an earlier change's answer arrives first", async () => {
    const receive = deferred<Cart>();
    const wrapping = deferred<Cart>();
    api.setCartReceive.mockReturnValue(receive.promise);
    api.setCartWrapping.mockReturnValue(wrapping.promise);
    const first = changeReceive(LINE, 'store');
    const second = changeWrapping(true);
    expect($bag.get()?.wrapping).toBe(true);
    // The server answers the first change with a bag that does not know of the second yet.
    receive.resolve(bag({ products: [cartLine({ receive: 'store' })], wrapping: false }));
    await first;
    expect($bag.get()?.wrapping).toBe(true);
    expect($bag.get()?.products[0]?.receive).toBe('store');
    wrapping.resolve(bag({ products: [cartLine({ receive: 'store' })], wrapping: true }));
    await second;
    expect($bag.get()?.wrapping).toBe(true);
  });

  it("moves the header's count with a new quantity at once, before the server answers", async () => {
    api.checkCart.mockResolvedValue(bag());
    await loadBag();
    const answer = deferred<Cart>();
    api.setCartQty.mockReturnValue(answer.promise);
    const done = changeQty(LINE, 5);
    expect($bagCount.get().count).toBe($bag.get()?.count);
    expect($bagCount.get().count).not.toBe(3);
    answer.resolve(bag({ products: [cartLine({ qty: 5 })] }));
    await done;
  });

  it('shows a new quantity at once and then the server’s bag', async () => {
    const answer = deferred<Cart>();
    api.setCartQty.mockReturnValue(answer.promise);
    const done = changeQty(LINE, 3);
    expect($bag.get()?.products[0]).toMatchObject({ qty: 3, totalPrice: 3240 * 3 });
    expect($bagPending.get().has('qty:1:11')).toBe(true);
    const server = bag({
      products: [cartLine({ qty: 3 })],
      subtotal: 9720,
      grandTotal: 10600,
      shippingCharge: 880,
    });
    answer.resolve(server);
    expect(await done).toBe(true);
    expect($bag.get()).toEqual(server);
    expect($bagPending.get().size).toBe(0);
    expect(api.setCartQty).toHaveBeenCalledWith({ productId: 1, variantId: 11, qty: 3 });
  });

  it('never sends a double tap twice', async () => {
    const answer = deferred<Cart>();
    api.setCartQty.mockReturnValue(answer.promise);
    const first = changeQty(LINE, 2);
    const second = changeQty(LINE, 2);
    answer.resolve(bag());
    expect(await first).toBe(true);
    expect(await second).toBe(false);
    expect(api.setCartQty).toHaveBeenCalledTimes(1);
  });

  it('rolls a failed change back to the server’s bag and says so', async () => {
    const before = $bag.get();
    api.setCartQty.mockRejectedValue(
      new DataNotFoundError('product qty not found.', {
        status: 409,
        code: 'EXCEEDS_STOCK',
        cause: { code: 'EXCEEDS_STOCK', message: 'x', availableQty: 8 },
      }),
    );
    api.checkCart.mockResolvedValue(before);
    expect(await changeQty(LINE, 9)).toBe(false);
    expect($bag.get()).toEqual(before);
    expect($notification.get()).toMatchObject({
      tone: 'error',
      message: '在庫が残り8点のため、数量を変更できませんでした。バッグは変更前の状態のままです。',
    });
  });

  it('puts the bag back as it was when the server cannot be read either', async () => {
    const before = $bag.get();
    api.setCartWrapping.mockRejectedValue(
      new DataNotFoundError('cart not found.', { status: 0, code: 'NETWORK' }),
    );
    api.checkCart.mockRejectedValue(new DataNotFoundError('cart not found.', { status: 0, code: 'NETWORK' }));
    expect(await changeWrapping(true)).toBe(false);
    expect($bag.get()).toEqual(before);
    expect($notification.get()?.message).toContain('通信できませんでした');
  });

  it('sends changes one after another, so the last answer is the last change', async () => {
    const first = deferred<Cart>();
    api.setCartReceive.mockReturnValue(first.promise);
    api.setCartWrapping.mockResolvedValue(bag({ wrapping: true, wrappingFee: 330 }));
    const a = changeReceive(LINE, 'store');
    const b = changeWrapping(true);
    await Promise.resolve();
    expect(api.setCartWrapping).not.toHaveBeenCalled();
    first.resolve(bag());
    await Promise.all([a, b]);
    expect(api.setCartWrapping).toHaveBeenCalledTimes(1);
    expect($bag.get()?.wrapping).toBe(true);
  });

  it('sends any receive other than store as ship', async () => {
    api.setCartReceive.mockResolvedValue(bag());
    await changeReceive(LINE, 'pickup');
    expect(api.setCartReceive).toHaveBeenCalledWith({ productId: 1, variantId: 11, receive: 'ship' });
  });

  it('removes a line with quantity 0', async () => {
    api.setCartQty.mockResolvedValue(bag({ products: [] }));
    const done = changeQty(LINE, 0);
    expect($bag.get()?.products.map((p) => p.id)).toEqual([2]);
    await done;
    expect(api.setCartQty).toHaveBeenCalledWith({ productId: 1, variantId: 11, qty: 0 });
  });
});

describe('issuing the QR', () => {
  it('gives the draft order alias', async () => {
    api.issueCartQr.mockResolvedValue({ draftOrderAlias: 'Q'.repeat(32) });
    expect(await issueQr()).toEqual({ ok: true, draftOrderAlias: 'Q'.repeat(32) });
  });

  it('is refused for a bag with warnings, which then show on their lines', async () => {
    const warning = [
      { productId: 1, variantId: 11, title: 'x', reason: 'OUT_OF_STOCK' as const, availableQty: 0 },
    ];
    api.issueCartQr.mockRejectedValue(
      new DataNotFoundError('draft order not found.', {
        status: 409,
        code: 'CART_HAS_WARNINGS',
        cause: { code: 'CART_HAS_WARNINGS', message: 'x', warning },
      }),
    );
    api.checkCart.mockResolvedValue(bag({ warning }));
    const result = await issueQr();
    expect(result).toMatchObject({ ok: false, warning });
    expect(result?.ok === false && result.message).toContain('在庫の確認が必要な商品');
    expect($bag.get()?.warning).toEqual(warning);
  });

  it('ignores a second tap while the first is on its way', async () => {
    const answer = deferred<{ draftOrderAlias: string }>();
    api.issueCartQr.mockReturnValue(answer.promise);
    const first = issueQr();
    expect(await issueQr()).toBeUndefined();
    answer.resolve({ draftOrderAlias: 'Q'.repeat(32) });
    await first;
    expect(api.issueCartQr).toHaveBeenCalledTimes(1);
  });
});

describe('the language the bag speaks with the API', () => {
  it('is the catalogue’s own on the web: no lang, and the QR is not from chat', async () => {
    api.checkCart.mockResolvedValue(bag());
    api.setCartQty.mockResolvedValue(bag());
    api.setCartReceive.mockResolvedValue(bag());
    api.setCartWrapping.mockResolvedValue(bag());
    api.issueCartQr.mockResolvedValue({ draftOrderAlias: 'Q'.repeat(32) });
    await loadBag();
    await changeQty(LINE, 2);
    await changeReceive(LINE, 'store');
    await changeWrapping(true);
    await issueQr();
    expect(api.checkCart).toHaveBeenCalledWith(undefined);
    expect(api.setCartQty).toHaveBeenCalledWith({ productId: 1, variantId: 11, qty: 2 });
    expect(api.setCartReceive).toHaveBeenCalledWith({ productId: 1, variantId: 11, receive: 'store' });
    expect(api.setCartWrapping).toHaveBeenCalledWith(true, undefined);
    expect(api.issueCartQr).toHaveBeenCalledWith({});
  });

  it('is the visitor’s in chat mode, on every call, and the QR is marked as from chat', async () => {
    enterChat('zh');
    api.checkCart.mockResolvedValue(bag());
    api.setCartQty.mockResolvedValue(bag());
    api.setCartReceive.mockResolvedValue(bag());
    api.setCartWrapping.mockResolvedValue(bag());
    api.issueCartQr.mockResolvedValue({ draftOrderAlias: 'Q'.repeat(32) });
    await loadBag();
    await changeQty(LINE, 2);
    await changeReceive(LINE, 'store');
    await changeWrapping(true);
    await issueQr();
    expect(api.checkCart).toHaveBeenCalledWith('zh');
    expect(api.setCartQty).toHaveBeenCalledWith({ productId: 1, variantId: 11, qty: 2, lang: 'zh' });
    expect(api.setCartReceive).toHaveBeenCalledWith({
      productId: 1,
      variantId: 11,
      receive: 'store',
      lang: 'zh',
    });
    expect(api.setCartWrapping).toHaveBeenCalledWith(true, 'zh');
    expect(api.issueCartQr).toHaveBeenCalledWith({ lang: 'zh', via: 'chat' });
  });

  it('is the visitor’s when a failed change reads the bag again', async () => {
    enterChat('ko');
    api.setCartWrapping.mockRejectedValue(new DataNotFoundError('cart not found.', { status: 503 }));
    api.checkCart.mockResolvedValue(bag());
    await changeWrapping(true);
    expect(api.checkCart).toHaveBeenCalledWith('ko');
  });
});

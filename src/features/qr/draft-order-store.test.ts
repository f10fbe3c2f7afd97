// @vitest-environment happy-dom
import { confirmation } from '../../../tests/fixtures/catalogue.ts';
import { DataNotFoundError } from '../../lib/errors.ts';

const api = vi.hoisted(() => ({ getCartConfirmation: vi.fn(), getDraftOrderStatus: vi.fn() }));
vi.mock('../../lib/catalog/cart.ts', () => api);

const { $qr, POLL_INTERVAL_MS, watchDraftOrder } = await import('./draft-order-store.ts');

const ALIAS = 'D'.repeat(32);
const EXPIRES = '2026-11-21T05:15:00.000Z';
const pending = { draftOrderAlias: ALIAS, status: 'pending', expiresAt: EXPIRES };

let visibility: DocumentVisibilityState = 'visible';
const navigate = vi.fn();

beforeEach(() => {
  vi.useFakeTimers();
  api.getCartConfirmation.mockReset();
  api.getDraftOrderStatus.mockReset();
  navigate.mockReset();
  visibility = 'visible';
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
});
afterEach(() => vi.useRealTimers());

async function ready() {
  api.getCartConfirmation.mockResolvedValue(confirmation());
  api.getDraftOrderStatus.mockResolvedValue(pending);
  const watch = watchDraftOrder(ALIAS, { navigate, document });
  await vi.advanceTimersByTimeAsync(0);
  expect($qr.get().kind).toBe('ready');
  return watch;
}

describe('the QR page’s draft order', () => {
  it('shows the confirmation and polls the status every 3 s', async () => {
    const watch = await ready();
    expect(api.getDraftOrderStatus).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(api.getDraftOrderStatus).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 2);
    expect(api.getDraftOrderStatus).toHaveBeenCalledTimes(3);
    watch.stop();
  });

  it('moves on to the order page when the store counter completes the payment', async () => {
    await ready();
    api.getDraftOrderStatus.mockResolvedValue({
      ...pending,
      status: 'completed',
      orderAlias: 'O'.repeat(32),
    });
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(navigate).toHaveBeenCalledWith(`/order/${'O'.repeat(32)}/`);
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 5);
    expect(api.getDraftOrderStatus).toHaveBeenCalledTimes(1);
  });

  it('goes to /qr/timeout/ when the server says it expired', async () => {
    await ready();
    api.getDraftOrderStatus.mockResolvedValue({ ...pending, status: 'expired' });
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(navigate).toHaveBeenCalledWith('/qr/timeout/');
  });

  it('says so when a newer QR replaced it', async () => {
    await ready();
    api.getDraftOrderStatus.mockResolvedValue({ ...pending, status: 'cancelled' });
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect($qr.get()).toEqual({ kind: 'refused', code: 'REPLACED' });
  });

  it('stops polling while hidden and asks at once when visible again', async () => {
    const watch = await ready();
    visibility = 'hidden';
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS * 10);
    expect(api.getDraftOrderStatus).not.toHaveBeenCalled();
    visibility = 'visible';
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(0);
    expect(api.getDraftOrderStatus).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect(api.getDraftOrderStatus).toHaveBeenCalledTimes(2);
    watch.stop();
  });

  it('keeps trying when a poll fails, and says it is offline meanwhile', async () => {
    const watch = await ready();
    api.getDraftOrderStatus.mockRejectedValueOnce(
      new DataNotFoundError('draft order not found.', { status: 0 }),
    );
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect($qr.get()).toMatchObject({ kind: 'ready', offline: true });
    await vi.advanceTimersByTimeAsync(POLL_INTERVAL_MS);
    expect($qr.get()).toMatchObject({ kind: 'ready', offline: false });
    watch.stop();
  });

  it('takes the server’s expiresAt and can be asked at once (countdown at zero)', async () => {
    const watch = await ready();
    api.getDraftOrderStatus.mockResolvedValue({ ...pending, expiresAt: '2026-11-21T05:16:00.000Z' });
    watch.pollNow();
    await vi.advanceTimersByTimeAsync(0);
    expect($qr.get()).toMatchObject({ kind: 'ready', expiresAt: '2026-11-21T05:16:00.000Z' });
    watch.stop();
  });

  it('turns each errorCode of the confirmation into its screen', async () => {
    api.getCartConfirmation.mockResolvedValueOnce({ errorCode: 'NOT_FOUND' });
    watchDraftOrder(ALIAS, { navigate, document });
    await vi.advanceTimersByTimeAsync(0);
    expect($qr.get()).toEqual({ kind: 'error', status: 404 });

    api.getCartConfirmation.mockResolvedValueOnce({ errorCode: 'STOCK_CHANGED' });
    watchDraftOrder(ALIAS, { navigate, document });
    await vi.advanceTimersByTimeAsync(0);
    expect($qr.get()).toEqual({ kind: 'refused', code: 'STOCK_CHANGED' });

    api.getCartConfirmation.mockResolvedValueOnce({ errorCode: 'EXPIRED' });
    watchDraftOrder(ALIAS, { navigate, document });
    await vi.advanceTimersByTimeAsync(0);
    expect(navigate).toHaveBeenLastCalledWith('/qr/timeout/');

    api.getCartConfirmation.mockResolvedValueOnce({ errorCode: 'COMPLETED', orderAlias: 'O'.repeat(32) });
    watchDraftOrder(ALIAS, { navigate, document });
    await vi.advanceTimersByTimeAsync(0);
    expect(navigate).toHaveBeenLastCalledWith(`/order/${'O'.repeat(32)}/`);
  });

  it('shows the error screen with the status when the confirmation cannot be read', async () => {
    api.getCartConfirmation.mockRejectedValueOnce(
      new DataNotFoundError('draft order not found.', { status: 503 }),
    );
    watchDraftOrder(ALIAS, { navigate, document });
    await vi.advanceTimersByTimeAsync(0);
    expect($qr.get()).toEqual({ kind: 'error', status: 503 });
  });
});

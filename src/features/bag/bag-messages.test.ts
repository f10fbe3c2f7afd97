import { DataNotFoundError } from '../../lib/errors.ts';
import { bagErrorMessage, warningMessage } from './bag-messages.ts';

const apiError = (status: number, body: object = {}) =>
  new DataNotFoundError('product qty not found.', {
    status,
    code: (body as { code?: string }).code,
    cause: body,
  });

describe('bag messages', () => {
  it('says on a line why it cannot be ordered', () => {
    const base = { productId: 1, variantId: 1, title: 'x' };
    expect(warningMessage({ ...base, reason: 'OUT_OF_STOCK', availableQty: 0 })).toContain(
      '在庫がなくなりました',
    );
    expect(warningMessage({ ...base, reason: 'EXCEEDS_STOCK', availableQty: 2 })).toBe(
      '在庫が残り2点です。数量を2点以下にしてください。',
    );
    expect(warningMessage({ ...base, reason: 'EXCEEDS_STORE_STOCK', availableQty: 1 })).toContain(
      '配送に変更',
    );
  });

  it('asks for delivery, not a smaller quantity, when the store holds none', () => {
    const base = { productId: 1, variantId: 1, title: 'x' };
    const none = warningMessage({ ...base, reason: 'EXCEEDS_STORE_STOCK', availableQty: 0 });
    expect(none).toBe('店頭在庫がありません。配送に変更してください。');
    expect(warningMessage({ ...base, reason: 'EXCEEDS_STOCK', availableQty: 0 })).toContain(
      '在庫がなくなりました',
    );
  });

  it('gives each API error a clear Japanese message', () => {
    expect(bagErrorMessage(apiError(409, { code: 'EXCEEDS_STOCK', availableQty: 3 }))).toBe(
      '在庫が残り3点のため、数量を変更できませんでした。',
    );
    expect(bagErrorMessage(apiError(409, { code: 'OUT_OF_STOCK' }))).toContain('在庫がなくなりました');
    expect(bagErrorMessage(apiError(409, { code: 'CART_HAS_WARNINGS', warning: [] }))).toContain(
      'QRコードを発行できません',
    );
    expect(bagErrorMessage(apiError(409, { code: 'CART_EMPTY' }))).toContain('バッグに商品がない');
    expect(bagErrorMessage(apiError(404, { code: 'NOT_FOUND' }))).toContain('すでにバッグにありません');
    expect(bagErrorMessage(apiError(503))).toContain('サーバーで問題');
    expect(
      bagErrorMessage(new DataNotFoundError('cart not found.', { status: 0, code: 'NETWORK' })),
    ).toContain('通信できませんでした');
    expect(bagErrorMessage(new Error('boom'))).toContain('通信できませんでした');
    expect(bagErrorMessage(apiError(400))).toContain('変更できませんでした');
  });
});

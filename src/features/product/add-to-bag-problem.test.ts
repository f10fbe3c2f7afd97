import { DataNotFoundError } from '../../lib/errors.ts';
import { addToBagProblem } from './add-to-bag-problem.ts';

describe('add-to-bag failures', () => {
  const fail = (status: number, code?: string) =>
    new DataNotFoundError('cart not found.', { status, code, endpoint: 'POST /catalog/cart/product' });

  it('says when the variant is out of stock or the bag would exceed the stock', () => {
    expect(addToBagProblem(fail(409, 'OUT_OF_STOCK'))).toBe('outOfStock');
    expect(addToBagProblem(fail(409, 'EXCEEDS_STOCK'))).toBe('exceedsStock');
    expect(addToBagProblem(fail(409, 'QTY_LIMIT'))).toBe('qtyLimit');
  });

  it('tells a network failure from a server refusal', () => {
    expect(addToBagProblem(fail(0, 'NETWORK'))).toBe('network');
    expect(addToBagProblem(fail(504, 'TIMEOUT'))).toBe('network');
    expect(addToBagProblem(new TypeError('Failed to fetch'))).toBe('network');
    expect(addToBagProblem(fail(503, 'FAULT_INJECTED'))).toBe('failed');
    expect(addToBagProblem(fail(404, 'NOT_FOUND'))).toBe('gone');
  });
});

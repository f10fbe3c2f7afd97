import type { Cart } from '../../lib/catalog/types.ts';
import { normalizeReceive, storePickupByDefault } from './receive.ts';

describe('receive per bag line', () => {
  it('is store only when the line says store', () => {
    expect(normalizeReceive('store')).toBe('store');
  });

  it('treats ship and any other value as ship', () => {
    for (const value of ['ship', 'STORE', 'pickup', '', null, undefined, 1, {}]) {
      expect(normalizeReceive(value), String(value)).toBe('ship');
    }
  });
});

describe('store pickup by default in chat mode', () => {
  const bagWith = (line: { qty: number; receive: 'store' | 'ship'; stockInShop: number }) =>
    ({
      products: [
        {
          id: 2,
          selectVariantId: 7,
          qty: line.qty,
          receive: line.receive,
          variants: [
            { id: 6, stockInShop: 0 },
            { id: 7, stockInShop: line.stockInShop },
          ],
        },
      ],
    }) as unknown as Cart;
  const added = { productId: 2, variantId: 7, qty: 1 };

  it('turns a new line to the store when the store has it', () => {
    expect(storePickupByDefault(bagWith({ qty: 1, receive: 'ship', stockInShop: 3 }), added)).toBe(true);
    expect(storePickupByDefault(bagWith({ qty: 1, receive: 'ship', stockInShop: 1 }), added)).toBe(true);
  });

  it('ships a line the store does not have', () => {
    expect(storePickupByDefault(bagWith({ qty: 1, receive: 'ship', stockInShop: 0 }), added)).toBe(false);
  });

  it('leaves a line the shopper had already (a choice may have been made)', () => {
    expect(storePickupByDefault(bagWith({ qty: 2, receive: 'ship', stockInShop: 5 }), added)).toBe(false);
  });

  it('leaves a line already picked up in store, or not in the bag', () => {
    expect(storePickupByDefault(bagWith({ qty: 1, receive: 'store', stockInShop: 5 }), added)).toBe(false);
    expect(storePickupByDefault({ products: [] }, added)).toBe(false);
  });
});

import { cartLine, shipment, variant } from '../../../tests/fixtures/catalogue.ts';
import { lineView, optionText, variantLabel } from './bag-lines.ts';
import { summaryOfOrderLine } from './bag-summaries.ts';

describe('a bag line as shown', () => {
  it('has the title, the variant, the unit price and the line total, tax included', () => {
    const view = lineView(cartLine({ qty: 3, price: 3240, totalPrice: 9720 }));
    expect(view).toMatchObject({
      key: '1:11',
      title: '季節の焼き菓子詰め合わせ',
      variantLabel: '容量：500ml',
      unitPrice: '¥3,240（税込）',
      lineTotal: '¥9,720（税込）',
      qty: 3,
      receive: 'ship',
    });
  });

  it('offers up to the stock, at most 99, and never less than the quantity it has', () => {
    expect(lineView(cartLine()).maxQty).toBe(8);
    const plenty = cartLine();
    plenty.variants = [variant({ totalStock: 500 })];
    expect(lineView(plenty).maxQty).toBe(99);
    const over = cartLine({ qty: 5 });
    over.variants = [variant({ totalStock: 2 })];
    expect(lineView(over).maxQty).toBe(5);
  });

  it('carries the warning that concerns it, and only that one', () => {
    const warning = {
      productId: 1,
      variantId: 11,
      title: 'x',
      reason: 'EXCEEDS_STOCK' as const,
      availableQty: 2,
    };
    const other = { ...warning, productId: 2, variantId: 21 };
    expect(lineView(cartLine(), [other, warning]).warning).toBe(warning);
    expect(lineView(cartLine(), [other]).warning).toBeUndefined();
  });

  it('treats an unknown receive as ship', () => {
    expect(lineView(cartLine({ receive: 'pickup' as never })).receive).toBe('ship');
  });

  it('writes an option as the product page does, in Japanese with the full-width colon (個数：6個入)', () => {
    const options = [
      { name: 'count', value: '6', displayName: '個数', displayValue: '6個入' },
      { name: 'flavor', value: 'matcha', displayName: '味', displayValue: '抹茶' },
    ];
    expect(variantLabel(variant({ options }))).toBe('個数：6個入 / 味：抹茶');
  });

  it('writes an option as the page’s language does: full-width in Japanese and Chinese, else a colon and a space', () => {
    expect(optionText('個数', '6個入', 'ja')).toBe('個数：6個入');
    expect(optionText('数量', '6个装', 'zh-Hans')).toBe('数量：6个装');
    expect(optionText('Size', '6 pcs', 'en')).toBe('Size: 6 pcs');
    expect(optionText('수량', '6개입', 'ko')).toBe('수량: 6개입');
  });

  it('names a variant by its options, else its title, else nothing for the default one', () => {
    expect(variantLabel(variant({ options: [] }))).toBe('500ml');
    expect(variantLabel(variant({ options: [], title: 'Default Title' }))).toBe('');
    expect(variantLabel(undefined)).toBe('');
  });

  it('reads an order line the same way', () => {
    expect(summaryOfOrderLine(shipment().lines[0] as never)).toMatchObject({
      key: '1:11',
      variantLabel: '500ml',
      price: 3240,
      receive: 'ship',
    });
  });
});

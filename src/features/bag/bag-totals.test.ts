import { localeStrings } from '../../i18n/build-time.ts';
import { choicePrices, totalRows } from './bag-totals.ts';

const shown = (rows: ReturnType<typeof totalRows>) => rows.map((row) => [row.label, row.value]);

describe('the totals display', () => {
  it('shows the subtotal, shipping, wrapping and the tax-inclusive grand total as the server figured them', () => {
    const rows = totalRows(
      { subtotal: 8740, shippingCharge: 880, wrappingFee: 330, grandTotal: 9950 },
      { anyShipped: true, wrapping: true },
    );
    expect(shown(rows)).toEqual([
      ['商品小計', '¥8,740（税込）'],
      ['送料', '¥880（税込）'],
      ['ギフトラッピング', '¥330（税込）'],
      ['お支払い金額', '¥9,950（税込）'],
    ]);
    expect(rows.filter((row) => row.emphasis).map((row) => row.key)).toEqual(['grandTotal']);
  });

  it('names the total of a paid order as paid, not as a total to pay', () => {
    const rows = totalRows(
      { subtotal: 8740, shippingCharge: 880, wrappingFee: 0, grandTotal: 9620 },
      { anyShipped: true, wrapping: false, paid: true },
    );
    expect(shown(rows).at(-1)).toEqual(['お支払い済み金額', '¥9,620（税込）']);
    expect(rows.at(-1)?.emphasis).toBe(true);
  });

  it('says 無料 when shipped lines travel free', () => {
    const rows = totalRows(
      { subtotal: 12000, shippingCharge: 0, wrappingFee: 0, grandTotal: 12000 },
      { anyShipped: true, wrapping: false },
    );
    expect(shown(rows)).toEqual([
      ['商品小計', '¥12,000（税込）'],
      ['送料', '無料'],
      ['お支払い金額', '¥12,000（税込）'],
    ]);
  });

  it('leaves out shipping when every line is picked up, and wrapping when it is off', () => {
    const rows = totalRows(
      { subtotal: 3240, shippingCharge: 0, wrappingFee: 0, grandTotal: 3240 },
      { anyShipped: false, wrapping: false },
    );
    expect(rows.map((row) => row.key)).toEqual(['subtotal', 'grandTotal']);
  });

  it('never hides a charge the server made, whatever the context says', () => {
    const rows = totalRows(
      { subtotal: 1000, shippingCharge: 880, wrappingFee: 330, grandTotal: 2210 },
      { anyShipped: false, wrapping: false },
    );
    expect(rows.map((row) => row.key)).toEqual(['subtotal', 'shipping', 'wrapping', 'grandTotal']);
  });
});

describe('the grand total', () => {
  it.each([
    ['ja', localeStrings('ja')],
    ['en', localeStrings('en')],
    ['zh', localeStrings('zh')],
    ['ko', localeStrings('ko')],
  ])('says tax included once on its line, with the amount (%s)', (_, strings) => {
    const taxWords = strings['price.taxIncluded'].replace('{price}', '');
    const line = `${strings['bag.totals.grandTotal']} ${strings['price.taxIncluded'].replace('{price}', '¥9,950')}`;
    expect(line.split(taxWords).length - 1).toBe(1);
  });
});

describe('the prices beside the choices', () => {
  const rates = { shippingCharge: 880, freeShippingFrom: 11_000, wrappingFee: 330 };

  const stored = [{ receive: 'store' as const }, { receive: 'store' as const }];

  it('names the shipping charge and the wrapping fee before either is chosen', () => {
    expect(choicePrices({ rates, subtotal: 3240, products: stored })).toEqual({
      ship: '送料 ¥880（税込）',
      wrapping: '料金 ¥330（税込）',
    });
  });

  it('says shipping is free once the subtotal ships free', () => {
    expect(choicePrices({ rates, subtotal: 11_000, products: stored }).ship).toBe('送料無料');
  });

  it('names the shipping charge on no line once a line ships: it is charged once per order, in the totals', () => {
    const oneShipped = [{ receive: 'ship' as const }, { receive: 'store' as const }];
    expect(choicePrices({ rates, subtotal: 3240, products: oneShipped })).toEqual({
      ship: undefined,
      wrapping: '料金 ¥330（税込）',
    });
  });

  it('shows no price when the API gives no rates', () => {
    expect(choicePrices({ subtotal: 3240, products: stored })).toEqual({
      ship: undefined,
      wrapping: undefined,
    });
  });
});

import { formatPrice, formatYen, priceDisplay } from './price.ts';

describe('price display', () => {
  it('shows yen with thousands separators', () => {
    expect(formatYen(0)).toBe('¥0');
    expect(formatYen(980)).toBe('¥980');
    expect(formatYen(1234)).toBe('¥1,234');
    expect(formatYen(1234567)).toBe('¥1,234,567');
  });

  it('marks prices as tax-inclusive', () => {
    expect(formatPrice(3240)).toBe('¥3,240（税込）');
  });

  it('refuses fractional yen', () => {
    expect(() => formatYen(10.5)).toThrow(TypeError);
  });

  it('strikes the compare-at price only when it exceeds the price', () => {
    expect(priceDisplay(2160, 2700)).toEqual({
      price: '¥2,160（税込）',
      compareAt: '¥2,700',
      percentOff: 20,
    });
    expect(priceDisplay(2160, 2160).compareAt).toBeUndefined();
    expect(priceDisplay(2160, 1000).compareAt).toBeUndefined();
    expect(priceDisplay(2160, null).compareAt).toBeUndefined();
  });
});

import { summaryPrice } from './list-price.ts';

describe('how a price reads in a list', () => {
  it('marks a range with 〜 and keeps a single price plain', () => {
    expect(summaryPrice({ price: 1080, maxPrice: 2160, compareAtPrice: null })).toEqual({
      price: '¥1,080（税込）〜',
      compareAt: undefined,
    });
    expect(summaryPrice({ price: 1080, maxPrice: 1080, compareAtPrice: null }).price).toBe('¥1,080（税込）');
  });

  it('strikes the regular price only when it exceeds the price', () => {
    expect(summaryPrice({ price: 2160, maxPrice: 2160, compareAtPrice: 2700 }).compareAt).toBe('¥2,700');
    expect(summaryPrice({ price: 2160, maxPrice: 2160, compareAtPrice: 2160 }).compareAt).toBeUndefined();
  });
});

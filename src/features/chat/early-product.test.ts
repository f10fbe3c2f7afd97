import { beforeEach, describe, expect, it, vi } from 'vitest';

const getProduct = vi.fn();
vi.mock('../../lib/catalog/product-lean.ts', () => ({ getProduct }));

const { askCarriedProduct, productFor } = await import('./early-product.ts');

describe("the product a redirect carried to chat, asked for before chat's strings arrive", () => {
  beforeEach(() => {
    getProduct.mockReset();
    // Nothing left over from a test before.
    getProduct.mockResolvedValue({ id: 0 });
    void productFor(0, 'en');
    getProduct.mockReset();
  });

  it('asks at once, and the product bubble takes that answer instead of asking again', async () => {
    getProduct.mockResolvedValueOnce({ id: 12, name: 'Tea' });
    askCarriedProduct('?productId=12', 'zh');
    expect(getProduct).toHaveBeenCalledWith(12, { lang: 'zh' });
    await expect(productFor(12, 'zh')).resolves.toEqual({ id: 12, name: 'Tea' });
    expect(getProduct).toHaveBeenCalledTimes(1);
  });

  it('gives the early answer once: a retry or another bubble asks anew', async () => {
    getProduct.mockResolvedValue({ id: 12 });
    askCarriedProduct('?productId=12', 'en');
    await productFor(12, 'en');
    await productFor(12, 'en');
    expect(getProduct).toHaveBeenCalledTimes(2);
  });

  it('asks anew for another product or language', async () => {
    getProduct.mockResolvedValue({ id: 1 });
    askCarriedProduct('?productId=12', 'en');
    await productFor(13, 'en');
    expect(getProduct).toHaveBeenLastCalledWith(13, { lang: 'en' });
  });

  it('asks nothing for an address without a product id, or with anything but digits', () => {
    for (const search of [
      '',
      '?brandId=3',
      '?productId=',
      '?productId=12abc',
      '?productId=-1',
      '?productId=1e3',
    ]) {
      askCarriedProduct(search, 'en');
    }
    expect(getProduct).not.toHaveBeenCalled();
  });

  it('leaves a failed answer to the bubble that takes it: never an unhandled rejection', async () => {
    const failure = new Error('offline');
    getProduct.mockRejectedValueOnce(failure);
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    askCarriedProduct('?productId=12', 'en');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(unhandled).not.toHaveBeenCalled();
    await expect(productFor(12, 'en')).rejects.toBe(failure);
    process.off('unhandledRejection', unhandled);
  });
});

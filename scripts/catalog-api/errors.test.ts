import { pathForLog } from './errors.ts';

describe('a request path in a log line', () => {
  it('never holds an alias in full', () => {
    const alias = 'AbCdEfGhIjKlMnOpQrStUvWx';
    expect(pathForLog(`/catalog/cart/qr/${alias}/status`)).toBe('/catalog/cart/qr/AbCd…/status');
    expect(pathForLog(`/catalog/shipments/${alias}/address`)).not.toContain(alias);
  });

  it('leaves ordinary paths as they are', () => {
    expect(pathForLog('/catalog/products/12')).toBe('/catalog/products/12');
    expect(pathForLog('/catalog/products-filters')).toBe('/catalog/products-filters');
  });
});

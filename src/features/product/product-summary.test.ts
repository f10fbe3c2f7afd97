import { sampleProduct as product, pricedVariant as variant } from '../../../tests/fixtures/catalogue.ts';
import { listedProduct, listedSummary, productSummary } from './product-summary.ts';

describe('a product in a list', () => {
  it('links to the product in the area it is seen from, or its first area', () => {
    expect(productSummary(product(3, [2, 4]), 4).href).toBe('/area/4/products/3/');
    expect(productSummary(product(3, [2, 4])).href).toBe('/area/2/products/3/');
  });

  it('shows the lowest and highest prices, and the regular price of the cheapest when it is on sale', () => {
    const summary = productSummary(
      product(1, [1], 1, [variant(1, 3000), variant(2, 2160, 5, 2700), variant(3, 5000, 5, 6000)]),
    );
    expect(summary).toMatchObject({ price: 2160, maxPrice: 5000, compareAtPrice: 2700, onSale: true });
  });

  it('has no regular price when only a dearer variant is on sale', () => {
    const summary = productSummary(product(1, [1], 1, [variant(1, 1000), variant(2, 2000, 5, 2500)]));
    expect(summary).toMatchObject({ compareAtPrice: null, onSale: true });
  });

  it('is sold out when every variant is, and has no image when the product has none', () => {
    const summary = productSummary(product(2, [1], 1, [variant(1, 1000, 0), variant(2, 1200, 0)]));
    expect(summary).toMatchObject({ soldOut: true, imageSrc: null });
  });
});

describe('a product as the build holds it for its lists', () => {
  const products = [
    product(1, [2, 4], 1, [variant(1, 3000), variant(2, 2160, 5, 2700)]),
    product(2, [1], 2, [variant(3, 1000, 0)]),
  ];

  it('gives the same summary as the whole product, field for field and in the same order', () => {
    for (const whole of products) {
      for (const areaId of [undefined, ...whole.areas]) {
        expect(JSON.stringify(listedSummary(listedProduct(whole), areaId))).toBe(
          JSON.stringify(productSummary(whole, areaId)),
        );
      }
    }
  });

  it('leaves out what only its own page shows: description, gallery, options', () => {
    const whole = { ...product(1, [1]), descriptionHtml: '<p>国産の抹茶を使った羊羹</p>' };
    const held = JSON.stringify(listedProduct(whole));
    expect(held).not.toContain('国産の抹茶');
    expect(held).not.toContain('shopify');
    expect(held).not.toContain('"sku"');
    expect(held).toContain('http://img.test/p/1.jpg');
  });
});

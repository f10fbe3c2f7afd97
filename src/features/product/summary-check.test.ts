import type { ProductSummary } from './product-summary.ts';
import { isProductSummary } from './summary-check.ts';

const summary: ProductSummary = {
  id: 2,
  areaId: 1,
  title: '本練り羊羹',
  tenantName: '京菓子司 香月堂',
  imageSrc: null,
  price: 2592,
  maxPrice: 4644,
  compareAtPrice: null,
  onSale: false,
  soldOut: false,
  href: '/area/1/products/2/',
};

describe('a stored product summary', () => {
  it('is accepted in its own shape', () => {
    expect(isProductSummary(summary)).toBe(true);
    expect(isProductSummary({ ...summary, imageSrc: 'http://img.test/p.jpg', compareAtPrice: 3000 })).toBe(
      true,
    );
  });

  it('is refused in any other', () => {
    expect(isProductSummary(null)).toBe(false);
    expect(isProductSummary({ ...summary, price: '2592' })).toBe(false);
    expect(isProductSummary({ ...summary, price: 10.5 })).toBe(false);
    expect(isProductSummary({ ...summary, href: 'javascript:alert(1)' })).toBe(false);
    expect(isProductSummary({ ...summary, href: '//evil.example/area/1/products/2/' })).toBe(false);
    const { soldOut: _, ...withoutSoldOut } = summary;
    expect(isProductSummary(withoutSoldOut)).toBe(false);
  });
});

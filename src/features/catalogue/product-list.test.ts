import { sampleProduct } from '../../../tests/fixtures/catalogue.ts';
import { listedProduct } from '../product/index.ts';
import { brandsInArea, firstPage } from './product-list.ts';

const product = (...args: Parameters<typeof sampleProduct>) => listedProduct(sampleProduct(...args));

describe("a list's first page", () => {
  const catalogue = [
    product(12, [1], 2),
    product(3, [1], 1),
    product(7, [2], 1),
    ...Array.from({ length: 12 }, (_, i) => product(20 + i, [1], 3)),
  ];

  it("is the API's first page: in the area, by id, 10 of them, with the total count", () => {
    const page = firstPage(catalogue, { areaId: 1 });
    expect(page.count).toBe(14);
    expect(page.products.map((p) => p.id)).toEqual([3, 12, 20, 21, 22, 23, 24, 25, 26, 27]);
  });

  it("is a brand's products in every area for a brand page", () => {
    const page = firstPage(catalogue, { tenantIds: [1] });
    expect(page.products.map((p) => [p.id, p.areaId])).toEqual([
      [3, 1],
      [7, 2],
    ]);
  });

  it("offers the area's brands in id order for the filter, without their descriptions", () => {
    expect(brandsInArea(catalogue, 1)).toEqual([
      {
        id: 1,
        name: 'ブランド1',
        logoSrc: 'http://img.test/t/1.png',
        officialSiteUrl: 'https://b1.example.jp/',
      },
      { id: 2, name: 'ブランド2', logoSrc: 'http://img.test/t/2.png', officialSiteUrl: null },
      {
        id: 3,
        name: 'ブランド3',
        logoSrc: 'http://img.test/t/3.png',
        officialSiteUrl: 'https://b3.example.jp/',
      },
    ]);
  });
});

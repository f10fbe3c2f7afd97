import type { Product, Variant } from '../../lib/catalog/types.ts';
import { brandsInArea, firstPage } from './product-list.ts';

const variant = (
  id: number,
  price: number,
  totalStock = 5,
  compareAtPrice: number | null = null,
): Variant => ({
  id,
  sku: `S-${id}`,
  title: `v${id}`,
  compareAtPrice,
  price,
  isSale: compareAtPrice !== null && compareAtPrice > price,
  stockInShop: 0,
  totalStock,
  imageId: null,
  image: null,
  options: [],
});

const tenant = (id: number) => ({
  id,
  name: `ブランド${id}`,
  logoSrc: `http://img.test/t/${id}.png`,
  description: '説明',
  officialSiteUrl: id === 2 ? null : `https://b${id}.example.jp/`,
});

function product(id: number, areas: number[], tenantId = 1, variants = [variant(id * 10, 1000)]): Product {
  return {
    id,
    shopifyProductId: `gid://shopify/Product/${id}`,
    images: id % 2 ? [{ id: id * 100, src: `http://img.test/p/${id}.jpg` }] : [],
    title: `商品${id}`,
    descriptionHtml: '',
    variants,
    tenant: tenant(tenantId),
    videoSrc: null,
    tags: [],
    stockInShop: 0,
    areas,
  };
}

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

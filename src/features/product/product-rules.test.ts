import type { Area, Product, Variant } from '../../lib/catalog/types.ts';
import {
  canonicalAreaId,
  duplicateProductPaths,
  isSoldOut,
  leadVariant,
  mainImage,
  productPagePaths,
} from './product-rules.ts';

const area = (id: number, place: Area['place']): Area => ({
  id,
  place,
  imageSrc: 'http://i.test/a.jpg',
  description: '',
});

const variant = (id: number, price: number, totalStock: number): Variant => ({
  id,
  sku: `SKU-${id}`,
  title: `v${id}`,
  compareAtPrice: null,
  price,
  isSale: false,
  stockInShop: 0,
  totalStock,
  imageId: null,
  image: null,
  options: [],
});

const product = (
  id: number,
  areas: number[],
  variants: Variant[] = [variant(id * 10, 1000, 1)],
): Product => ({
  id,
  shopifyProductId: `gid://shopify/Product/${id}`,
  images: [],
  title: `商品${id}`,
  descriptionHtml: '',
  variants,
  tenant: { id: 1, name: '藤乃屋', logoSrc: 'http://i.test/t.jpg', description: '', officialSiteUrl: null },
  videoSrc: null,
  tags: [],
  stockInShop: 0,
  areas,
});

describe('a product', () => {
  it('makes one product page per area the product is shown in, skipping unknown areas', () => {
    const products = [product(1, [1, 2]), product(2, [2, 9])];
    const paths = productPagePaths(products, [area(1, 'a'), area(2, 'b')]);
    expect(paths.map((p) => `${p.params.id}/${p.params.productId}`)).toEqual(['1/1', '2/1', '2/2']);
    expect(paths[1]?.props.product).toBe(products[0]);
    expect(paths[0]).not.toHaveProperty('cacheKey');
  });

  it("gives each of a product's pages the cache key of what it is made of, when asked", () => {
    const products = [
      { id: 1, areas: [1, 2], digest: 'd1' },
      { id: 2, areas: [2], digest: 'd2' },
    ];
    const paths = productPagePaths(
      products,
      [area(1, 'a'), area(2, 'b')],
      (listed) => `inputs.${listed.digest}`,
    );
    expect(paths.map((p) => p.cacheKey)).toEqual(['inputs.d1', 'inputs.d1', 'inputs.d2']);
  });

  it('leads with the cheapest variant in stock', () => {
    const p = product(1, [1], [variant(1, 500, 0), variant(2, 800, 3), variant(3, 1200, 5)]);
    expect(leadVariant(p).id).toBe(2);
    expect(isSoldOut(p)).toBe(false);
  });

  it('is sold out when every variant has zero stock', () => {
    const p = product(1, [1], [variant(1, 500, 0), variant(2, 800, 0)]);
    expect(isSoldOut(p)).toBe(true);
    expect(leadVariant(p).id).toBe(1);
  });

  it('has no main image when neither the product nor its variant has one', () => {
    expect(mainImage(product(1, [1]))).toBeUndefined();
  });
});

describe('one URL per product', () => {
  const areas = [{ id: 1 }, { id: 2 }, { id: 3 }];

  it("names the product's first area as its canonical page, skipping areas the catalogue does not have", () => {
    expect(canonicalAreaId([2, 3], areas)).toBe(2);
    expect(canonicalAreaId([9, 3, 1], areas)).toBe(3);
    expect(canonicalAreaId([9], areas)).toBeUndefined();
  });

  it("lists every other area's page of a product as a duplicate, none of a product in one area", () => {
    const products = [
      { id: 5, areas: [2, 1, 3] },
      { id: 6, areas: [1] },
    ];
    expect([...duplicateProductPaths(products, areas)].sort()).toEqual([
      '/area/1/products/5/',
      '/area/3/products/5/',
    ]);
  });
});

import { pricedVariant } from '../../../tests/fixtures/catalogue.ts';
import type { Tag, Tenant } from '../../lib/catalog/types.ts';
import { tagHref } from '../../lib/routes.ts';
import { type ListedProduct, listedProduct } from '../product/index.ts';
import { brandList } from './brand-list.ts';
import { deriveTags, listings, TAG_PAGE_SIZE, tagPageSize, tagPages } from './tags.ts';

const tenant = (id: number): Tenant => ({
  id,
  name: `ブランド${id}`,
  logoSrc: `http://i.test/t${id}.png`,
  description: '',
  officialSiteUrl: null,
});

const product = (id: number, tags: Tag[], areas: number[] = [1], tenantId = 1): ListedProduct =>
  listedProduct({
    id,
    shopifyProductId: `gid://shopify/Product/${id}`,
    images: [],
    title: `商品${id}`,
    descriptionHtml: '',
    variants: [pricedVariant(id, 1000)],
    tenant: tenant(tenantId),
    videoSrc: null,
    tags,
    stockInShop: 0,
    areas,
  });

const seasonal = { id: 1, name: '季節限定' };
const gift = { id: 2, name: '内祝い' };

describe('product tags', () => {
  it('are derived from the products, by id, with how many products carry each', () => {
    const listed = listings([product(3, [gift]), product(1, [gift, seasonal]), product(2, [])], [1]);
    expect(deriveTags(listed)).toEqual([
      { ...seasonal, count: 1 },
      { ...gift, count: 2 },
    ]);
  });

  it('leave out products shown in no known area, which have no page to link to', () => {
    const listed = listings([product(1, [seasonal], [9]), product(2, [seasonal], [9, 2])], [1, 2]);
    expect(listed.map(({ product: p, areaId }) => [p.id, areaId])).toEqual([[2, 2]]);
    expect(deriveTags(listed)).toEqual([{ ...seasonal, count: 1 }]);
  });

  it('paginate 20 to a page in product id order: /product-tags/{id}/, then /page/2/…', () => {
    const products = Array.from({ length: 45 }, (_, i) => product(45 - i, [seasonal]));
    const pages = tagPages(listings(products, [1]));
    expect(TAG_PAGE_SIZE).toBe(20);
    expect(pages.map((p) => [p.page, p.pageCount, p.listings.length, p.rest])).toEqual([
      [1, 3, 20, undefined],
      [2, 3, 20, 'page/2'],
      [3, 3, 5, 'page/3'],
    ]);
    expect(pages[1]?.listings[0]?.product.id).toBe(21);
    expect(pages.map((p) => tagHref(p.tag.id, p.page))).toEqual([
      '/product-tags/1/',
      '/product-tags/1/page/2/',
      '/product-tags/1/page/3/',
    ]);
  });

  it('give every tag its own pages, one page when it has few products', () => {
    const pages = tagPages(listings([product(1, [seasonal, gift]), product(2, [gift])], [1]), 1);
    expect(pages.map((p) => `${p.tag.id}:${p.page}/${p.pageCount}`)).toEqual(['1:1/1', '2:1/2', '2:2/2']);
  });

  it('take a page size from the environment only when it is a positive integer', () => {
    expect(tagPageSize(undefined)).toBe(20);
    expect(tagPageSize('5')).toBe(5);
    expect(tagPageSize('0')).toBe(20);
    expect(tagPageSize('abc')).toBe(20);
  });
});

describe('the brand list', () => {
  it('lists every tenant by id with its listed products counted, including tenants with none', () => {
    const listed = listings([product(1, [], [1], 2), product(2, [], [1], 2), product(3, [], [9], 1)], [1]);
    expect(
      brandList([tenant(3), tenant(2), tenant(1)], listed).map((b) => [b.tenant.id, b.productCount]),
    ).toEqual([
      [1, 0],
      [2, 2],
      [3, 0],
    ]);
  });
});

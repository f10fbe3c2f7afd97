import { pricedVariant, sampleProduct } from '../../../tests/fixtures/catalogue.ts';
import { areaSchema, productSchema, tenantSchema } from '../../lib/catalog/schemas.ts';
import type { Area, Tenant } from '../../lib/catalog/types.ts';
import {
  CatalogueCheckError,
  checkList,
  crossCheck,
  dropUnsafeUrls,
  noAreaWarning,
} from './catalogue-check.ts';

const area = (id: number): Area => ({ id, imageSrc: 'http://i.test/a.jpg', description: '', place: 'a' });
const tenant = (id: number): Tenant => ({
  id,
  name: `ブランド${id}`,
  logoSrc: 'http://i.test/t.png',
  description: '',
  officialSiteUrl: null,
});
const AREAS = { endpoint: 'GET /catalog/areas', record: 'area' };
const BRANDS = { endpoint: 'GET /catalog/products-filters', record: 'brand' };
const PAGE = { endpoint: 'GET /catalog/products?page=2&size=100', field: 'products', record: 'product' };

/** The one-line message a check fails with. */
function failure(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(CatalogueCheckError);
    const message = (error as Error).message;
    expect(message).not.toContain('\n');
    return message;
  }
  throw new Error('the check passed');
}

describe('a list from the catalog API', () => {
  it('fails naming the endpoint when the answer is not a list', () => {
    expect(failure(() => checkList({ items: [] }, areaSchema, AREAS))).toBe(
      'GET /catalog/areas: expected a list, received object',
    );
    expect(failure(() => checkList(undefined, productSchema, PAGE))).toBe(
      'GET /catalog/products?page=2&size=100: products: expected a list, received undefined',
    );
  });

  it('fails naming the endpoint, the page, the record by its id and title, and the field', () => {
    const broken = {
      ...sampleProduct(5, [1]),
      title: '季節の焼き菓子',
      variants: [{ ...pricedVariant(50, 1000), price: '1000' }],
    };
    const message = failure(() => checkList([sampleProduct(4, [1]), broken], productSchema, PAGE));
    expect(message).toMatch(
      /^GET \/catalog\/products\?page=2&size=100: product 5 「季節の焼き菓子」: variants\[0\]\.price: /,
    );
    expect(message).toMatch(/number/);
    expect(message).not.toContain('products[1]');
  });

  it('names a brand by its name, an area by its id, and a record whose title is the problem by its id', () => {
    expect(failure(() => checkList([{ ...tenant(3), logoSrc: 7 }], tenantSchema, BRANDS))).toMatch(
      /^GET \/catalog\/products-filters: brand 3 「ブランド3」: logoSrc: /,
    );
    expect(failure(() => checkList([{ ...area(2), place: 'z' }], areaSchema, AREAS))).toMatch(
      /^GET \/catalog\/areas: area 2: place: /,
    );
    expect(failure(() => checkList([{ ...sampleProduct(6, [1]), title: 42 }], productSchema, PAGE))).toMatch(
      /: product 6: title: /,
    );
  });

  it('shows a title as one short line: cut, with no line breaks or direction controls', () => {
    const title = `長い\n名前\u202E${'あ'.repeat(60)}`;
    const message = failure(() =>
      checkList([{ ...sampleProduct(9, [1]), title, images: 'none' }], productSchema, PAGE),
    );
    expect(message).toContain(`product 9 「長い 名前${'あ'.repeat(34)}…」: images: `);
  });

  it('fails on a null in the list, naming its place, as it has no id', () => {
    expect(failure(() => checkList([area(1), null], areaSchema, AREAS))).toMatch(
      /^GET \/catalog\/areas: \[1\] \(no id\): /,
    );
  });

  it('accepts a field it does not know, and drops it', () => {
    const [read] = checkList([{ ...area(1), floor: '3F' }], areaSchema, AREAS);
    expect(read).toEqual(area(1));
  });

  it('gives a brand without a logo the fallback logo image', () => {
    const { logoSrc: _, ...withoutLogo } = tenant(3);
    const [read] = checkList([withoutLogo, { ...tenant(4), logoSrc: null }], tenantSchema, AREAS);
    expect(read?.logoSrc).toBe('/images/fallback-logo.svg');
  });

  it('names at most five problems, then how many more', () => {
    const message = failure(() =>
      checkList(
        Array.from({ length: 8 }, () => null),
        areaSchema,
        AREAS,
      ),
    );
    expect(message.split('; ')).toHaveLength(6);
    expect(message).toMatch(/and 3 more$/);
  });
});

describe('the lists against each other', () => {
  const good = () => ({
    areas: [area(1), area(2)],
    tenants: [tenant(1), tenant(2)],
    products: [sampleProduct(1, [1], 1), sampleProduct(2, [2], 2)],
  });

  it('pass when every reference holds', () => {
    expect(() => crossCheck(good())).not.toThrow();
  });

  it('fail on an empty area, brand or product list, named as such', () => {
    expect(failure(() => crossCheck({ ...good(), areas: [] }))).toMatch(
      /^GET \/catalog\/areas answered an empty list/,
    );
    expect(failure(() => crossCheck({ ...good(), tenants: [] }))).toMatch(
      /^GET \/catalog\/products-filters answered an empty list/,
    );
  });

  it('fail on two areas or brands with one id, naming the id', () => {
    expect(failure(() => crossCheck({ ...good(), areas: [area(1), area(2), area(2)] }))).toBe(
      'GET /catalog/areas lists the same id twice: 2',
    );
    expect(failure(() => crossCheck({ ...good(), tenants: [tenant(1), tenant(1), tenant(2)] }))).toBe(
      'GET /catalog/products-filters lists the same id twice: 1',
    );
  });

  it('fail naming each product that points at an area or a brand the lists do not hold', () => {
    const catalogue = good();
    catalogue.products.push(sampleProduct(7, [0, 1], 1), sampleProduct(8, [2], 9));
    expect(failure(() => crossCheck(catalogue))).toBe(
      'product 7: areas: area 0 is not in GET /catalog/areas; ' +
        'product 8: tenant.id: brand 9 is not in GET /catalog/products-filters',
    );
  });
});

describe('a product in no area', () => {
  it('is named by its id and title in the warning that it is left out', () => {
    expect(noAreaWarning({ ...sampleProduct(7, []), title: '季節の\n焼き菓子' })).toBe(
      'product 7 「季節の 焼き菓子」 is in no area: left out of every list and link (it has no page)',
    );
    expect(noAreaWarning(sampleProduct(8, [1]))).toBeNull();
  });
});

describe('URLs from the catalog API', () => {
  it('keeps http and https, and drops any other scheme, naming each record and field', () => {
    const evil = sampleProduct(3, [1], 1);
    evil.videoSrc = 'javascript:alert(1)';
    evil.images = [
      { id: 1, src: 'data:image/svg+xml,<svg onload=alert(1)>' },
      { id: 2, src: 'https://img.test/p/3.jpg' },
    ];
    evil.tenant = { ...tenant(1), officialSiteUrl: 'javascript:alert(2)', logoSrc: 'vbscript:x' };
    const catalogue = {
      areas: [{ ...area(1), imageSrc: 'file:///etc/passwd' }],
      tenants: [tenant(1)],
      products: [evil, sampleProduct(4, [1], 1)],
    };
    const { catalogue: safe, warnings } = dropUnsafeUrls(catalogue, '/images/fallback-logo.svg');
    expect(safe.areas[0]?.imageSrc).toBe('/images/fallback-logo.svg');
    const product = safe.products[0];
    expect(product?.videoSrc).toBeNull();
    expect(product?.images.map((image) => image.src)).toEqual(['https://img.test/p/3.jpg']);
    expect(product?.tenant.officialSiteUrl).toBeNull();
    expect(product?.tenant.logoSrc).toBe('/images/fallback-logo.svg');
    expect(safe.products[1]).toEqual(sampleProduct(4, [1], 1));
    expect(warnings).toEqual([
      expect.stringMatching(/^area 1: imageSrc: "file:/),
      expect.stringMatching(/^product 3: images\[0\]\.src: "data:/),
      expect.stringMatching(/^product 3: videoSrc: "javascript:/),
      expect.stringMatching(/^product 3: logoSrc: "vbscript:/),
      expect.stringMatching(/^product 3: officialSiteUrl: "javascript:/),
    ]);
  });
});

/**
 * What each prerendered page needs from the catalogue, as pure functions: the pages stay thin and these
 * rules stay testable.
 */
import { PRODUCT_PAGE_SIZE } from '../../lib/catalog/catalogue.ts';
import type { Area, Product, ProductImage, Variant } from '../../lib/catalog/types.ts';

/** Areas in BASE A–D order. */
export function sortAreas(areas: readonly Area[]): Area[] {
  return [...areas].sort((a, b) => a.place.localeCompare(b.place) || a.id - b.id);
}

/** One product page per (area, product) pair: /area/{areaId}/products/{productId}/. */
export function productPagePaths(products: readonly Product[], areas: readonly Area[]) {
  const byId = new Map(areas.map((area) => [area.id, area]));
  return products.flatMap((product) =>
    product.areas.flatMap((areaId) => {
      const area = byId.get(areaId);
      return area
        ? [{ params: { id: String(area.id), productId: String(product.id) }, props: { product, area } }]
        : [];
    }),
  );
}

/** The URL of a product seen from an area. */
export function productHref(areaId: number, productId: number): string {
  return `/area/${areaId}/products/${productId}/`;
}

/** The first page of an area's products, in the API's order (by id), and how many there are in all. */
export function areaFirstPage(products: readonly Product[], areaId: number, size = PRODUCT_PAGE_SIZE) {
  const inArea = products.filter((product) => product.areas.includes(areaId)).sort((a, b) => a.id - b.id);
  return { products: inArea.slice(0, size), count: inArea.length };
}

/** The variant shown first: the cheapest one in stock, else the cheapest. */
export function leadVariant(product: Product): Variant {
  const byPrice = [...product.variants].sort((a, b) => a.price - b.price);
  return (byPrice.find((variant) => variant.totalStock > 0) ?? byPrice[0]) as Variant;
}

/** True when no variant can be bought. */
export function isSoldOut(product: Product): boolean {
  return product.variants.every((variant) => variant.totalStock === 0);
}

/** The product's main image: its first image, else the lead variant's, else none (the fallback shows). */
export function mainImage(product: Product): ProductImage | undefined {
  return product.images[0] ?? leadVariant(product).image ?? undefined;
}

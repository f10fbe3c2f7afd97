/**
 * Rules about one product that every screen showing it shares: which pages it has, the variant it leads
 * with, whether it can still be bought and which image stands for it (its URL is src/lib/routes.ts's).
 */
import type { Area, Product, ProductImage, Variant } from '../../lib/catalog/types.ts';
import { productHref } from '../../lib/routes.ts';

/**
 * One product page per (area, product) pair: /area/{areaId}/products/{productId}/. Each page's props carry
 * its product (whatever the caller holds of it: the build holds what lists need and where the whole product
 * is) and its area. With `cacheKey`, each page carries the key of what it is rendered from (the build
 * reuses the last build's page while the key holds: src/engine/pages/page-reuse.ts).
 */
export function productPagePaths<P extends { id: number; areas: readonly number[] }>(
  products: readonly P[],
  areas: readonly Area[],
  cacheKey?: (product: P) => string,
) {
  const byId = new Map(areas.map((area) => [area.id, area]));
  return products.flatMap((product) => {
    const key = cacheKey?.(product);
    return product.areas.flatMap((areaId) => {
      const area = byId.get(areaId);
      if (!area) return [];
      const params = { id: String(area.id), productId: String(product.id) };
      const path: { params: typeof params; props: { product: P; area: Area }; cacheKey?: string } = {
        params,
        props: { product, area },
      };
      if (key !== undefined) path.cacheKey = key;
      return [path];
    });
  });
}

/**
 * The area whose page is a product's one canonical URL, for a product published in several areas: its first
 * area the catalogue has (decisions.md, "One URL per product"). Undefined when it is in none.
 */
export function canonicalAreaId(
  productAreas: readonly number[],
  areas: readonly Pick<Area, 'id'>[],
): number | undefined {
  return productAreas.find((areaId) => areas.some((area) => area.id === areaId));
}

/**
 * The paths of the product pages that are not their product's canonical one (a product in several areas has
 * one page per area; all but one name another as canonical): never in the sitemap.
 */
export function duplicateProductPaths(
  products: readonly { id: number; areas: readonly number[] }[],
  areas: readonly Pick<Area, 'id'>[],
): Set<string> {
  const paths = new Set<string>();
  for (const product of products) {
    const canonical = canonicalAreaId(product.areas, areas);
    for (const areaId of product.areas) {
      if (areaId !== canonical) paths.add(productHref(areaId, product.id));
    }
  }
  return paths;
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

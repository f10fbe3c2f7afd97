/**
 * The catalogue as the build loaded and checked it (the build's snapshot, src/lib/catalog/snapshot.ts), as
 * plain data, for pages and their payload endpoints. Build-time only: it reads the build's cache folder.
 */
import { catalogueSnapshot, type Snapshot } from '../../lib/catalog/snapshot.ts';
import type { Product } from '../../lib/catalog/types.ts';
import { brandList } from './brand-list.ts';
import { listings, tagPageSize, tagPages } from './tags.ts';

let productsOf: { snapshot: Snapshot; products: Product[] } | undefined;

/** Every product of the build, in the API's order (one array per build, shared by every page). */
export function catalogueProducts(): Product[] {
  const snapshot = catalogueSnapshot();
  if (productsOf?.snapshot !== snapshot) {
    productsOf = { snapshot, products: snapshot.products.map((entry) => entry.product) };
  }
  return productsOf.products;
}

/** Every area, tenant and product. */
async function loadCatalogue() {
  const { areas, tenants } = catalogueSnapshot();
  return { areas, tenants, products: catalogueProducts() };
}

/** Every brand with its listed products, as /brands/ and its payload show them. */
export async function loadBrandList() {
  const { areas, tenants, products } = await loadCatalogue();
  return brandList(
    tenants,
    listings(
      products,
      areas.map((area) => area.id),
    ),
  );
}

/** Every page of every tag; `TAG_PAGE_SIZE` in the build's environment overrides the 20 per page. */
export async function loadTagPages() {
  const { areas, products } = await loadCatalogue();
  const listed = listings(
    products,
    areas.map((area) => area.id),
  );
  return tagPages(listed, tagPageSize(process.env.TAG_PAGE_SIZE));
}

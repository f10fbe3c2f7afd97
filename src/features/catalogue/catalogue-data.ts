/**
 * The catalogue as the build loaded it (content collections), as plain data, for pages and their payload
 * endpoints. Build-time only: it imports astro:content.
 */
import { getCollection } from 'astro:content';
import { brandList } from './brand-list.ts';
import { listings, tagPageSize, tagPages } from './tags.ts';

/** Every area, tenant and product. */
async function loadCatalogue() {
  const [areas, tenants, products] = await Promise.all([
    getCollection('areas'),
    getCollection('tenants'),
    getCollection('products'),
  ]);
  return {
    areas: areas.map((entry) => entry.data),
    tenants: tenants.map((entry) => entry.data),
    products: products.map((entry) => entry.data),
  };
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

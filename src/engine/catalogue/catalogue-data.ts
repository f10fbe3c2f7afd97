/**
 * The catalogue as the build loaded and checked it (the build's snapshot, snapshot.ts), as plain data, for
 * pages and their payload endpoints. Build-time only: it reads the build's cache folder.
 *
 * Every page holds the same index of the catalogue: each product as the lists need it (ListedProduct) and
 * where its whole entry is in the snapshot file. A product page reads its own product from there as it
 * renders (catalogueEntry), so the build never holds every whole product at once.
 */

import { brandList } from '../../features/catalogue/brand-list.ts';
import { listings, tagPageSize, tagPages } from '../../features/catalogue/tags.ts';
import { type ListedProduct, listedProduct } from '../../features/product/index.ts';
import { buildInfo } from '../../lib/build-info.ts';
import type { Product, Tag, Tenant } from '../../lib/catalog/types.ts';
import {
  type EntryRef,
  type PreparedProduct,
  readEntry,
  type SnapshotIndex,
  snapshotIndex,
} from './snapshot.ts';

/** A product of the build's catalogue: what the lists show of it, and where the whole of it is. */
export interface CatalogueProduct extends ListedProduct {
  ref: EntryRef;
}

/**
 * Equal values by their JSON: every product of a brand carries its own copy of the brand (and of its tags)
 * as the API sent it; the index keeps one of each (a few hundred brands and tags, kept for the process).
 */
function interned<T>() {
  const seen = new Map<string, T>();
  return (value: T): T => {
    const key = JSON.stringify(value);
    const known = seen.get(key);
    if (known) return known;
    seen.set(key, value);
    return value;
  };
}

const tenantOf = interned<Tenant>();
const tagOf = interned<Tag>();

/** What the index keeps of each product. One function for the process: the index is cached by it. */
function keep(product: Product, ref: EntryRef): CatalogueProduct {
  const listed = listedProduct(product);
  return { ...listed, tenant: tenantOf(listed.tenant), tags: listed.tags.map(tagOf), ref };
}

/** The build's catalogue: areas, brands, and every product as the lists need it, in the API's order. */
export function catalogueIndex(): SnapshotIndex<CatalogueProduct> {
  return snapshotIndex(buildInfo().buildId, keep);
}

/** Every product of the build as the lists need it, in the API's order. */
export function catalogueProducts(): CatalogueProduct[] {
  return catalogueIndex().products;
}

/** One product of the build, whole, with what its page derives from its description. */
export function catalogueEntry(product: CatalogueProduct): PreparedProduct {
  return readEntry(product.ref);
}

/** Every brand with its listed products, as /brands/ and its payload show them. */
export async function loadBrandList() {
  const { areas, tenants, products } = catalogueIndex();
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
  const { areas, products } = catalogueIndex();
  const listed = listings(
    products,
    areas.map((area) => area.id),
  );
  return tagPages(listed, tagPageSize(process.env.TAG_PAGE_SIZE));
}

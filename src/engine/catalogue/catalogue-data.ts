/**
 * The pages' one door to the catalogue: everything a page reads of it (areas, brands and their names in
 * chat's languages, tags, products) comes from here, as the build loaded and checked it (the build's
 * snapshot, snapshot.ts), in `astro build` and `astro dev` alike. Build-time only: it reads the build's
 * cache folder. No page reads the catalogue any other way (no content collection holds it).
 *
 * Every page holds the same index of the catalogue: each product as the lists need it (ListedProduct) and
 * where its whole entry is in the snapshot file. A product page reads its own product from there as it
 * renders (catalogueEntry), so the build never holds every whole product at once.
 *
 * A page the build may reuse from the last build (page-reuse.ts) gets its paths from here (productPages,
 * tagPagePaths), with a cache key computed from exactly what they hand the page: the page reads nothing of the catalogue
 * but its props, so a change to anything it shows changes its key. tests/integration/build-stale.test.ts
 * holds it: after each kind of change, a rebuild with the cache equals a build without it.
 */

import { brandList } from '../../features/catalogue/brand-list.ts';
import { type TagPayload, tagPayload } from '../../features/catalogue/catalogue-payloads.ts';
import { listings, tagPageSize, tagPages } from '../../features/catalogue/tags.ts';
import { type ListedProduct, listedProduct } from '../../features/product/index.ts';
import { productPagePaths } from '../../features/product/product-rules.ts';
import { buildInfo, codeVersion } from '../../lib/build-info.ts';
import type { Area, Lang, Product, Tag, Tenant } from '../../lib/catalog/types.ts';
import { buildInputs, jsonDigest } from '../pages/build-inputs.ts';
import { fetchFirstPageTexts } from './loaders.ts';
import {
  type EntryRef,
  type PreparedProduct,
  readEntry,
  type SnapshotIndex,
  snapshotIndex,
} from './snapshot.ts';
import type { TenantNames } from './tenant-names.ts';

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

/**
 * The build's catalogue: areas, brands, their names in chat's languages, and every product as the lists need
 * it, each in the API's order.
 */
export function catalogueIndex(): SnapshotIndex<CatalogueProduct> {
  return snapshotIndex(buildInfo().buildId, keep);
}

/** Every area, in the API's order. */
export function catalogueAreas(): Area[] {
  return catalogueIndex().areas;
}

/** Every brand (tenant), in the API's order. */
export function catalogueTenants(): Tenant[] {
  return catalogueIndex().tenants;
}

/** Each brand's names in chat's languages, by brand id. */
export function catalogueTenantNames(): Map<number, TenantNames['names']> {
  return new Map(catalogueIndex().tenantNames.map(({ id, names }) => [id, names]));
}

/** What a product page is handed: all it reads of the catalogue. */
export interface ProductPageProps {
  /** The product as the lists hold it; its whole entry is read as its page renders (catalogueEntry). */
  product: CatalogueProduct;
  /** The area the page shows the product in. */
  area: Area;
  /** Every area: the BASE A–D guide of the page's layout. */
  areas: Area[];
}

/**
 * Every product page's path (one per area of each product) with what it is handed and its cache key: the
 * build's inputs (source, config, public environment) and the code's version the page carries, the areas,
 * the page's area and the product's digest, which is all the props carry, and all the page is made of: no
 * page carries anything of one build alone, so a reused page is its bytes as they were.
 */
export function productPages() {
  const { products, areas } = catalogueIndex();
  const handedToEvery = `${handedToEveryPage()}.${jsonDigest(areas)}`;
  return productPagePaths(products, areas).map(({ params, props }) => ({
    params,
    props: { ...props, areas } satisfies ProductPageProps,
    cacheKey: `${handedToEvery}.${props.area.id}.${props.product.ref.digest}`,
  }));
}

/**
 * A brand's first page of products worded by the API in each of `languages` (loaders.ts): what a chat brand
 * page lists, asked as it renders.
 */
export function chatBrandFirstPages<L extends Lang>(tenantId: number, languages: readonly L[]) {
  return fetchFirstPageTexts(tenantId, languages);
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

/** What every keyed page is made of besides its props: the build's inputs and the code's version. */
function handedToEveryPage(): string {
  return `${buildInputs()}.${codeVersion()}`;
}

/** What a tag's page is handed: the tag, its page of products as the cards show them, the page count. */
export type TagPageProps = Omit<TagPayload, 'kind'>;

/**
 * Every page of every tag (`rest`: the path after the tag's, none for its first page) with what it is
 * handed and its cache key: the build's inputs, the code's version and the digest of its props, which is
 * all the page is made of. A product changed, added or removed changes the keys of the pages that list
 * it, and of those after it where the pages' split moves.
 */
export async function tagPagePaths() {
  return (await loadTagPages()).map((page) => {
    const { kind: _kind, ...props } = tagPayload(page);
    return {
      params: { id: String(page.tag.id), page: page.rest },
      props: props satisfies TagPageProps,
      cacheKey: `${handedToEveryPage()}.${jsonDigest(props)}`,
    };
  });
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

/**
 * Product tags, derived from the products (the API has no tag list): the tag index and each tag's pages of
 * products, 20 to a page, at `/product-tags/{id}/`, `/product-tags/{id}/page/2/`…
 */
import type { Tag } from '../../lib/catalog/types.ts';
import type { ListedProduct } from '../product/index.ts';

/** Products on one page of a tag. */
export const TAG_PAGE_SIZE = 20;

/** A tag and how many listed products carry it. */
export interface TagSummary extends Tag {
  count: number;
}

/** A product as a tag page lists it: with the area its link goes to. */
export interface TagListing {
  product: ListedProduct;
  areaId: number;
}

/** One prerendered page of a tag. */
export interface TagPage {
  tag: TagSummary;
  /** 1-based. */
  page: number;
  pageCount: number;
  listings: TagListing[];
  /** The `[...page]` route parameter: undefined on page 1, `page/N` after. */
  rest: string | undefined;
}

/** The page size of a build: `TAG_PAGE_SIZE`, or a positive integer from the environment. */
export function tagPageSize(fromEnv: string | undefined): number {
  const size = Number(fromEnv);
  return Number.isSafeInteger(size) && size > 0 ? size : TAG_PAGE_SIZE;
}

/**
 * Products that have a page, each with the first of its areas that exists: a product shown in no known
 * area has no product page, so no list links to it.
 */
export function listings(products: readonly ListedProduct[], areaIds: Iterable<number>): TagListing[] {
  const known = new Set(areaIds);
  return products
    .flatMap((product) => {
      const areaId = product.areas.find((id) => known.has(id));
      return areaId === undefined ? [] : [{ product, areaId }];
    })
    .sort((a, b) => a.product.id - b.product.id);
}

/** Every tag carried by a listed product, by id, with its product count; the first name seen wins. */
export function deriveTags(listed: readonly TagListing[]): TagSummary[] {
  const tags = new Map<number, TagSummary>();
  for (const { product } of listed) {
    for (const tag of product.tags) {
      const seen = tags.get(tag.id);
      if (seen) seen.count++;
      else tags.set(tag.id, { id: tag.id, name: tag.name, count: 1 });
    }
  }
  return [...tags.values()].sort((a, b) => a.id - b.id);
}

/** Every page of every tag, products in id order, `pageSize` to a page. */
export function tagPages(listed: readonly TagListing[], pageSize = TAG_PAGE_SIZE): TagPage[] {
  return deriveTags(listed).flatMap((tag) => {
    const tagged = listed.filter(({ product }) => product.tags.some((t) => t.id === tag.id));
    const pageCount = Math.max(1, Math.ceil(tagged.length / pageSize));
    return Array.from({ length: pageCount }, (_, index) => ({
      tag,
      page: index + 1,
      pageCount,
      listings: tagged.slice(index * pageSize, (index + 1) * pageSize),
      rest: index === 0 ? undefined : `page/${index + 1}`,
    }));
  });
}

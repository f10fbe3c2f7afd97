/** The payloads of the browsing pages: home, area, brand list, brand and tag pages. */
import type { Area, Tenant } from '../../lib/catalog/types.ts';
import { type ListedProduct, listedSummary, type ProductSummary } from '../product/index.ts';
import { type BrandOption, brandsInArea, type FirstPage, firstPage } from './product-list.ts';
import type { TagPage, TagSummary } from './tags.ts';

export interface AreaPayload extends FirstPage {
  kind: 'area';
  area: Area;
  /** The brands with products in the area, for the brand filter. */
  tenants: BrandOption[];
}

export interface BrandPayload extends FirstPage {
  kind: 'brand';
  tenant: Tenant;
}

/** `/`: the seasonal theme and the entries to areas, brands and tags. */
export interface HomePayload {
  kind: 'home';
  theme: { title: string /** ISO 8601. */; launchedAt: string };
  areas: Area[];
  brands: BrandOption[];
  tags: TagSummary[];
}

/** `/brands/`: every brand with how many products it lists. */
export interface BrandsPayload {
  kind: 'brands';
  brands: (Tenant & { productCount: number })[];
}

/** `/product-tags/{id}/` and its `page/N/`: one page of a tag's products. */
export interface TagPayload {
  kind: 'tag';
  tag: TagSummary;
  /** 1-based. */
  page: number;
  pageCount: number;
  products: ProductSummary[];
}

/** The payload of an area page: the area, its first page of products and its brands. */
export function areaPayload(area: Area, products: readonly ListedProduct[]): AreaPayload {
  return {
    kind: 'area',
    area,
    ...firstPage(products, { areaId: area.id }),
    tenants: brandsInArea(products, area.id),
  };
}

/** The payload of a brand page: the brand and the first page of its products in every area. */
export function brandPayload(tenant: Tenant, products: readonly ListedProduct[]): BrandPayload {
  return { kind: 'brand', tenant, ...firstPage(products, { tenantIds: [tenant.id] }) };
}

/** The products of one tag page, as its cards and payload show them. */
function tagPageProducts(page: TagPage): ProductSummary[] {
  return page.listings.map(({ product, areaId }) => listedSummary(product, areaId));
}

/** The payload of one page of a tag. */
export function tagPayload(page: TagPage): TagPayload {
  return {
    kind: 'tag',
    tag: page.tag,
    page: page.page,
    pageCount: page.pageCount,
    products: tagPageProducts(page),
  };
}

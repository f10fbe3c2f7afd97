/**
 * A product as lists, cards and the wishlist need it: built once at build time from the full product, kept
 * in page payloads and in the shopper's stored favorites (so it is validated when read back:
 * summary-check.ts).
 */
import type { Product, Tag, Tenant } from '../../lib/catalog/types.ts';
import { productHref } from '../../lib/routes.ts';
import type { CardProduct } from '../../ui/ProductCard.tsx';
import { isSoldOut, mainImage } from './product-rules.ts';

/** What a card shows of a product, with the product's id and the area its link opens it in. */
export interface ProductSummary extends CardProduct {
  id: number;
  areaId: number;
}

/** What a card shows of a product wherever it is seen from. */
export type ProductCard = Omit<ProductSummary, 'id' | 'areaId' | 'href'>;

/** A product's card: its cheapest price (and the highest), sale and stock, main image. */
export function productCard(product: Product): ProductCard {
  const prices = product.variants.map((variant) => variant.price);
  const price = Math.min(...prices);
  const cheapest = product.variants.find((variant) => variant.price === price);
  return {
    title: product.title,
    tenantName: product.tenant.name,
    imageSrc: mainImage(product)?.src ?? null,
    price,
    maxPrice: Math.max(...prices),
    compareAtPrice: cheapest?.isSale ? cheapest.compareAtPrice : null,
    onSale: product.variants.some((variant) => variant.isSale),
    soldOut: isSoldOut(product),
  };
}

/**
 * What the build's lists need of a product: where it is shown, its brand, its tags and its card. The build
 * holds this for every product while it renders, and a product whole only while its own page renders.
 */
export interface ListedProduct {
  id: number;
  areas: number[];
  tenant: Tenant;
  tags: Tag[];
  card: ProductCard;
}

/** A product as the lists need it. */
export function listedProduct(product: Product): ListedProduct {
  const { id, areas, tenant, tags } = product;
  return { id, areas, tenant, tags, card: productCard(product) };
}

/** The summary of a listed product seen from `areaId` (its first area when not given). */
export function listedSummary(
  { id, areas, card }: Pick<ListedProduct, 'id' | 'areas' | 'card'>,
  areaId: number = areas[0] ?? 0,
): ProductSummary {
  return { id, areaId, ...card, href: productHref(areaId, id) };
}

/** The summary of a product seen from `areaId` (its first area when not given). */
export function productSummary(product: Product, areaId: number = product.areas[0] ?? 0): ProductSummary {
  return listedSummary({ id: product.id, areas: product.areas, card: productCard(product) }, areaId);
}

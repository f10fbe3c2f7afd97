/**
 * The one product card: 256 px image, brand, title, price (with the regular price struck through when on
 * sale) and the sale and sold-out marks. Islands render it live; Astro pages render it to static HTML with
 * no client directive, so a card looks the same wherever it appears and costs no JavaScript where nothing
 * on it changes.
 */

import { summaryPrice } from '../lib/format/list-price.ts';
import { CataloguePicture } from './CataloguePicture.tsx';
import type { PicturePriority } from './picture-loading.ts';

/** What a card shows of a product (a product summary has this shape). */
export interface CardProduct {
  title: string;
  tenantName: string;
  imageSrc: string | null;
  /** Lowest variant price, yen. */
  price: number;
  /** Highest variant price, yen. */
  maxPrice: number;
  /** The regular price of the lowest-priced variant when that variant is on sale. */
  compareAtPrice: number | null;
  onSale: boolean;
  soldOut: boolean;
  href: string;
}

/** The lists' grid of cards: 2 columns on a phone, then 3, then 5. */
export const PRODUCT_GRID_CLASS = 'grid grid-cols-2 gap-x-3 gap-y-6 sm:grid-cols-3 lg:grid-cols-5';

/**
 * The place a card is coming to, in the lists' grid: as tall as a card of one line of title, and empty
 * (global.css, `.card-place`, says how tall).
 */
export const CARD_PLACE_CLASS = 'card-place';

export interface ProductCardLabels {
  sale: string;
  soldOut: string;
  regularPrice: string;
}

export function ProductCard({
  product,
  labels,
  priority = false,
  brandLang = 'ja',
  detail,
}: {
  product: CardProduct;
  labels: ProductCardLabels;
  /** How its picture loads (pictureLoading, src/lib/images.ts). */
  priority?: PicturePriority;
  /** The language of the brand name (the catalogue's is Japanese). */
  brandLang?: string;
  /** What tells the product apart from another of the same title, under the title. */
  detail?: string | undefined;
}) {
  const price = summaryPrice(product);
  return (
    <article className="group relative flex flex-col gap-1">
      <div className="relative aspect-square overflow-hidden rounded bg-neutral-100">
        <CataloguePicture
          src={product.imageSrc}
          size={256}
          alt=""
          priority={priority}
          className="h-full w-full object-cover"
        />
        {product.onSale && (
          <span className="absolute left-1 top-1 rounded bg-error px-1.5 py-0.5 text-xs font-bold text-black">
            {labels.sale}
          </span>
        )}
      </div>
      <p className="text-xs text-secondary" lang={brandLang}>
        {product.tenantName}
      </p>
      <h3 className="line-clamp-2 text-sm font-bold leading-snug">
        <a href={product.href} className="after:absolute after:inset-0">
          {product.title}
        </a>
      </h3>
      {detail && <p className="text-xs text-secondary">{detail}</p>}
      <p className="flex flex-wrap items-baseline gap-x-1 text-sm">
        <span>{price.price}</span>
        {price.compareAt && (
          <span className="text-xs text-secondary">
            <span className="sr-only">{labels.regularPrice}</span>
            <s>{price.compareAt}</s>
          </span>
        )}
        {product.soldOut && <span className="rounded bg-error/20 px-1 text-xs">{labels.soldOut}</span>}
      </p>
    </article>
  );
}

/**
 * Cards in the lists' grid, the first one's image loaded eagerly. The tag pages write the same markup as a
 * string (product-card-html.ts: React's server render of twenty cards was most of a tag page's build time);
 * its unit test renders this component and compares, so the two stay the same bytes.
 */
export function ProductCardGrid({
  products,
  labels,
}: {
  products: readonly (CardProduct & { id: number })[];
  labels: ProductCardLabels;
}) {
  return (
    <ul className={PRODUCT_GRID_CLASS} data-testid="product-list">
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard product={product} labels={labels} priority={index === 0} />
        </li>
      ))}
    </ul>
  );
}

/** A product in a list (area, brand and wishlist): 256 px image, brand, title, price; the same look as ProductCard.astro. */

import { summaryPrice } from '../features/catalogue/product-list.ts';
import type { ProductSummary } from '../lib/payload.ts';
import { CatalogPicture } from './CatalogPicture.tsx';

export interface ProductCardLabels {
  sale: string;
  soldOut: string;
  regularPrice: string;
}

export function ProductCard({ product, labels }: { product: ProductSummary; labels: ProductCardLabels }) {
  const price = summaryPrice(product);
  return (
    <article className="group relative flex flex-col gap-1">
      <div className="relative aspect-square overflow-hidden rounded bg-neutral-100">
        <CatalogPicture src={product.imageSrc} size={256} alt="" className="h-full w-full object-cover" />
        {product.onSale && (
          <span className="absolute left-1 top-1 rounded bg-error px-1.5 py-0.5 text-xs font-bold text-black">
            {labels.sale}
          </span>
        )}
      </div>
      <p className="text-xs text-secondary">{product.tenantName}</p>
      <h3 className="line-clamp-2 text-sm font-bold leading-snug">
        <a href={product.href} className="after:absolute after:inset-0">
          {product.title}
        </a>
      </h3>
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

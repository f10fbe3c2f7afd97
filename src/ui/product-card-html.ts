/**
 * The lists' grid of product cards (`ProductCardGrid` in ProductCard.tsx) written as an HTML string, for
 * the pages that show cards without JavaScript (the tag pages, some 7,000 of them at 100,000 products).
 * A string because React's server render of twenty cards was most of a tag page's build time. Its unit
 * test parses this markup and React's for cards of every kind and requires the same DOM tree, so a change
 * to the component that is not made here fails the tests. Islands keep rendering the React component.
 */
import { summaryPrice } from '../lib/format/list-price.ts';
import { escapeHtml } from '../lib/markup.ts';
import { catalogueImageHtml } from './catalogue-image-html.ts';
import { type CardProduct, PRODUCT_GRID_CLASS, type ProductCardLabels } from './ProductCard.tsx';

function cardHtml(product: CardProduct, labels: ProductCardLabels, priority: boolean): string {
  const price = summaryPrice(product);
  const picture = catalogueImageHtml({
    src: product.imageSrc,
    size: 256,
    alt: '',
    priority,
    class: 'h-full w-full object-cover',
  });
  const sale = product.onSale
    ? `<span class="absolute left-1 top-1 rounded bg-error px-1.5 py-0.5 text-xs font-bold text-black">${escapeHtml(labels.sale)}</span>`
    : '';
  const compareAt = price.compareAt
    ? `<span class="text-xs text-secondary"><span class="sr-only">${escapeHtml(labels.regularPrice)}</span><s>${escapeHtml(price.compareAt)}</s></span>`
    : '';
  const soldOut = product.soldOut
    ? `<span class="rounded bg-error/20 px-1 text-xs">${escapeHtml(labels.soldOut)}</span>`
    : '';
  return (
    '<article class="group relative flex flex-col gap-1">' +
    `<div class="relative aspect-square overflow-hidden rounded bg-neutral-100">${picture}${sale}</div>` +
    `<p class="text-xs text-secondary" lang="ja">${escapeHtml(product.tenantName)}</p>` +
    `<h3 class="line-clamp-2 text-sm font-bold leading-snug"><a href="${escapeHtml(product.href)}" class="after:absolute after:inset-0">${escapeHtml(product.title)}</a></h3>` +
    `<p class="flex flex-wrap items-baseline gap-x-1 text-sm"><span>${escapeHtml(price.price)}</span>${compareAt}${soldOut}</p>` +
    '</article>'
  );
}

/** The grid of `products`' cards, the first one's image loaded eagerly. */
export function productCardGridHtml(products: readonly CardProduct[], labels: ProductCardLabels): string {
  const items = products
    .map((product, index) => `<li>${cardHtml(product, labels, index === 0)}</li>`)
    .join('');
  return `<ul class="${PRODUCT_GRID_CLASS}" data-testid="product-list">${items}</ul>`;
}

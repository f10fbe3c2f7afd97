/**
 * The lists' grid of product cards (`ProductCardGrid` in ProductCard.tsx) written as an HTML string, for
 * the pages that show cards without JavaScript (the tag pages). React's server render of twenty cards was
 * about 1.7 ms a page, most of what a tag page cost: at 100,000 products the build has some 7,000 tag pages
 * (docs/performance.md). The markup is React's, byte for byte: a unit test renders both for cards of every
 * kind (sale, range, sold out, no image, text that needs escaping) and compares them, so a change to the
 * component that is not made here fails the tests. Islands keep rendering the React component.
 */
import { summaryPrice } from '../lib/format/list-price.ts';
import { responsiveImage } from '../lib/images.ts';
import { type CardProduct, PRODUCT_GRID_CLASS, type ProductCardLabels } from './ProductCard.tsx';

const ENTITIES: Record<string, string> = {
  '"': '&quot;',
  '&': '&amp;',
  "'": '&#x27;',
  '<': '&lt;',
  '>': '&gt;',
};

/** Text or an attribute value escaped as React escapes it. */
const escapeText = (value: string | number) =>
  String(value).replace(/["&'<>]/g, (char) => ENTITIES[char] ?? char);

function pictureHtml(src: string | null, priority: boolean): string {
  const image = responsiveImage(src, 256);
  const sources = image.sources
    .map((source) => `<source type="${escapeText(source.type)}" srcSet="${escapeText(source.srcset)}"/>`)
    .join('');
  return (
    `<picture>${sources}<img src="${escapeText(image.src)}" width="${image.width}" height="${image.height}" alt=""` +
    ` class="h-full w-full object-cover" loading="${priority ? 'eager' : 'lazy'}"` +
    ` decoding="${priority ? 'sync' : 'async'}" fetchPriority="${priority ? 'high' : 'auto'}"/></picture>`
  );
}

function cardHtml(product: CardProduct, labels: ProductCardLabels, priority: boolean): string {
  const price = summaryPrice(product);
  const sale = product.onSale
    ? `<span class="absolute left-1 top-1 rounded bg-error px-1.5 py-0.5 text-xs font-bold text-black">${escapeText(labels.sale)}</span>`
    : '';
  const compareAt = price.compareAt
    ? `<span class="text-xs text-secondary"><span class="sr-only">${escapeText(labels.regularPrice)}</span><s>${escapeText(price.compareAt)}</s></span>`
    : '';
  const soldOut = product.soldOut
    ? `<span class="rounded bg-error/20 px-1 text-xs">${escapeText(labels.soldOut)}</span>`
    : '';
  return (
    '<article class="group relative flex flex-col gap-1">' +
    `<div class="relative aspect-square overflow-hidden rounded bg-neutral-100">${pictureHtml(product.imageSrc, priority)}${sale}</div>` +
    `<p class="text-xs text-secondary" lang="ja">${escapeText(product.tenantName)}</p>` +
    `<h3 class="line-clamp-2 text-sm font-bold leading-snug"><a href="${escapeText(product.href)}" class="after:absolute after:inset-0">${escapeText(product.title)}</a></h3>` +
    `<p class="flex flex-wrap items-baseline gap-x-1 text-sm"><span>${escapeText(price.price)}</span>${compareAt}${soldOut}</p>` +
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

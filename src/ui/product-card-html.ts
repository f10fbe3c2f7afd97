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
import {
  CARD_PLACE_CLASS,
  type CardProduct,
  PRODUCT_GRID_CLASS,
  type ProductCardLabels,
} from './ProductCard.tsx';

/**
 * A card's words as HTML: each the escaped text (productCardGridHtml), or, on a chat page built for every
 * chat language, one span per language (the chat layout's stylesheet shows the visitor's).
 */
export interface CardWordsHtml {
  tenantName: string;
  title: string;
  /** summaryPrice's price. */
  price: string;
  /** summaryPrice's regular price, when on sale. */
  compareAt: string | undefined;
  sale: string;
  soldOut: string;
  regularPrice: string;
}

/** The words of a card as summaryPrice and the labels word them, escaped. */
function escapedWords(product: CardProduct, labels: ProductCardLabels): CardWordsHtml {
  const price = summaryPrice(product);
  return {
    tenantName: escapeHtml(product.tenantName),
    title: escapeHtml(product.title),
    price: escapeHtml(price.price),
    compareAt: price.compareAt === undefined ? undefined : escapeHtml(price.compareAt),
    sale: escapeHtml(labels.sale),
    soldOut: escapeHtml(labels.soldOut),
    regularPrice: escapeHtml(labels.regularPrice),
  };
}

/** One card (`ProductCard`'s markup) of `product` with `words`. */
export function cardHtml(product: CardProduct, words: CardWordsHtml, priority: boolean): string {
  const picture = catalogueImageHtml({
    src: product.imageSrc,
    size: 256,
    alt: '',
    priority,
    class: 'h-full w-full object-cover',
  });
  const sale = product.onSale
    ? `<span class="absolute left-1 top-1 rounded bg-error px-1.5 py-0.5 text-xs font-bold text-black">${words.sale}</span>`
    : '';
  const compareAt = words.compareAt
    ? `<span class="text-xs text-secondary"><span class="sr-only">${words.regularPrice}</span><s>${words.compareAt}</s></span>`
    : '';
  const soldOut = product.soldOut
    ? `<span class="rounded bg-error/20 px-1 text-xs">${words.soldOut}</span>`
    : '';
  return (
    '<article class="group relative flex flex-col gap-1">' +
    `<div class="relative aspect-square overflow-hidden rounded bg-neutral-100">${picture}${sale}</div>` +
    `<p class="text-xs text-secondary" lang="ja">${words.tenantName}</p>` +
    `<h3 class="line-clamp-2 text-sm font-bold leading-snug"><a href="${escapeHtml(product.href)}" class="after:absolute after:inset-0">${words.title}</a></h3>` +
    `<p class="flex flex-wrap items-baseline gap-x-1 text-sm"><span>${words.price}</span>${compareAt}${soldOut}</p>` +
    '</article>'
  );
}

/**
 * `count` places of cards still to come, as the product list's island keeps them after its cards
 * (src/features/catalogue/ProductList.tsx): a list built into a page takes the island's room from the start.
 */
export function cardPlacesHtml(count: number): string {
  return `<li aria-hidden="true" data-wake-near="" class="${CARD_PLACE_CLASS}"></li>`.repeat(count);
}

/** The grid of `products`' cards, the first one's image loaded eagerly. */
export function productCardGridHtml(products: readonly CardProduct[], labels: ProductCardLabels): string {
  const items = products
    .map((product, index) => `<li>${cardHtml(product, escapedWords(product, labels), index === 0)}</li>`)
    .join('');
  return `<ul class="${PRODUCT_GRID_CLASS}" data-testid="product-list">${items}</ul>`;
}

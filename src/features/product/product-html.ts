/**
 * The product page's parts as markup: the gallery, the options with price, stock and add-to-bag, the folded
 * description. Each is on every product page and made of many small elements (a gallery of pictures with
 * three sources each, a button per option value); written as a string they are a fraction of the render
 * Astro's components take for the same bytes, and the product pages are most of the build. The components of the same names
 * (ProductGallery.astro, VariantPicker.astro, ReadMore.astro) write these; the product page's one script
 * brings their elements to life.
 */
import { mdiChevronDown } from '@mdi/js';
import { t } from '../../i18n/build-time.ts';
import type { ProductImage, Variant } from '../../lib/catalog/types.ts';
import { closeTag, jsonScriptText, openTag } from '../../lib/custom-element.ts';
import { priceDisplay } from '../../lib/format/price.ts';
import { MAIN_SIZE, THUMBNAIL_SIZE } from '../../lib/images.ts';
import { attr, escapeHtml } from '../../lib/markup.ts';
import { catalogueImageHtml } from '../../ui/catalogue-image-html.ts';
import { iconHtml } from '../../ui/icon-html.ts';
import { pickerLabels } from './picker-labels.ts';
import { availability, availabilityText, productOptions, selectionOf } from './variant-options.ts';

/** The main image's width: the page's column (half of max-w-5xl from md), else the screen less its padding. */
const MAIN_SIZES = '(min-width: 1024px) 484px, (min-width: 768px) calc(50vw - 28px), calc(100vw - 32px)';

/**
 * A thumbnail's width: the gallery (the main image's width) in four columns, five from 640 px, with 8 px
 * gaps, rounded up. Offered by width, a phone at 2x takes the 256 render for its 84 px thumbnail, not the 512.
 */
const THUMBNAIL_SIZES =
  '(min-width: 1024px) 91px, (min-width: 768px) calc(10vw - 12px), (min-width: 640px) calc(20vw - 12px), calc(25vw - 14px)';

/**
 * The gallery: the 768 px main image (the page's LCP image, eager, fetchpriority high) and 256 px thumbnails
 * (lazy, low priority) that show their image in the main view, as does the chosen variant's image. No image:
 * the fallback logo. `title` is the main image's alt text.
 */
export function productGalleryHtml(images: readonly ProductImage[], title: string): string {
  let html = `${openTag('product-gallery')}<section${attr('aria-label', t('product.images'))} class="flex flex-col gap-2"><div data-main>`;
  html += catalogueImageHtml({
    src: images[0]?.src,
    size: MAIN_SIZE,
    sizes: MAIN_SIZES,
    alt: title,
    priority: true,
    class: 'aspect-square w-full rounded bg-neutral-100 object-cover',
  });
  html += '</div>';
  if (images.length > 1) {
    html += '<ul class="grid grid-cols-4 gap-2 sm:grid-cols-5">';
    images.forEach((image, index) => {
      html +=
        `<li><button type="button"${attr('data-image-id', image.id)}${attr('data-src', image.src)}` +
        `${attr('aria-pressed', index === 0 ? 'true' : 'false')}${attr('aria-label', t('product.showImage', { index: index + 1 }))}` +
        ' class="block w-full overflow-hidden rounded border-2 border-transparent aria-pressed:border-primary">' +
        catalogueImageHtml({
          src: image.src,
          size: THUMBNAIL_SIZE,
          sizes: THUMBNAIL_SIZES,
          alt: '',
          // Behind the main picture: in view, the browser would raise them to its priority.
          priority: 'low',
          class: 'aspect-square w-full object-cover',
        }) +
        '</button></li>';
    });
    html += '</ul>';
  }
  return `${html}</section>${closeTag('product-gallery')}`;
}

const OPTION_INPUT_CLASS =
  'peer absolute inset-0 h-full w-full cursor-pointer opacity-0 disabled:cursor-not-allowed';
const OPTION_LABEL_CLASS =
  'flex min-h-11 min-w-11 items-center justify-center rounded border border-accent px-3 text-sm peer-checked:border-2 peer-checked:border-primary peer-checked:font-bold peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-primary peer-disabled:border-dashed peer-disabled:text-secondary';
/** A sold-out value is struck through; its label beside it (在庫なし) is not, so it stays readable. */
const OPTION_VALUE_CLASS = 'group-has-[:disabled]:line-through';

/**
 * A price with its regular price beside it when on sale (named for screen readers; there and hidden when
 * not, so the element's script, variant-picker.ts, can write the API's price into the same places): the
 * price line's, and each row of every variant's prices.
 */
function priceHtml(variant: Variant, classes: { amount?: string; compare: string }): string {
  const price = priceDisplay(variant.price, variant.compareAtPrice);
  return (
    `<span data-amount${attr('class', classes.amount)}>${escapeHtml(price.price)}</span>` +
    `<span data-compare${attr('hidden', !price.compareAt)}${attr('class', classes.compare)}><span class="sr-only">${escapeHtml(t('product.regularPrice'))}</span>` +
    `<s data-compare-amount>${price.compareAt ? escapeHtml(price.compareAt) : ''}</s></span>`
  );
}

/** A note beside a sold-out option or variant (在庫なし), hidden while it is in stock. */
function soldOutNoteHtml(soldOut: boolean): string {
  return `<span class="ml-1.5 text-xs" data-sold-out-note${attr('hidden', !soldOut)}>${escapeHtml(t('product.soldOut'))}</span>`;
}

/**
 * Every variant's price, when a variant other than the first choice is on sale: the price line shows one
 * variant's price at a time (the script changes it with the choice), so without this another variant's sale
 * price would reach the page only with its script, never a shopper without scripts or a search engine. A
 * sold-out variant says so, as its option does. In a closed `<details>` under the options: it moves nothing.
 * Its summary is a flex row, which browsers draw without the disclosure marker, so a chevron says it opens.
 * None when only the first choice is on sale (the price line shows it).
 */
function allPricesHtml(variants: readonly Variant[], initial: Variant): string {
  if (
    !variants.some(
      (variant) => variant !== initial && priceDisplay(variant.price, variant.compareAtPrice).compareAt,
    )
  )
    return '';
  const items = variants.map((variant) => {
    const name =
      variant.options.length > 0
        ? variant.options.map((option) => option.displayValue).join(' / ')
        : variant.title;
    return (
      `<li${attr('data-price-of', variant.id)} class="flex flex-wrap justify-between gap-x-3">` +
      `<span>${escapeHtml(name)}${soldOutNoteHtml(availability(variant) === 'soldOut')}</span>` +
      `<span>${priceHtml(variant, { compare: 'ml-2 text-secondary' })}</span></li>`
    );
  });
  return (
    `<details class="group text-sm"><summary class="flex min-h-11 cursor-pointer list-none items-center justify-between gap-2 font-bold [&::-webkit-details-marker]:hidden">` +
    `<span>${escapeHtml(t('product.allPrices'))}</span>${iconHtml({ path: mdiChevronDown, class: 'transition-transform group-open:rotate-180' })}</summary>` +
    `<ul class="flex flex-col gap-1">${items.join('')}</ul></details>`
  );
}

/**
 * Options, price, stock and add-to-bag: one radio group per option, a value disabled when every variant
 * having it is out of stock; the first choice (`initialVariantId`) rendered from the build's data. The
 * element's script (variant-picker.ts) reads the variants and the labels back from the page.
 */
export function variantPickerHtml(
  productId: number,
  variants: readonly Variant[],
  initialVariantId: number,
): string {
  const initial = variants.find((variant) => variant.id === initialVariantId) ?? (variants[0] as Variant);
  const selection = selectionOf(initial);
  const price = priceDisplay(initial.price, initial.compareAtPrice);
  const soldOut = availability(initial) === 'soldOut';
  const { labels, json: labelsJson } = pickerLabels();
  let html =
    openTag('variant-picker', { 'data-product-id': productId, class: 'flex flex-col gap-4' }) +
    `<script type="application/json" data-variants>${jsonScriptText(variants)}</script>` +
    `<script type="application/json" data-labels>${labelsJson}</script>` +
    `<p data-price-line class="flex min-h-8 flex-wrap items-baseline gap-x-2"><span class="sr-only">${escapeHtml(t('product.price'))}</span>` +
    `<span data-sale${attr('hidden', !price.compareAt)} class="rounded bg-error px-1.5 py-0.5 text-xs font-bold text-black">${escapeHtml(t('product.sale'))}</span>` +
    `${priceHtml(initial, { amount: 'text-lg font-bold', compare: 'text-sm text-secondary' })}</p>`;
  for (const axis of productOptions(variants)) {
    html += `<fieldset><legend class="mb-2 text-sm font-bold">${escapeHtml(axis.displayName)}</legend><div class="flex flex-wrap gap-2">`;
    for (const option of axis.values) {
      html +=
        `<label class="group relative"><input type="radio"${attr('name', `option-${axis.name}`)}${attr('value', option.value)}` +
        `${attr('data-option', axis.name)}${attr('checked', selection[axis.name] === option.value)}${attr('disabled', option.disabled)}` +
        ` class="${OPTION_INPUT_CLASS}"><span class="${OPTION_LABEL_CLASS}"><span class="${OPTION_VALUE_CLASS}">${escapeHtml(option.displayValue)}</span>` +
        `${soldOutNoteHtml(option.disabled)}</span></label>`;
    }
    html += '</div></fieldset>';
  }
  html += allPricesHtml(variants, initial);
  return (
    `${html}<p class="text-sm"><span data-stock class="${soldOut ? 'rounded bg-error/20 px-1' : 'rounded'}">${escapeHtml(availabilityText(initial, labels))}</span></p>` +
    `<button type="button" data-add${attr('disabled', soldOut)} class="min-h-12 w-full rounded bg-primary px-6 font-bold text-white hover:bg-black disabled:bg-neutral-300 disabled:text-primary aria-busy:opacity-80">${escapeHtml(t('product.addToBag'))}</button>` +
    // Room for two lines of message, so a message never pushes the page down.
    '<div class="min-h-10 text-sm"><p role="status" data-status></p><p role="status" data-notice></p><p role="alert" data-error></p></div>' +
    closeTag('variant-picker')
  );
}

/**
 * `inner` folded behind 「続きを読む」 in the block `id` (for aria-controls). The page decides at build time
 * whether a description is long (description.ts), so the fold is in the HTML and nothing shifts when the
 * script runs.
 */
export function readMoreHtml(id: string, inner: string): string {
  return (
    `${openTag('read-more', { class: 'group block' })}<div${attr('id', id)}` +
    ' class="relative max-h-44 overflow-hidden after:pointer-events-none after:absolute after:inset-x-0 after:bottom-0 after:h-16 after:bg-linear-to-t after:from-white group-data-[open]:max-h-none group-data-[open]:after:hidden">' +
    `${inner}</div><button type="button" aria-expanded="false"${attr('aria-controls', id)}${attr('data-more', t('product.readMore'))}` +
    `${attr('data-less', t('product.readLess'))} class="mt-2 min-h-11 rounded px-2 text-sm font-bold underline underline-offset-4">` +
    `${escapeHtml(t('product.readMore'))}</button>${closeTag('read-more')}`
  );
}

/**
 * Structured data for product pages (schema.org Product with one Offer per variant), built at build time
 * from the catalogue: search engines read the JPY price and availability of every variant.
 */

import type { Product } from '../../lib/catalog/types.ts';
import { jsonScriptText } from '../../lib/custom-element.ts';
import { cutText } from '../../lib/html.ts';
import { imageUrl, MAIN_SIZE } from '../../lib/images.ts';
import { attr } from '../../lib/markup.ts';
import { leadVariant } from './product-rules.ts';

const IN_STOCK = 'https://schema.org/InStock';
const OUT_OF_STOCK = 'https://schema.org/OutOfStock';
const STRIKETHROUGH = 'https://schema.org/StrikethroughPrice';

/** One step of a breadcrumb trail: its name and, but for the page itself, its path. */
export interface TrailItem {
  label: string;
  href?: string;
}

/**
 * The schema.org BreadcrumbList of a trail from home (`trail`, home first) to the page at `pageUrl`
 * (absolute): each step at its absolute URL, the last at the page's.
 */
export function breadcrumbJsonLd(trail: readonly TrailItem[], pageUrl: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((step, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: step.label,
      item: step.href === undefined ? pageUrl : new URL(step.href, pageUrl).href,
    })),
  };
}

/** The JSON-LD Product of a product page at `pageUrl` (absolute); `plain` is its description's plain text. */
export function productJsonLd(product: Product, plain: string, pageUrl: string) {
  // Absolute, as structured data must be: an image on the site's own origin is root-relative in markup.
  const images = product.images.map((image) => new URL(imageUrl(image.src, MAIN_SIZE), pageUrl).href);
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.title,
    ...(images.length ? { image: images } : {}),
    description: cutText(plain, 5000),
    sku: leadVariant(product).sku,
    brand: { '@type': 'Brand', name: product.tenant.name },
    url: pageUrl,
    offers: product.variants.map((variant) => ({
      '@type': 'Offer',
      sku: variant.sku,
      name: variant.title || product.title,
      price: variant.price,
      priceCurrency: 'JPY',
      // On sale: the regular price is the one struck through, as the page shows it.
      ...(variant.compareAtPrice !== null && variant.compareAtPrice > variant.price
        ? {
            priceSpecification: [
              { '@type': 'UnitPriceSpecification', price: variant.price, priceCurrency: 'JPY' },
              {
                '@type': 'UnitPriceSpecification',
                priceType: STRIKETHROUGH,
                price: variant.compareAtPrice,
                priceCurrency: 'JPY',
              },
            ],
          }
        : {}),
      availability: variant.totalStock > 0 ? IN_STOCK : OUT_OF_STOCK,
      itemCondition: 'https://schema.org/NewCondition',
      url: pageUrl,
    })),
  };
}

/**
 * What a product page adds to its `<head>`: its structured data (schema.org Product with an Offer, JPY price
 * and availability, per variant; with `trail`, the BreadcrumbList from home to it) and its lead price for
 * sharing cards.
 */
export function productHeadHtml(
  product: Product,
  plain: string,
  pageUrl: string,
  price: number,
  trail: readonly TrailItem[] = [],
): string {
  const breadcrumb = trail.length
    ? `<script type="application/ld+json">${jsonScriptText(breadcrumbJsonLd(trail, pageUrl))}</script>`
    : '';
  return (
    `<script type="application/ld+json">${jsonScriptText(productJsonLd(product, plain, pageUrl))}</script>` +
    breadcrumb +
    `<meta property="product:price:amount"${attr('content', String(price))}><meta property="product:price:currency" content="JPY">`
  );
}

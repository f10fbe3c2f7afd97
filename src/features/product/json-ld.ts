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
      availability: variant.totalStock > 0 ? IN_STOCK : OUT_OF_STOCK,
      itemCondition: 'https://schema.org/NewCondition',
      url: pageUrl,
    })),
  };
}

/**
 * What a product page adds to its `<head>`: its structured data (schema.org Product with an Offer, JPY price
 * and availability, per variant) and its lead price for sharing cards.
 */
export function productHeadHtml(product: Product, plain: string, pageUrl: string, price: number): string {
  return (
    `<script type="application/ld+json">${jsonScriptText(productJsonLd(product, plain, pageUrl))}</script>` +
    `<meta property="product:price:amount"${attr('content', String(price))}><meta property="product:price:currency" content="JPY">`
  );
}

/**
 * A square catalogue image from the image host as markup: AVIF/WebP/JPEG at 1x and 2x through the one image
 * helper. The LCP image is eager with fetchpriority high; every other one is lazy, so none competes with it.
 * CatalogueImage.astro writes this; the product page's gallery writes it for each of its pictures.
 */
import { responsiveImage } from '../lib/images.ts';
import { attr } from '../lib/markup.ts';

export interface CatalogueImageProps {
  src: string | null | undefined;
  /** Display size in CSS px (256 thumbnails, 768 main). */
  size: number;
  alt: string;
  /** The page's LCP image. */
  priority?: boolean;
  class?: string;
  /** The `sizes` attribute, for an image whose displayed width depends on the viewport (width candidates). */
  sizes?: string | undefined;
}

export function catalogueImageHtml({
  src,
  size,
  alt,
  priority = false,
  class: className,
  sizes,
}: CatalogueImageProps): string {
  const image = responsiveImage(src, size, sizes);
  let html = '<picture>';
  for (const source of image.sources) {
    html += `<source${attr('type', source.type)}${attr('srcset', source.srcset)}${attr('sizes', sizes)}>`;
  }
  return (
    `${html}<img${attr('src', image.src)}${attr('width', image.width)}${attr('height', image.height)}` +
    `${attr('alt', alt)}${attr('class', className)}${attr('loading', priority ? 'eager' : 'lazy')}` +
    `${attr('decoding', priority ? 'sync' : 'async')}${attr('fetchpriority', priority ? 'high' : 'auto')}></picture>`
  );
}

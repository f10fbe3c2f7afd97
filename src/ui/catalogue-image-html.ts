/**
 * A square catalogue image from the image host as markup: AVIF/WebP/JPEG at 1x and 2x through the one image
 * helper. The LCP image is eager with fetchpriority high; every other one is lazy, so none competes with it.
 * The one picture writer on the server: CatalogueImage.astro, the product page's gallery and the tag pages'
 * cards write it (a string because those parts are on every product and tag page, where the build's time
 * is spent). CataloguePicture.tsx, its React twin, is held to the same DOM tree (catalogue-picture.test.tsx).
 */
import { responsiveImage } from '../lib/images.ts';
import { attr } from '../lib/markup.ts';
import { type PicturePriority, pictureLoading } from './picture-loading.ts';

export interface CatalogueImageProps {
  src: string | null | undefined;
  /** Display size in CSS px (256 thumbnails, 768 main). */
  size: number;
  alt: string;
  /** The page's LCP image (`true`), or one behind the page's own picture (`'low'`): pictureLoading. */
  priority?: PicturePriority;
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
  const { loading, decoding, fetchPriority } = pictureLoading(priority);
  let html = '<picture>';
  for (const source of image.sources) {
    html += `<source${attr('type', source.type)}${attr('srcset', source.srcset)}${attr('sizes', sizes)}>`;
  }
  return (
    `${html}<img${attr('src', image.src)}${attr('width', image.width)}${attr('height', image.height)}` +
    `${attr('alt', alt)}${attr('class', className)}${attr('loading', loading)}` +
    `${attr('decoding', decoding)}${attr('fetchpriority', fetchPriority)}></picture>`
  );
}

/**
 * The one image helper. Catalogue images come from the image host with size parameters: nothing is
 * processed at build time, so a 10,000-product build stays O(pages).
 */

/** Image sizes: 256×256 thumbnails, 768×768 main images. */
export const THUMBNAIL_SIZE = 256;
export const MAIN_SIZE = 768;

/** Shown when a product has no image: the fallback logo image. */
export const FALLBACK_IMAGE_SRC = '/images/fallback-logo.svg';

export type ImageFormat = 'avif' | 'webp' | 'jpeg';

/** The URL of `src` resized to a square of `size` px (cover) in `format`. */
export function imageUrl(src: string, size: number, format: ImageFormat = 'jpeg'): string {
  if (src === FALLBACK_IMAGE_SRC) return src;
  const url = new URL(src);
  url.searchParams.set('width', String(size));
  url.searchParams.set('height', String(size));
  url.searchParams.set('format', format);
  return url.toString();
}

/** `url 1x, url 2x` for a square display size. */
function imageSrcset(src: string, size: number, format: ImageFormat): string {
  return `${imageUrl(src, size, format)} 1x, ${imageUrl(src, size * 2, format)} 2x`;
}

/** `url 768w, url 1536w`: the browser picks by the `sizes` the image is shown at and the screen density. */
function imageSrcsetByWidth(src: string, size: number, format: ImageFormat): string {
  return `${imageUrl(src, size, format)} ${size}w, ${imageUrl(src, size * 2, format)} ${size * 2}w`;
}

export interface ResponsiveImage {
  /** The `<img src>`: JPEG at 1x, for browsers that take no `<source>`. */
  src: string;
  /** `<source>` candidates, best format first. */
  sources: { type: string; srcset: string }[];
  width: number;
  height: number;
}

/**
 * Everything a `<picture>` needs for a square catalogue image; the fallback image when `src` is missing.
 * With `sizes` (the `sizes` attribute the image gets), candidates are by width, so a phone at 1.75x showing
 * the image at 360 px takes the 1x file instead of the 2x one; without, they are 1x and 2x.
 */
export function responsiveImage(
  src: string | null | undefined,
  size: number,
  sizes?: string,
): ResponsiveImage {
  if (!src || src === FALLBACK_IMAGE_SRC)
    return { src: FALLBACK_IMAGE_SRC, sources: [], width: size, height: size };
  const srcset = sizes ? imageSrcsetByWidth : imageSrcset;
  return {
    src: imageUrl(src, size, 'jpeg'),
    sources: [
      { type: 'image/avif', srcset: srcset(src, size, 'avif') },
      { type: 'image/webp', srcset: srcset(src, size, 'webp') },
    ],
    width: size,
    height: size,
  };
}

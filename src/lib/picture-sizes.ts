/**
 * The sizes and renders of the site's catalogue pictures as lists, for the pages (logo sizes) and the
 * reference API, which renders each ahead of time (scripts/catalog-api/images.ts). Apart from the one image
 * helper (images.ts) so that no browser bundle carries them.
 */
import { type ImageFormat, MAIN_SIZE, SOURCE_FORMATS, THUMBNAIL_SIZE } from './images.ts';

/** A brand's logo: beside a product's name, in lists, on the brand's page, in chat's brand list. */
export const LOGO_SIZES = { beside: 32, list: 64, page: 96, chatList: 256 } as const;

/** The display sizes the site shows each kind of catalogue picture at. */
export const PICTURE_SIZES = {
  products: [THUMBNAIL_SIZE, MAIN_SIZE],
  areas: [MAIN_SIZE],
  tenants: Object.values(LOGO_SIZES),
} as const satisfies Record<string, readonly number[]>;

/**
 * Every render a picture shown at `size` px may ask for: each `<source>` format at 1x and 2x (or as widths
 * `size`w and 2×`size`w), and JPEG at 1x: what `responsiveImage` (images.ts) writes, as a list.
 */
export function pictureRenders(size: number): { size: number; format: ImageFormat }[] {
  return [
    ...SOURCE_FORMATS.flatMap(({ format }) => [
      { size, format },
      { size: size * 2, format },
    ]),
    { size, format: 'jpeg' },
  ];
}

/** The image the product page's gallery shows: a thumbnail the shopper chose, or the chosen variant's. */
import { atom } from 'nanostores';
import type { ProductImage } from '../../lib/catalog/types.ts';

/** Null: the product's first image (as the server rendered it). */
export const $galleryImage = atom<ProductImage | null>(null);

/** Shows an image in the gallery's main view. */
export function showImage(image: ProductImage): void {
  $galleryImage.set(image);
}

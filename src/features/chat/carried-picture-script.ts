/**
 * The /chat/ page's script for a product a Japanese page sent the visitor with: a classic script inline
 * right after the built bubble that waits for it (src/pages/chat/index.astro), run as the page is parsed.
 * When the address carries a product and the redirect handed over its picture (carried-picture.ts), the
 * bubble shows that picture at once, as the product bubble will (ChatProduct.tsx), instead of after chat's
 * code, its strings and the product's answer. Built by src/engine/files/head-scripts.ts; its digest is in the
 * page's policy. Elements and attributes only: nothing from storage is read as markup.
 */
import { MAIN_SIZE, responsiveImage } from '../../lib/images.ts';
import { pictureLoading } from '../../ui/picture-loading.ts';
import { carriedPicture } from './carried-picture.ts';
import { carriedId } from './language.ts';
import { BUBBLE_PICTURE_CLASS, BUBBLE_PICTURE_SIZES, CARRIED_BUBBLE_ID } from './thread-look.ts';

try {
  const bubble = document.getElementById(CARRIED_BUBBLE_ID);
  const src = carriedPicture(carriedId(new URLSearchParams(location.search).get('productId') ?? ''));
  if (bubble && src) {
    const image = responsiveImage(src, MAIN_SIZE, BUBBLE_PICTURE_SIZES);
    const picture = document.createElement('picture');
    for (const { type, srcset } of image.sources) {
      const source = document.createElement('source');
      source.type = type;
      source.srcset = srcset;
      source.sizes = BUBBLE_PICTURE_SIZES;
      picture.append(source);
    }
    const img = document.createElement('img');
    img.width = image.width;
    img.height = image.height;
    img.alt = '';
    img.className = BUBBLE_PICTURE_CLASS;
    Object.assign(img, pictureLoading(true));
    picture.append(img);
    (bubble.lastElementChild ?? bubble).append(picture);
    // Last, once the sources are in place: an address given sooner would be fetched as the JPEG.
    img.src = image.src;
    bubble.hidden = false;
  }
} catch {
  // The product bubble shows the picture once the product has loaded.
}

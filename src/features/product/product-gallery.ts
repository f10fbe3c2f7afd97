/** <product-gallery>: thumbnails and the chosen variant's image swap the main image (ProductGallery.astro). */
import type { ProductImage } from '../../lib/catalog/types.ts';
import { define } from '../../lib/custom-element.ts';
import { MAIN_SIZE, responsiveImage } from '../../lib/images.ts';
import { $galleryImage, showImage } from './gallery-store.ts';

class ProductGallery extends HTMLElement {
  #unsubscribe: (() => void) | undefined;

  connectedCallback() {
    this.addEventListener('click', (event) => {
      const button = (event.target as Element).closest<HTMLButtonElement>('button[data-src]');
      if (button) showImage({ id: Number(button.dataset.imageId), src: button.dataset.src ?? '' });
    });
    this.#unsubscribe = $galleryImage.listen((image) => {
      if (image) this.#show(image);
    });
  }

  disconnectedCallback() {
    this.#unsubscribe?.();
  }

  /** Replaces the main <picture> with one for `image`, keeping the <img>'s size, alt and priority. */
  #show(image: ProductImage) {
    const img = this.querySelector<HTMLImageElement>('[data-main] img');
    const picture = img?.closest('picture');
    if (!img || !picture) return;
    // The same candidates as the server rendered: by width when the image has `sizes`.
    const sizes = picture.querySelector('source')?.sizes || undefined;
    const next = responsiveImage(image.src, MAIN_SIZE, sizes);
    const fresh = document.createElement('picture');
    for (const source of next.sources) {
      const element = document.createElement('source');
      element.type = source.type;
      element.srcset = source.srcset;
      if (sizes) element.sizes = sizes;
      fresh.append(element);
    }
    const copy = img.cloneNode() as HTMLImageElement;
    copy.src = next.src;
    fresh.append(copy);
    picture.replaceWith(fresh);
    for (const button of this.querySelectorAll<HTMLButtonElement>('button[data-image-id]')) {
      button.setAttribute('aria-pressed', String(Number(button.dataset.imageId) === image.id));
    }
  }
}

define('product-gallery', ProductGallery);

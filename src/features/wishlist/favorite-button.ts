/** <favorite-button>: the heart toggles the product in the favorites (FavoriteButton.astro). */

import { define, readJson } from '../../lib/custom-element.ts';
import type { ProductSummary } from '../product/index.ts';
import { $wishlist, isFavorite, toggleFavorite } from './wishlist-store.ts';

class FavoriteButton extends HTMLElement {
  #unsubscribe: (() => void) | undefined;

  connectedCallback() {
    const product = readJson<ProductSummary>(this, 'product');
    const button = this.querySelector('button');
    const status = this.querySelector('[role="status"]');
    if (!product || !button || !status) return;
    this.#unsubscribe = $wishlist.subscribe((items) => {
      button.setAttribute('aria-pressed', String(isFavorite(items, product.id)));
    });
    button.addEventListener('click', () => {
      status.textContent = (toggleFavorite(product) ? button.dataset.added : button.dataset.removed) ?? '';
    });
  }

  disconnectedCallback() {
    this.#unsubscribe?.();
  }
}

define('favorite-button', FavoriteButton);

/**
 * The heart on a product page as markup: adds the product to the favorites (the wishlist, kept in
 * localStorage). FavoriteButton.astro writes it; its element (favorite-button.ts) comes with the product
 * page's one script. A string for the build's time, like the product page's other parts (product-html.ts).
 */
import { mdiHeart, mdiHeartOutline } from '@mdi/js';
import { t } from '../../i18n/build-time.ts';
import { closeTag, jsonScriptText, openTag } from '../../lib/custom-element.ts';
import { attr, escapeHtml } from '../../lib/markup.ts';
import { iconHtml } from '../../ui/icon-html.ts';
import type { ProductSummary } from '../product/index.ts';

/** `product`: what the wishlist keeps of it. */
export function favoriteButtonHtml(product: ProductSummary): string {
  return (
    `${openTag('favorite-button', { class: 'shrink-0' })}<script type="application/json" data-product>${jsonScriptText(product)}</script>` +
    `<button type="button" aria-pressed="false"${attr('data-added', t('product.favoriteAdded'))}${attr('data-removed', t('product.favoriteRemoved'))}` +
    ' class="group flex h-11 w-11 items-center justify-center rounded-full border border-accent/60 hover:bg-neutral-100">' +
    iconHtml({ path: mdiHeartOutline, class: 'group-aria-pressed:hidden' }) +
    iconHtml({ path: mdiHeart, class: 'hidden text-error group-aria-pressed:block' }) +
    `<span class="sr-only">${escapeHtml(t('product.favorite'))}</span></button><span role="status" class="sr-only"></span>${closeTag('favorite-button')}`
  );
}

/**
 * The product page's script, built whole into one file (the page imports it as `?worker&url`): the startup
 * every page runs, then the page's custom elements. Split along the chunks the pages with islands share, it
 * would be seven files three imports deep before the page's buttons work. The startup's code is in those
 * chunks too: a visitor who goes on to a page with islands downloads it again.
 */
import '../../../../../layouts/page-start.ts';
import '../../../../../features/product/product-gallery.ts';
import '../../../../../features/product/read-more.ts';
import '../../../../../features/product/variant-picker.ts';
import '../../../../../features/wishlist/favorite-button.ts';

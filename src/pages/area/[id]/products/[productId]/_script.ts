/**
 * The product page's script, built whole into one file (the page imports it as `?worker&url`): the startup
 * every page runs, then the page's custom elements. The shared chunks the other pages load would be seven
 * files, three imports deep, before the page's buttons work; the startup's code is also in those chunks,
 * downloaded again by a visitor who goes on to another page.
 */
import '../../../../../layouts/page-start.ts';
import '../../../../../features/product/product-gallery.ts';
import '../../../../../features/product/read-more.ts';
import '../../../../../features/product/variant-picker.ts';
import '../../../../../features/wishlist/favorite-button.ts';

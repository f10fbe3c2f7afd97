/**
 * The bag page asked for ahead when a product is added on its page: the shopper's next page is likely the
 * bag, which then comes from the browser's cache, its first script (held-bag-script.ts) with it, and draws
 * the bag the add kept (held-view.ts) without a round trip.
 */
import heldBagScript from './held-bag-script.ts?worker&url';

/** Asks the browser to fetch the bag page and its first script into its cache (once per page). */
export function prefetchBagPage(): void {
  for (const href of ['/cart/', heldBagScript]) {
    if (document.querySelector(`link[rel="prefetch"][href="${href}"]`)) continue;
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.href = href;
    document.head.append(link);
  }
}

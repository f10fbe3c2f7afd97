/**
 * The bag page's first script, plain and built whole (no React, no import): draws the bag the tab holds,
 * from the view the product page kept with it (held-view.ts), into the page's markup as soon as the parser
 * has passed it, long before React has come (held-bag.ts). The product page asks for this file when a
 * product is added (held-bag-prefetch.ts), so the bag page finds it in the browser's cache.
 */
import { drawHeldBag } from './held-bag.ts';
import { HELD_BAG_TEMPLATE } from './held-bag-marks.ts';
import { heldView } from './stored-bag.ts';

const template = document.getElementById(HELD_BAG_TEMPLATE);
const island = template?.previousElementSibling;
try {
  const view = heldView(document.documentElement.dataset.codeVersion);
  if (view && island && template instanceof HTMLTemplateElement) drawHeldBag(island, template, view);
} catch {
  // No storage, or a view of another shape than the template's: the island draws the bag.
}

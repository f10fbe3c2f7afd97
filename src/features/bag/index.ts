/**
 * The bag feature's public entry for other features: its actions and rules. Plain, light TypeScript only:
 * the product page reaches the bag through here, so nothing heavier than adding to the bag may ride along
 * (no strings catalogue, no React). The components other features compose are in components.ts.
 */
export { addToBag } from './add-to-bag.ts';
export { anyShipped } from './bag-lines.ts';
export { clearBag } from './bag-store.ts';
export { summaryOfBagLine, summaryOfOrderLine } from './bag-summaries.ts';
export { prefetchBagPage } from './held-bag-prefetch.ts';
export { keepHeldBag } from './held-view.ts';

/** The catalogue feature's public entry for other features: plain TypeScript only. */
export { normalizeForSearch } from './brand-search.ts';
export { type FirstPage, placesKept } from './product-list.ts';

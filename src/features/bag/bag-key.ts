/**
 * Where the tab keeps the whole bag the server last gave (sessionStorage): a module of its own, so the
 * every-page bag store (bag-store.ts) and the bag page's readers of it (stored-bag.ts) share the key and
 * nothing else.
 */
export const BAG_KEY = 'bag:v1';

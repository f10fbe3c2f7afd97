/**
 * The client build's chunk groups (Rolldown's `codeSplitting.groups`), set by storefront.ts: which modules
 * share a file. Each group is a file the pages needing it load whole, gzipped on its own, instead of a file
 * for each set of pages sharing a module: fewer requests and fewer bytes on the pages with the smallest
 * JavaScript budgets.
 */

/**
 * What every page's scripts import (the onboarding check, the header's bag count, the stores and the lean
 * request under them): one file instead of seven. Vite's dynamic-import helper is not among them: no plain
 * page needs it (their lazy parts are loaded by URL, see the `worker` option below).
 */
const EVERY_PAGE =
  /nanostores[\\/](atom|clean-stores|warn)[\\/]|src[\\/](lib[\\/](storage|data-not-found-error|catalog[\\/](request|config|cart-lean))|features[\\/](bag[\\/]bag-store|onboarding[\\/]onboarding-store))\.ts$/;

/**
 * React as every island needs it: react, react-dom's client and its scheduler, the JSX runtime and Astro's
 * React renderer. Every React page loads all of them, so one file, not four: less JavaScript on each React
 * page (docs/performance.md). astro-config.test.ts checks that the pattern matches the files these packages resolve to.
 */
const REACT_RUNTIME = /node_modules[\\/](react|react-dom|scheduler|@astrojs[\\/]react)[\\/]/;

/**
 * The product list's parts, each a file of its own that the pages needing it load whole: the lists' shared
 * basics (image URLs, prices, the "handled" mark of a failure shown: also the bag and chat), the card with
 * the summary that fills it from a product and the check of a stored summary (the wishlist shows stored
 * summaries, checked, in cards; every page that checks a summary shows it in a card), the list with its store
 * and next-page call (area, brand and chat brand pages). A group takes its modules' imports along unless a
 * group of higher priority holds them, so the modules the list imports that other pages load without the list
 * are groups of their own: the error module, the React binding of the stores.
 */
const PRODUCT_BASICS = /src[\\/]lib[\\/](images|format[\\/]price|handled)\.ts$/;
const PRODUCT_CARD =
  /src[\\/](ui[\\/](ProductCard|CataloguePicture)\.tsx|lib[\\/]format[\\/]list-price\.ts|features[\\/]product[\\/](product-summary|product-rules|summary-check)\.ts)$/;
const PRODUCT_LIST =
  /src[\\/](features[\\/]catalogue[\\/](ProductList\.tsx|area-list-store\.ts)|lib[\\/]catalog[\\/]product-list-lean\.ts)$/;
const ERRORS = /src[\\/]lib[\\/]errors\.ts$/;
const STORES_REACT = /node_modules[\\/]@nanostores[\\/]react[\\/]/;

/**
 * Fetching the site's own files: the fetch with its time limit and the payloads read through it, one file.
 * The scanner and the wishlist read payloads; chat and the address form fetch other files of the site, and
 * load the few bytes of the payload's reader with it rather than a file more on the scanner's budget.
 */
const SITE_FILES = /src[\\/]lib[\\/](payload|site-file)\.ts$/;

/**
 * The hrefs: the catalogue's (src/lib/routes.ts), the mode (mode.ts) and the pages that follow it
 * (mode-routes.ts), a file each. The product lists link to products only and load the first alone; the
 * scanner reads the mode besides; the bag and the QR hand-off load all three.
 */
const ROUTES = /src[\\/]lib[\\/]mode-routes\.ts$/;
const HREFS = /src[\\/]lib[\\/]routes\.ts$/;
const MODE = /src[\\/]lib[\\/]mode\.ts$/;

/**
 * The client build's chunk groups (Rolldown's `codeSplitting.groups`): a group of higher priority takes its
 * modules first. src/engine/astro-config.test.ts checks that each pattern still names files that exist.
 */
export const CHUNK_GROUPS = [
  { name: 'react', test: REACT_RUNTIME, priority: 20 },
  { name: 'site', test: EVERY_PAGE, priority: 10 },
  { name: 'routes', test: ROUTES, priority: 5 },
  { name: 'hrefs', test: HREFS, priority: 6 },
  { name: 'mode', test: MODE, priority: 6 },
  { name: 'nanostores-react', test: STORES_REACT, priority: 4 },
  { name: 'product-basics', test: PRODUCT_BASICS, priority: 4 },
  { name: 'errors', test: ERRORS, priority: 4 },
  { name: 'site-files', test: SITE_FILES, priority: 4 },
  { name: 'product-card', test: PRODUCT_CARD, priority: 3 },
  { name: 'product-list', test: PRODUCT_LIST, priority: 2 },
];

// The environment every `astro build` of this project runs with (npm run build, npm start, the publisher's
// scheduled rebuilds, the bench), on top of the caller's own.
import { resolve } from 'node:path';

/**
 * Settings of mimalloc, the allocator linked into the bundler's native parts (Rolldown, oxc, Astro's
 * compiler). By default it backs its arenas with transparent huge pages and returns freed memory to the
 * system only after a delay, so the memory of the bundling step stayed resident through the whole page
 * rendering that follows and the build's peak memory was a quarter higher at 100,000 products. A value
 * already set in the environment wins.
 */
export function buildEnv(env = process.env) {
  return {
    MIMALLOC_ALLOW_THP: env.MIMALLOC_ALLOW_THP ?? '0',
    MIMALLOC_PURGE_DELAY: env.MIMALLOC_PURGE_DELAY ?? '0',
  };
}

/**
 * Node's options for the same builds. V8 lets the heap grow to only about 1.3 times what survived its last
 * full collection once the build holds a large catalogue, so the collector ran every second or so on the
 * second core the worker and the pages need. Twice, always: faster at 100,000 products with the same peak
 * memory. A V8 option, so it cannot go in NODE_OPTIONS; the callers put it before the script.
 */
export const BUILD_NODE_OPTIONS = ['--heap-growing-percent=100'];

/**
 * The site's canonical origin (canonical URLs, Open Graph, the sitemap): SITE_URL, else the URL Netlify
 * gives a site's builds and functions (`URL`), else the local server's.
 */
export function siteUrl(env = process.env) {
  return env.SITE_URL || env.URL || 'http://localhost:4321';
}

/**
 * The build's cache folder (the catalogue's snapshot, the page pack, the site check's memo): ASTRO_CACHE_DIR,
 * else Astro's own default, from the project's root `root`.
 */
export function buildCacheDir(root, env = process.env) {
  return resolve(root, env.ASTRO_CACHE_DIR ?? 'node_modules/.astro');
}

// The environment every `astro build` of this project runs with (npm run build, npm start, the publisher's
// scheduled rebuilds, the bench), on top of the caller's own.

/**
 * Settings of mimalloc, the allocator linked into the bundler's native parts (Rolldown, oxc, Astro's
 * compiler). By default it backs its arenas with transparent huge pages and returns freed memory to the
 * system only after a delay, so the memory of the bundling step stayed resident through the whole page
 * rendering that follows: 470 MB of huge pages at 10,000 products, and at 100,000 products the build's
 * peak went from 2.1 GB to 1.6 GB without them (docs/performance.md). A value already set in the
 * environment wins.
 */
export function buildEnv(env = process.env) {
  return {
    MIMALLOC_ALLOW_THP: env.MIMALLOC_ALLOW_THP ?? '0',
    MIMALLOC_PURGE_DELAY: env.MIMALLOC_PURGE_DELAY ?? '0',
  };
}

/**
 * Node's options for the same builds. V8 lets the heap grow to only about 1.3 times what survived its last
 * full collection once the build holds a large catalogue (at 100,000 products it marked its 290 MB heap
 * every 1.2 s, on the collector's threads, which took the second core from the worker and the pages), and
 * about twice at 10,000. Twice, always: 178.6 -> 171.6 s at 100,000 products, with the same peak memory
 * (docs/performance.md). A V8 option, so it cannot go in NODE_OPTIONS; the callers put it before the script.
 */
export const BUILD_NODE_OPTIONS = ['--heap-growing-percent=100'];

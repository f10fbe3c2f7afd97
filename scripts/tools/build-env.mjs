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

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
/**
 * glibc's allocator, which backs Node's buffers: a buffer of 16 KB or more gets a mapping of its own, given
 * back to the system when the buffer is freed. Every page a build writes passes through a few page-sized
 * buffers (a product page is about 28 KB); under glibc's default they come from its heap, which keeps what
 * is freed, and the process grew with them: at 100,000 products the rebuild, which goes through pages
 * fastest, peaked at 2.2–2.3 GB, and at 1.6 GB with this setting, in the same time (docs/performance.md).
 * A value already set in the environment wins (and replaces this one: it is one variable).
 */
const GLIBC_MALLOC = 'glibc.malloc.mmap_threshold=16384';

export function buildEnv(env = process.env) {
  return {
    MIMALLOC_ALLOW_THP: env.MIMALLOC_ALLOW_THP ?? '0',
    MIMALLOC_PURGE_DELAY: env.MIMALLOC_PURGE_DELAY ?? '0',
    GLIBC_TUNABLES: env.GLIBC_TUNABLES ?? GLIBC_MALLOC,
  };
}

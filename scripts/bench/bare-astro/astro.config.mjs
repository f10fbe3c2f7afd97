// @ts-check
// The bare Astro project the bench builds beside the product (scripts/bench/run.mjs): one `[id].astro`
// rendering BARE_PAGES trivial pages, so the product's build is compared with Astro's own per-page cost at
// the same page count on the same machine in the same run.
import { defineConfig } from 'astro/config';

export default defineConfig({
  output: 'static',
  outDir: process.env.OUT_DIR ?? './dist',
  cacheDir: process.env.ASTRO_CACHE_DIR ?? './node_modules/.astro',
  build: { format: 'directory' },
});

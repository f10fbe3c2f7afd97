// @ts-check
// The site's configuration: what Astro needs before any integration runs, and the storefront, which
// brings every integration, chunk group and the page policy (src/engine/storefront.ts) and is handed this
// build's context.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'astro/config';
import { siteUrl } from './scripts/tools/build-env.mjs';
import storefront, { buildContext } from './src/engine/storefront.ts';

// One id, time, site and input digest for the whole build; OUT_DIR and ASTRO_CACHE_DIR let two builds run
// at once (the end-to-end run, the publisher's rebuilds).
const build = buildContext(fileURLToPath(new URL('.', import.meta.url)), process.env, siteUrl());

export default defineConfig({
  site: build.siteUrl,
  output: 'static',
  outDir: build.outDir,
  cacheDir: build.cacheDir,
  trailingSlash: 'ignore',
  // Astro's log, line for line, written a few kilobytes at a time (src/engine/astro/build-log.ts).
  logger: { entrypoint: './src/engine/astro/build-log.ts' },
  integrations: [storefront(build)],
});

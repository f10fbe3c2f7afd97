// @ts-check

import { join, resolve } from 'node:path';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'astro/config';
import { siteUrl } from './scripts/tools/build-env.mjs';
import clientDirectives from './src/engine/astro/client-directives.ts';
import cspDigests from './src/engine/astro/csp-digests.ts';
import pageScriptPreload from './src/engine/astro/page-script-preload.ts';
import catalogueLoad from './src/engine/catalogue/catalogue-integration.ts';
import catalogueVersion from './src/engine/catalogue/catalogue-version.ts';
import apiProxy from './src/engine/files/api-proxy.ts';
import backgroundFiles from './src/engine/files/background-files.ts';
import buildManifest from './src/engine/files/build-manifest.ts';
import headScripts from './src/engine/files/head-scripts.ts';
import postalData from './src/engine/files/postal-data.ts';
import sitemap from './src/engine/files/sitemap.ts';
import sourceMaps, { sourceMapUpload } from './src/engine/files/source-maps.ts';
import { buildInputsDigest } from './src/engine/pages/build-inputs.ts';
import pageReuse from './src/engine/pages/page-reuse.ts';
import { EMBED_ORIGINS } from './src/features/site/embed-origins.ts';
import { createBuildId } from './src/lib/build-info.ts';
import { AREA_QUERY_REDIRECT, NOT_FOUND_PATH, scriptHash } from './src/lib/inline-scripts.ts';
import { inSitemap } from './src/lib/seo.ts';
import { telemetryCsp } from './src/lib/telemetry-config.ts';

/**
 * What every page's scripts import (the onboarding check, the header's bag count, the stores and the lean
 * request under them): one file instead of seven. Vite's dynamic-import helper is not among them: no plain
 * page needs it (their lazy parts are loaded by URL, see the `worker` option below).
 */
const EVERY_PAGE =
  /nanostores[\\/](atom|clean-stores|warn)[\\/]|src[\\/](lib[\\/](storage|data-not-found-error|catalog[\\/](request|config|cart-lean))|features[\\/](bag[\\/]bag-store|onboarding[\\/]onboarding-store))\.ts$/;

/**
 * React as every island needs it: react, react-dom's client and its scheduler, the JSX runtime and Astro's
 * React renderer. Every React page loads all of them, so one file, not four: about 750 B gzip less on each
 * React page. astro-config.test.ts checks that the pattern matches the files these packages resolve to.
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
 * The hrefs: the catalogue's (src/lib/routes.ts), the mode (mode.ts) and the pages that follow it
 * (mode-routes.ts), a file each. The product lists link to products only and load the first alone; the
 * scanner reads the mode besides; the bag and the QR hand-off load all three.
 */
const ROUTES = /src[\\/]lib[\\/]mode-routes\.ts$/;
const HREFS = /src[\\/]lib[\\/]routes\.ts$/;
const MODE = /src[\\/]lib[\\/]mode\.ts$/;

/**
 * The client build's chunk groups (Rolldown's `codeSplitting.groups`): a group of higher priority takes its
 * modules first. Exported for src/engine/astro-config.test.ts.
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
  { name: 'product-card', test: PRODUCT_CARD, priority: 3 },
  { name: 'product-list', test: PRODUCT_LIST, priority: 2 },
];

// One build id and time for the whole build: every page, payload and /_build/ file reads these.
process.env.BUILD_TIME ??= new Date().toISOString();
process.env.BUILD_ID ??= createBuildId(new Date(process.env.BUILD_TIME));

// The canonical origin, set before the build inputs' digest so that it is one of them.
process.env.SITE_URL = siteUrl();

// What the pages are made of besides the catalogue: the product pages' cache keys start with it.
process.env.BUILD_INPUTS = buildInputsDigest(resolve('.'));

// Separate caches let two builds run at once (e2e runs on different ports).
const cacheDir = resolve(process.env.ASTRO_CACHE_DIR ?? './node_modules/.astro');
// The checked catalogue of this build, where the pages read the products (src/engine/catalogue/snapshot.ts).
process.env.CATALOGUE_SNAPSHOT = join(cacheDir, 'catalogue', 'snapshot.ndjson');

const outDir = resolve(process.env.OUT_DIR ?? './dist');
// Source maps for error reports, when a Sentry auth token is configured (src/engine/files/source-maps.ts).
const sourceMapsUpload = sourceMapUpload(process.env, process.env.BUILD_ID);

// Error reporting and the tag manager, when configured (PUBLIC_SENTRY_DSN, PUBLIC_GTM_ID in the build's
// environment): the only third-party origins the policy then allows (src/lib/telemetry-config.ts).
const telemetry = telemetryCsp(process.env);

export default defineConfig({
  site: process.env.SITE_URL,
  output: 'static',
  // A second build (the fault-injection test) writes elsewhere so it never clobbers the served site.
  outDir,
  cacheDir,
  trailingSlash: 'ignore',
  build: {
    format: 'directory',
    // The site's stylesheet is one cached file, linked from every page; only stylesheets under 4 KB (a
    // page's own scoped styles) are inlined. Inlined, it would be half of every page's bytes, downloaded
    // again on every page.
    inlineStylesheets: 'auto',
    // Pages rendered at once: rendering overlaps the writes of ~22,000 files at 10,000 products
    // (4 is the fastest on 2 cores; docs/performance.md has the figures).
    concurrency: Number(process.env.ASTRO_BUILD_CONCURRENCY ?? 4),
  },
  // A content security policy on every page, without 'unsafe-inline' for scripts or styles: Astro hashes
  // every inline script and style it renders (the island runtime, small bundled scripts, the inlined CSS) into
  // a <meta http-equiv> policy. What a <meta> policy cannot carry (frame-ancestors) is a header in
  // netlify.toml. Images may come from the catalog API's image host over https.
  security: {
    csp: {
      directives: [
        "default-src 'self'",
        "img-src 'self' https: data:",
        "media-src 'self' https: blob:",
        "font-src 'self'",
        /** @type {`connect-src${string}`} */ (["connect-src 'self'", ...telemetry.connectSrc].join(' ')),
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
        "manifest-src 'self'",
        "worker-src 'self'",
        // Editors' social embeds, loaded when the visitor asks (src/features/site/embed-origins.ts).
        `frame-src ${Object.values(EMBED_ORIGINS).join(' ')}`,
      ],
      // The two scripts that must run inline before paint (src/lib/inline-scripts.ts).
      scriptDirective: {
        hashes: [scriptHash(AREA_QUERY_REDIRECT), scriptHash(NOT_FOUND_PATH)],
        resources: ["'self'", ...telemetry.scriptSrc],
      },
    },
  },
  // Astro's log, line for line, written a few kilobytes at a time: a build logs two lines per page
  // (src/engine/astro/build-log.ts).
  logger: { entrypoint: './src/engine/astro/build-log.ts' },
  integrations: [
    // First: the catalogue loads on its own thread while Astro starts and bundles.
    catalogueLoad(),
    react(),
    // `client:when-needed` (the lists' islands wake when the visitor needs them) and
    // `client:after-carried-picture` (chat's island after the picture it was sent with is on screen).
    clientDirectives(),
    // The shared chunks the layout's page script imports, named beside it (src/engine/astro/page-script-preload.ts).
    pageScriptPreload(),
    sitemap({ filter: inSitemap }),
    apiProxy(),
    buildManifest(),
    headScripts(),
    postalData(),
    catalogueVersion(),
    backgroundFiles(),
    // A product page whose cache key (the build's inputs, the areas, the product's digest) is the same as
    // in the last build is that build's page, stamped with this build's id, instead of rendered again.
    pageReuse(),
    // The policy's digests of a route's head scripts and styles computed once, not for every page.
    cspDigests(),
    sourceMaps(sourceMapsUpload, outDir),
  ],
  vite: {
    plugins: [tailwindcss()],
    // A module imported as `./x.ts?worker&url` is built on its own, self-contained, and the import gives its
    // URL: the every-page script loads its lazy parts (the error reporter, web vitals, the onboarding dialog)
    // with a plain import(url), without Vite's dynamic-import helper (~720 B gzip). They run in the page,
    // not in a worker, so they are built as ES modules.
    worker: { format: 'es' },
    environments: {
      client: {
        build: {
          rolldownOptions: {
            output: {
              // Fewer requests and fewer bytes on the pages with the smallest JavaScript budgets: a file per
              // group, each gzipped on its own, instead of a file for each set of pages sharing a module.
              // src/engine/astro-config.test.ts checks that each pattern still names files that exist.
              codeSplitting: {
                groups: CHUNK_GROUPS,
              },
            },
          },
        },
      },
    },
  },
});

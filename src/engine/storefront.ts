/**
 * The engine's entry: `storefront()`, the one integration astro.config.mjs names. It orders the integrations
 * the site needs, sets the client build's chunk groups, the page policy (the content security policy) and
 * how pages render, and takes the build's context as its argument: its id and time, its canonical site,
 * the digest of its inputs and the code's version made of it, and where its catalogue snapshot is. It is the
 * one place that hands that context on to the pages and the engine's threads, through src/lib/build-info.ts,
 * the one module that writes and reads the channel it travels in.
 *
 * Its order matters: the catalogue's load starts first (it runs on its own thread while Astro starts and
 * bundles); the page reuse wraps the prerenderer after the files beside the pages are planned.
 */
import { join, resolve } from 'node:path';
import react from '@astrojs/react';
import tailwindcss from '@tailwindcss/vite';
import type { AstroConfig, AstroIntegration } from 'astro';
import { buildCacheDir } from '../../scripts/tools/build-env.mjs';
import { EMBED_ORIGINS } from '../features/site/embed-origins.ts';
import { createBuildId, handOn } from '../lib/build-info.ts';
import { AREA_QUERY_REDIRECT, NOT_FOUND_PATH, scriptHash } from '../lib/inline-scripts.ts';
import { inSitemap } from '../lib/seo.ts';
import { telemetryCsp } from '../lib/telemetry-config.ts';
import cspDigests from './astro/csp-digests.ts';
import pageScriptPreload from './astro/page-script-preload.ts';
import catalogueLoad from './catalogue/catalogue-integration.ts';
import catalogueVersion from './catalogue/catalogue-version.ts';
import { CHUNK_GROUPS } from './chunk-groups.ts';
import clientDirectives from './client-directives/client-directives.ts';
import apiProxy from './files/api-proxy.ts';
import backgroundFiles from './files/background-files.ts';
import buildManifest from './files/build-manifest.ts';
import headScripts from './files/head-scripts.ts';
import postalData from './files/postal-data.ts';
import sitemap from './files/sitemap.ts';
import sourceMaps, { sourceMapUpload } from './files/source-maps.ts';
import { buildInputsDigest, codeVersionOf } from './pages/build-inputs.ts';
import pageReuse, { PagesFromPack } from './pages/page-reuse.ts';
import { WORKER_URL_ENTRIES } from './worker-url-entries.ts';

/** What one build is: its pages, payloads and /_build/ files read these. */
export interface BuildContext {
  /** This build's id (`BUILD_ID` when the caller gives one: the golden output fixes it); only its record says it. */
  buildId: string;
  /** This build's time, ISO 8601 (`BUILD_TIME` when given): its record, and the seasonal theme in force. */
  builtAt: string;
  /** The canonical origin (canonical URLs, Open Graph, the sitemap). */
  siteUrl: string;
  /** Digest of what the pages are made of besides the catalogue (build-inputs.ts): the cache keys start with it. */
  buildInputs: string;
  /**
   * The code's version every page carries, made of `buildInputs`: the same for every build of the same code
   * (`CODE_VERSION` when the caller gives one: the golden output fixes it, so that a refactor changes no page).
   */
  codeVersion: string;
  /** Where the build writes, and its cache folder (the snapshot and the page pack live there). */
  outDir: string;
  cacheDir: string;
  /** The checked catalogue of this build (src/engine/catalogue/snapshot.ts). */
  snapshotPath: string;
  /** Pages rendered at once. */
  concurrency: number;
}

/**
 * The build's context from the project's root and the caller's environment: one id and time for the whole
 * build, the canonical origin set before the inputs' digest so that it is one of them.
 */
export function buildContext(
  root: string,
  env: Record<string, string | undefined>,
  site: string,
): BuildContext {
  const builtAt = env.BUILD_TIME ?? new Date().toISOString();
  const cacheDir = buildCacheDir(root, env);
  const buildInputs = buildInputsDigest(root, { ...env, SITE_URL: site });
  return {
    buildId: env.BUILD_ID ?? createBuildId(new Date(builtAt)),
    builtAt,
    siteUrl: site,
    buildInputs,
    codeVersion: env.CODE_VERSION ?? codeVersionOf(buildInputs),
    outDir: resolve(root, env.OUT_DIR ?? 'dist'),
    cacheDir,
    snapshotPath: join(cacheDir, 'catalogue', 'snapshot.ndjson'),
    // 4 is the fastest on 2 cores (docs/performance.md has the figures).
    concurrency: Number(env.ASTRO_BUILD_CONCURRENCY ?? 4),
  };
}

/** The content security policy of every page, without 'unsafe-inline' for scripts or styles. */
function pagePolicy(
  env: Record<string, string | undefined>,
): Exclude<AstroConfig['security']['csp'], boolean> {
  // Error reporting and the tag manager, when configured (PUBLIC_SENTRY_DSN, PUBLIC_GTM_ID): the only
  // third-party origins the policy then allows (src/lib/telemetry-config.ts).
  const telemetry = telemetryCsp(env);
  return {
    // Named: a policy set by an integration is not given the config's defaults.
    algorithm: 'SHA-256' as const,
    // Astro hashes every inline script and style it renders (the island runtime, small bundled scripts, the
    // inlined CSS) into a <meta http-equiv> policy. What a <meta> policy cannot carry (frame-ancestors) is a
    // header in netlify.toml. Images may come from the catalog API's image host over https.
    directives: [
      "default-src 'self'",
      "img-src 'self' https: data:",
      "media-src 'self' https: blob:",
      "font-src 'self'",
      ["connect-src 'self'", ...telemetry.connectSrc].join(' ') as `connect-src${string}`,
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "manifest-src 'self'",
      "worker-src 'self'",
      // Editors' social embeds, loaded when the visitor asks (src/features/site/embed-origins.ts).
      `frame-src ${Object.values(EMBED_ORIGINS).join(' ')}` as `frame-src${string}`,
    ],
    // The two scripts that must run inline before paint (src/lib/inline-scripts.ts).
    scriptDirective: {
      hashes: [scriptHash(AREA_QUERY_REDIRECT), scriptHash(NOT_FOUND_PATH)],
      resources: ["'self'", ...telemetry.scriptSrc],
    },
  };
}

/** The site's integrations, in the order they must run. */
function integrations(context: BuildContext, env: Record<string, string | undefined>): AstroIntegration[] {
  // The product pages written from the last build's pages, which Astro never lists: the sitemap and the
  // payload files' check add them to Astro's.
  const fromPack = new PagesFromPack();
  return [
    // First: the catalogue loads on its own thread while Astro starts and bundles.
    catalogueLoad(),
    react(),
    // `client:when-needed` (the lists' islands wake when the visitor needs them) and
    // `client:after-carried-picture` (chat's island after the picture it was sent with is on screen).
    clientDirectives(),
    // The shared chunks the layout's page script imports, named beside it.
    pageScriptPreload(),
    sitemap({ filter: inSitemap, fromPack }),
    apiProxy(),
    buildManifest(),
    headScripts(),
    postalData(),
    catalogueVersion(),
    backgroundFiles(fromPack),
    // A product page whose cache key (what the one door hands it, src/engine/catalogue/catalogue-data.ts)
    // is the same as in the last build is that build's page, byte for byte, written without Astro.
    pageReuse(fromPack),
    // The policy's digests of a route's head scripts and styles computed once, not for every page.
    cspDigests(),
    // Source maps for error reports, when a Sentry auth token is configured, for the code's version.
    sourceMaps(sourceMapUpload(env, context.codeVersion), context.outDir),
  ];
}

/** The storefront: every integration, chunk group and policy of the site, for the build `context`. */
export default function storefront(
  context: BuildContext,
  env: Record<string, string | undefined> = process.env,
): AstroIntegration {
  // The pages and the engine's threads read it through src/lib/build-info.ts.
  handOn({
    builtAt: context.builtAt,
    buildId: context.buildId,
    siteUrl: context.siteUrl,
    buildInputs: context.buildInputs,
    codeVersion: context.codeVersion,
    snapshotPath: context.snapshotPath,
  });
  return {
    name: 'storefront',
    hooks: {
      'astro:config:setup': ({ updateConfig }) => {
        updateConfig({
          integrations: integrations(context, env),
          build: {
            format: 'directory',
            // The site's stylesheet is one cached file, linked from every page; only stylesheets under 4 KB
            // (a page's own scoped styles) are inlined. Inlined, it would be half of every page's bytes.
            inlineStylesheets: 'auto',
            // Pages rendered at once: rendering overlaps the writes of the files beside the pages.
            concurrency: context.concurrency,
          },
          security: { csp: pagePolicy(env) },
          vite: {
            plugins: [tailwindcss()],
            // A module imported as `./x.ts?worker&url` is built on its own, self-contained, and the import
            // gives its URL: the every-page script loads its lazy parts (the error reporter, web vitals, the
            // onboarding dialog) with a plain import(url), without Vite's dynamic-import helper. They run in
            // the page, not in a worker, so they are built as ES modules.
            worker: { format: 'es' },
            environments: {
              client: {
                // `astro dev`'s dependency scan also reads the scripts pages load by URL (worker-url-entries.ts).
                optimizeDeps: { entries: WORKER_URL_ENTRIES },
                build: {
                  // Fewer requests and fewer bytes on the pages with the smallest JavaScript budgets: a file
                  // per group, each gzipped on its own (src/engine/chunk-groups.ts).
                  rolldownOptions: { output: { codeSplitting: { groups: CHUNK_GROUPS } } },
                },
              },
            },
          },
        });
      },
    },
  };
}

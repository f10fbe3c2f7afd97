/**
 * Readable error reports: with a Sentry auth token configured (SENTRY_AUTH_TOKEN, SENTRY_ORG,
 * SENTRY_PROJECT, and error reporting itself, PUBLIC_SENTRY_DSN), the browser's bundles are built with source
 * maps that no bundle links to, Sentry's own Vite plugin uploads them for the build's release, and the build
 * deletes them before anything is published. Without a token nothing changes: no map is made.
 *
 * The maps are matched by release and URL (`~/_astro/…`), not by debug ids: those would add a snippet to
 * every bundle, and the plain pages' JavaScript budget has no room for it. The release is PUBLIC_SENTRY_RELEASE,
 * or else the code's version the pages carry, which the error reporter names when no release is configured.
 */
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

export interface SourceMapUpload {
  authToken: string;
  org: string;
  project: string;
  /** A self-hosted Sentry's URL; Sentry's own by default. */
  url?: string | undefined;
  release: string;
}

/** The upload this environment configures, or undefined when it configures none. */
export function sourceMapUpload(
  env: Record<string, string | undefined>,
  codeVersion: string,
): SourceMapUpload | undefined {
  const { SENTRY_AUTH_TOKEN: authToken, SENTRY_ORG: org, SENTRY_PROJECT: project } = env;
  if (!authToken || !org || !project || !env.PUBLIC_SENTRY_DSN) return undefined;
  return { authToken, org, project, url: env.SENTRY_URL, release: env.PUBLIC_SENTRY_RELEASE || codeVersion };
}

/**
 * The Sentry plugin's options for an upload of the maps in `assetsDir` (the client's `_astro/`); a failed
 * upload is given to `failed`.
 */
export function sentryOptions(upload: SourceMapUpload, assetsDir: string, failed: (error: Error) => void) {
  return {
    authToken: upload.authToken,
    org: upload.org,
    project: upload.project,
    ...(upload.url ? { url: upload.url } : {}),
    telemetry: false,
    // No debug-id snippet in the bundles; the maps are uploaded for the release below instead.
    sourcemaps: { disable: true },
    release: {
      name: upload.release,
      inject: false,
      setCommits: false as const,
      deploy: false as const,
      uploadLegacySourcemaps: { paths: [assetsDir], urlPrefix: '~/_astro', ext: ['js', 'map'] },
    },
    // A failed upload is reported, and the site is published all the same: reports are then harder to read,
    // never missing.
    errorHandler: failed,
  };
}

export default function sourceMaps(upload: SourceMapUpload | undefined, outDir: string): AstroIntegration {
  let failure: Error | undefined;
  return {
    name: 'source-maps',
    hooks: {
      'astro:config:setup': async ({ command, updateConfig }) => {
        if (!upload || command !== 'build') return;
        // Loaded only when used: a build without a token never reads Sentry's plugin.
        const { sentryVitePlugin } = await import('@sentry/vite-plugin');
        const plugins = sentryVitePlugin(
          sentryOptions(upload, join(outDir, '_astro'), (error) => {
            failure = error;
          }),
        ).map((plugin) => ({
          ...plugin,
          applyToEnvironment: (environment: { name: string }) => environment.name === 'client',
        }));
        updateConfig({
          vite: {
            plugins,
            // Maps no bundle names (no sourceMappingURL comment): a browser never asks for them.
            environments: { client: { build: { sourcemap: 'hidden' } } },
          },
        });
      },
      'astro:build:done': async ({ dir, logger }) => {
        if (!upload) return;
        const assets = join(fileURLToPath(dir), '_astro');
        const maps = (await readdir(assets)).filter((name) => name.endsWith('.map'));
        await Promise.all(maps.map((name) => rm(join(assets, name))));
        if (failure)
          logger.warn(`source maps not uploaded (${failure.message}); ${maps.length} left out of the site`);
        else
          logger.info(
            `${maps.length} source maps uploaded for release ${upload.release}, left out of the site`,
          );
      },
    },
  };
}

/**
 * `/_build/{buildId}.json`: this build's route rules, for the browser: the redirects and rewrites of
 * netlify.toml and every route with its prerender flag. Named after the build, so it is immutable once
 * deployed.
 */

import { redirects, routes } from 'virtual:build-manifest';
import type { APIRoute } from 'astro';
import { type BuildManifest, buildInfo } from '../../lib/build-info.ts';

export function getStaticPaths() {
  return [{ params: { build: '_build', buildId: buildInfo().buildId } }];
}

export const GET: APIRoute = () => {
  const manifest: BuildManifest = { ...buildInfo(), redirects, routes };
  return Response.json(manifest);
};

/**
 * `/_build/{codeVersion}.json`: the route rules of the code the pages come from, for the browser: the
 * redirects and rewrites of netlify.toml and every route with its prerender flag. Named after the code's
 * version (this file's param `buildId` holds it), so it is immutable once deployed and the same file in every
 * build of the same code.
 */

import { redirects, routes } from 'virtual:build-manifest';
import type { APIRoute } from 'astro';
import { type BuildManifest, codeVersion } from '../../lib/build-info.ts';

export function getStaticPaths() {
  return [{ params: { build: '_build', buildId: codeVersion() } }];
}

export const GET: APIRoute = () => {
  const manifest: BuildManifest = { codeVersion: codeVersion(), redirects, routes };
  return Response.json(manifest);
};

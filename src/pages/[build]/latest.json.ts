/**
 * `/_build/latest.json`: the newest build's id and time, polled by open pages
 * (src/features/site/build-watch.ts). Astro skips files and folders whose names start with `_`, so the
 * `_build` folder is a parameter.
 */
import type { APIRoute } from 'astro';
import { buildInfo, type LatestBuild } from '../../lib/build-info.ts';

export function getStaticPaths() {
  return [{ params: { build: '_build' } }];
}

export const GET: APIRoute = () => {
  const { buildId, builtAt, catalogVersion } = buildInfo();
  const body: LatestBuild = { buildId, builtAt, catalogVersion };
  return Response.json(body);
};

/**
 * `/_build/latest.json`: the newest build's record, the one file every build rewrites: its id and time, the
 * code's version, which open pages poll (src/features/site/build-watch.ts), and what the rebuild schedule
 * compares: the catalogue version the build was made from and the next seasonal theme launch. Astro skips files and folders whose names start
 * with `_`, so the `_build` folder is a parameter.
 */

import { getCollection } from 'astro:content';
import type { APIRoute } from 'astro';
import { buildInfo, codeVersion, type LatestBuild } from '../../lib/build-info.ts';
import { nextThemeLaunch } from '../../lib/content.ts';

export function getStaticPaths() {
  return [{ params: { build: '_build' } }];
}

export const GET: APIRoute = async () => {
  const { buildId, builtAt, catalogVersion } = buildInfo();
  const next = nextThemeLaunch(await getCollection('theme'), new Date(builtAt));
  const body: LatestBuild = {
    buildId,
    builtAt,
    codeVersion: codeVersion(),
    catalogVersion,
    nextThemeAt: next?.toISOString() ?? null,
  };
  return Response.json(body);
};

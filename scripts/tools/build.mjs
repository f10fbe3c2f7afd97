// `npm run build` (what Netlify runs): `astro build` with the build's environment (build-env.mjs), then the
// site check a deploy must pass (scripts/publisher/site-check.ts: every page the catalog API calls for, no
// internal link to a missing file; an editor's link to a missing path is a warning). A failed check fails the
// build, so the last good deploy stays online.
//
//   node scripts/tools/build.mjs [astro build options…]   build, then check
//   node scripts/tools/build.mjs --check-only [DIR]         check an existing build (default OUT_DIR or dist)
//
// The allocator reads its settings when the process starts, so they cannot be set from astro.config.mjs;
// nor can V8's options.
import { DEFAULT_CATALOG_API_TOKEN, DEFAULT_CATALOG_API_URL } from '../../src/lib/catalog/config.ts';
import { checkSite } from '../publisher/site-check.ts';
import { BUILD_NODE_OPTIONS, buildCacheDir, buildEnv, siteUrl } from './build-env.mjs';
import { bin, ROOT, runNode } from './lib.mjs';

const args = process.argv.slice(2);
const checkOnly = args[0] === '--check-only';
const dir = (checkOnly ? args[1] : undefined) ?? process.env.OUT_DIR ?? 'dist';

if (!checkOnly) {
  const { code } = await runNode([...BUILD_NODE_OPTIONS, bin('astro/bin/astro.mjs'), 'build', ...args], {
    env: buildEnv(),
  });
  if (code !== 0) process.exit(code);
}

try {
  const { pages, warnings } = await checkSite(dir, {
    apiUrl: process.env.CATALOG_API_URL ?? DEFAULT_CATALOG_API_URL,
    apiToken: process.env.PUBLIC_CATALOG_API_TOKEN ?? DEFAULT_CATALOG_API_TOKEN,
    siteOrigin: new URL(siteUrl()).origin,
    // A page the build wrote from its page pack, as a check read it before, is not read again.
    cacheDir: buildCacheDir(ROOT),
  });
  for (const warning of warnings) console.warn(`site check: ${warning}`);
  console.log(`site check: ${pages} pages, every page the catalogue calls for, no broken internal link`);
} catch (error) {
  console.error(`site check failed, nothing to publish: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}

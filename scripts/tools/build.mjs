// `npm run build`: `astro build` with the build's environment (build-env.mjs). The allocator reads its
// settings when the process starts, so they cannot be set from astro.config.mjs.
import { buildEnv } from './build-env.mjs';
import { bin, runNode } from './lib.mjs';

const { code } = await runNode([bin('astro/bin/astro.mjs'), 'build', ...process.argv.slice(2)], {
  env: buildEnv(),
});
process.exit(code);

// `npm run build`: `astro build` with the build's environment (build-env.mjs). The allocator reads its
// settings when the process starts, so they cannot be set from astro.config.mjs; nor can V8's options.
import { BUILD_NODE_OPTIONS, buildEnv } from './build-env.mjs';
import { bin, runNode } from './lib.mjs';

const { code } = await runNode(
  [...BUILD_NODE_OPTIONS, bin('astro/bin/astro.mjs'), 'build', ...process.argv.slice(2)],
  {
    env: buildEnv(),
  },
);
process.exit(code);

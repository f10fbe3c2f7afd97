// Type-checks the project. Astro's content types (.astro/content.d.ts) come from `astro sync`, which runs
// the content loaders; on a fresh clone they are missing, so this syncs first against a throwaway
// in-memory reference API.
import { existsSync } from 'node:fs';
import { bin, runNode, startNode, stop, waitForHttp } from './lib.mjs';

if (!existsSync('.astro/content.d.ts')) {
  const port = 8797;
  const api = startNode(['scripts/catalog-api/main.ts', '--db', ':memory:', '--port', String(port)], {
    stdio: 'ignore',
  });
  try {
    await waitForHttp(`http://127.0.0.1:${port}/healthz`, 60_000);
    const sync = await runNode([bin('astro/bin/astro.mjs'), 'sync'], {
      env: { CATALOG_API_URL: `http://127.0.0.1:${port}` },
      quiet: true,
    });
    if (sync.code !== 0) {
      console.error(sync.output);
      process.exit(sync.code);
    }
  } finally {
    await stop(api);
  }
}
const { code } = await runNode([bin('typescript/bin/tsc'), '--noEmit', '-p', '.']);
process.exit(code);

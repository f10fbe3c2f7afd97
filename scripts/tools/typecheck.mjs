// Type-checks the project, .astro files included: `astro check` (the TypeScript of every .ts, .tsx and .astro
// file under the tsconfig). It syncs Astro's content types first, which runs the content loaders, so it
// runs against a throwaway in-memory reference API. Only errors fail it; hints are not shown.
import { bin, runNode, startNode, stop, waitForHttp } from './lib.mjs';

/**
 * A port of its own: the check may run beside a build or the golden output's API. TYPECHECK_API_PORT moves
 * it, so that checks in two checkouts can run at once.
 */
const port = Number(process.env.TYPECHECK_API_PORT ?? 8793);
// No picture is asked for: the API renders none ahead (CATALOG_RENDER_AHEAD=0).
const api = startNode(['scripts/catalog-api/main.ts', '--db', ':memory:', '--port', String(port)], {
  stdio: 'ignore',
  env: { CATALOG_RENDER_AHEAD: '0' },
});
let code = 1;
try {
  await waitForHttp(`http://127.0.0.1:${port}/healthz`, 60_000);
  ({ code } = await runNode([bin('astro/bin/astro.mjs'), 'check', '--minimumSeverity', 'warning'], {
    env: { CATALOG_API_URL: `http://127.0.0.1:${port}` },
  }));
} finally {
  await stop(api);
}
process.exit(code);

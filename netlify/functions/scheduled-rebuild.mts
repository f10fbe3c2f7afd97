/**
 * Netlify scheduled function: on the schedule set in netlify.toml ([functions."scheduled-rebuild"], hourly
 * by default), rebuild the site when the catalogue changed since the live build (scripts/publisher/rebuild-check.ts).
 * Setup: docs/deploy.md.
 */
import type { Config } from '@netlify/functions';
import { checkAndRebuild, rebuildEnv } from '../../scripts/publisher/rebuild-check.ts';

export default async (): Promise<Response> => {
  const env = rebuildEnv(process.env);
  if ('missing' in env) {
    console.error(`scheduled rebuild: not configured, missing ${env.missing.join(', ')}`);
    return Response.json({ action: 'failed', reason: `missing ${env.missing.join(', ')}` }, { status: 500 });
  }
  const outcome = await checkAndRebuild(env);
  console.log(`scheduled rebuild: ${JSON.stringify(outcome)}`);
  return Response.json(outcome, { status: outcome.action === 'failed' ? 502 : 200 });
};

// The schedule itself lives in netlify.toml, so it can change without touching code.
export const config: Config = {};

/**
 * The scheduled rebuild's decision, apart from Netlify so it can be tested against local servers: compare
 * the catalogue version the live site was built from (its /_build/latest.json) with the catalog API's, and
 * call the build hook only when they differ. An idle catalogue costs no build; an API that cannot answer
 * costs none either (the build would fail on it and keep the last deploy anyway).
 */

import { DEFAULT_CATALOG_API_TOKEN } from '../../src/lib/catalog/config.ts';

export interface RebuildEnv {
  /** The live site, e.g. https://gift.example.jp (Netlify sets URL). */
  siteUrl: string;
  /** The catalog API's base URL and its public storefront token. */
  apiUrl: string;
  apiToken: string;
  /** The site's build hook (a secret: it comes from an environment variable, never a file). */
  buildHookUrl: string;
}

export type RebuildOutcome =
  | { action: 'skipped'; version: string }
  | { action: 'triggered'; from: string | null; to: string }
  | { action: 'failed'; reason: string };

const TIMEOUT_MS = 10_000;

async function getJson(
  fetcher: typeof fetch,
  url: string,
  headers: Record<string, string> = {},
): Promise<unknown> {
  const response = await fetcher(url, { headers, signal: AbortSignal.timeout(TIMEOUT_MS) });
  if (!response.ok) throw new Error(`${url.replace(/\?.*$/, '')} answered ${response.status}`);
  return response.json();
}

/** Reads the environment Netlify gives the function; names what is missing. */
export function rebuildEnv(env: Record<string, string | undefined>): RebuildEnv | { missing: string[] } {
  const wanted = {
    siteUrl: env.URL,
    apiUrl: env.CATALOG_API_URL,
    apiToken: env.CATALOG_API_TOKEN ?? DEFAULT_CATALOG_API_TOKEN,
    buildHookUrl: env.BUILD_HOOK_URL,
  };
  const missing = Object.entries({
    URL: wanted.siteUrl,
    CATALOG_API_URL: wanted.apiUrl,
    BUILD_HOOK_URL: wanted.buildHookUrl,
  })
    .filter(([, value]) => !value)
    .map(([name]) => name);
  if (missing.length > 0) return { missing };
  return wanted as RebuildEnv;
}

export async function checkAndRebuild(
  env: RebuildEnv,
  fetcher: typeof fetch = fetch,
): Promise<RebuildOutcome> {
  let current: string;
  try {
    const body = (await getJson(fetcher, `${env.apiUrl.replace(/\/+$/, '')}/catalog/version`, {
      'X-Api-Token': env.apiToken,
    })) as { version?: unknown };
    if (typeof body.version !== 'string' || body.version === '') throw new Error('the version is missing');
    current = body.version;
  } catch (error) {
    return {
      action: 'failed',
      reason: `catalog API: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  let built: string | null = null;
  try {
    const latest = (await getJson(fetcher, `${env.siteUrl.replace(/\/+$/, '')}/_build/latest.json`)) as {
      catalogVersion?: unknown;
    };
    built = typeof latest.catalogVersion === 'string' ? latest.catalogVersion : null;
  } catch {
    // No live build to compare with (a first deploy, or the site is down): build.
  }
  if (built === current) return { action: 'skipped', version: current };
  try {
    const hook = new URL(env.buildHookUrl);
    hook.searchParams.set('trigger_title', `catalogue changed: ${built ?? 'unknown'} → ${current}`);
    const response = await fetcher(hook, {
      method: 'POST',
      body: '{}',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`the build hook answered ${response.status}`);
  } catch (error) {
    return { action: 'failed', reason: error instanceof Error ? error.message : String(error) };
  }
  return { action: 'triggered', from: built, to: current };
}

/**
 * The scheduled rebuild's decision, apart from Netlify so it can be tested against local servers (and
 * shared with the local publisher, scripts/publisher/): build again when the catalogue version the live
 * site was built from (its /_build/latest.json) differs from the catalog API's, or when a seasonal theme
 * launch the live build named has come. An idle catalogue costs no build; an API that cannot answer costs
 * none either (the build would fail on it and keep the last deploy anyway).
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
    // The same name as the build reads: one variable for the storefront's token everywhere.
    apiToken: env.PUBLIC_CATALOG_API_TOKEN ?? DEFAULT_CATALOG_API_TOKEN,
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

/** What the live build says about itself in /_build/latest.json, as far as the decision needs it. */
export interface LiveBuild {
  catalogVersion: string | null;
  nextThemeAt?: string | null | undefined;
}

/** Reads a /_build/latest.json body; anything malformed counts as unknown (and so is rebuilt). */
export function liveBuild(body: unknown): LiveBuild {
  const latest = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  return {
    catalogVersion: typeof latest.catalogVersion === 'string' ? latest.catalogVersion : null,
    nextThemeAt: typeof latest.nextThemeAt === 'string' ? latest.nextThemeAt : null,
  };
}

/**
 * Why the live build must be rebuilt, in one line, or null when it is current: the catalogue changed (or
 * the live build does not know its version), or a theme launch it named has come.
 */
export function rebuildReason(live: LiveBuild | null, current: string, now: Date): string | null {
  const built = live?.catalogVersion ?? null;
  if (built !== current) return `catalogue changed: ${built ?? 'unknown'} → ${current}`;
  const launch = live?.nextThemeAt ? Date.parse(live.nextThemeAt) : Number.NaN;
  if (launch <= now.getTime()) return `seasonal theme launch: ${new Date(launch).toISOString()}`;
  return null;
}

/** The catalog API's current version (GET /catalog/version); throws naming the problem. */
export async function fetchCatalogVersion(
  apiUrl: string,
  apiToken: string,
  fetcher: typeof fetch = fetch,
): Promise<string> {
  const body = (await getJson(fetcher, `${apiUrl.replace(/\/+$/, '')}/catalog/version`, {
    'X-Api-Token': apiToken,
  })) as { version?: unknown };
  if (typeof body.version !== 'string' || body.version === '') throw new Error('the version is missing');
  return body.version;
}

/**
 * Asks Netlify for a build through the site's build hook, with the deploy message `title` (the deploys list
 * shows it, and the editor page reads it back). Throws naming the status, never the hook's URL: it is a
 * secret, and messages end up in logs and on the editor page.
 */
export async function callBuildHook(
  hookUrl: string,
  title: string,
  fetcher: typeof fetch = fetch,
): Promise<void> {
  let hook: URL;
  try {
    hook = new URL(hookUrl);
  } catch {
    throw new Error('BUILD_HOOK_URL is not a URL');
  }
  hook.searchParams.set('trigger_title', title);
  let response: Response;
  try {
    response = await fetcher(hook, { method: 'POST', body: '{}', signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    throw new Error(`the build hook could not be reached (${error instanceof Error ? error.name : 'error'})`);
  }
  if (!response.ok) throw new Error(`the build hook answered ${response.status}`);
}

export async function checkAndRebuild(
  env: RebuildEnv,
  fetcher: typeof fetch = fetch,
  now: Date = new Date(),
): Promise<RebuildOutcome> {
  let current: string;
  try {
    current = await fetchCatalogVersion(env.apiUrl, env.apiToken, fetcher);
  } catch (error) {
    return {
      action: 'failed',
      reason: `catalog API: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  let live: LiveBuild | null = null;
  try {
    live = liveBuild(await getJson(fetcher, `${env.siteUrl.replace(/\/+$/, '')}/_build/latest.json`));
  } catch {
    // No live build to compare with (a first deploy, or the site is down): build.
  }
  const built = live?.catalogVersion ?? null;
  const reason = rebuildReason(live, current, now);
  if (reason === null) return { action: 'skipped', version: current };
  try {
    await callBuildHook(env.buildHookUrl, reason, fetcher);
  } catch (error) {
    return { action: 'failed', reason: error instanceof Error ? error.message : String(error) };
  }
  return { action: 'triggered', from: built, to: current };
}

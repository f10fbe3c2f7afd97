/**
 * The rebuild rule, shared by the local publisher (schedule.ts) and Netlify's scheduled function
 * (netlify/functions/scheduled-rebuild.mts): build again when the catalogue version the live site was built
 * from (its /_build/latest.json) differs from the catalog API's, or when a seasonal theme launch the live
 * build named has come. An idle catalogue costs no build; an API or a live site that cannot answer costs
 * none either (the build would fail on the API and keep the last deploy anyway; a slow site says nothing
 * about its build). Only a site with no /_build/latest.json at all (a first deploy) has no live build.
 *
 * Netlify stops a scheduled function after 30 s: the API and the live site are read side by side, and the
 * limits of the reads and of the one build hook call add up to less than that (CHECK_LIMITS).
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

/** How long a check waits for each read (the API and the live site, side by side) and for the build hook. */
export interface CheckLimits {
  readMs: number;
  hookMs: number;
}

export const CHECK_LIMITS: CheckLimits = { readMs: 8000, hookMs: 10_000 };

/** A failed request in words, naming the URL without its query. */
function requestError(url: string, error: unknown): Error {
  const where = url.replace(/\?.*$/, '');
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError'))
    return new Error(`${where} timed out`);
  return new Error(`${where} could not be reached (${error instanceof Error ? error.message : error})`);
}

async function getResponse(
  fetcher: typeof fetch,
  url: string,
  timeoutMs: number,
  headers: Record<string, string> = {},
): Promise<Response> {
  try {
    return await fetcher(url, { headers, signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    throw requestError(url, error);
  }
}

async function getJson(
  fetcher: typeof fetch,
  url: string,
  timeoutMs: number,
  headers: Record<string, string> = {},
): Promise<unknown> {
  const response = await getResponse(fetcher, url, timeoutMs, headers);
  if (!response.ok) throw new Error(`${url.replace(/\?.*$/, '')} answered ${response.status}`);
  try {
    return await response.json();
  } catch (error) {
    throw requestError(url, error);
  }
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
  timeoutMs = CHECK_LIMITS.readMs,
): Promise<string> {
  const body = (await getJson(fetcher, `${apiUrl.replace(/\/+$/, '')}/catalog/version`, timeoutMs, {
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
  timeoutMs = CHECK_LIMITS.hookMs,
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
    response = await fetcher(hook, { method: 'POST', body: '{}', signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    throw new Error(`the build hook could not be reached (${error instanceof Error ? error.name : 'error'})`);
  }
  if (!response.ok) throw new Error(`the build hook answered ${response.status}`);
}

/**
 * What the live site says it was built from: null when it has no /_build/latest.json (no live build yet;
 * a malformed one is a build that does not know its version). Throws when the site cannot say (a timeout,
 * an unreachable site, any status but 200 and 404): that is no reason to build.
 */
async function fetchLiveBuild(
  siteUrl: string,
  fetcher: typeof fetch = fetch,
  timeoutMs = CHECK_LIMITS.readMs,
): Promise<LiveBuild | null> {
  const url = `${siteUrl.replace(/\/+$/, '')}/_build/latest.json`;
  const response = await getResponse(fetcher, url, timeoutMs);
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  try {
    return liveBuild(await response.json());
  } catch (error) {
    if (error instanceof SyntaxError) return liveBuild(null);
    throw requestError(url, error);
  }
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * One scheduled check: reads the API's version and the live build side by side, and calls the build hook
 * when the rule says so. Never throws: a check that cannot decide is `failed`, and builds nothing.
 */
export async function checkAndRebuild(
  env: RebuildEnv,
  fetcher: typeof fetch = fetch,
  now: Date = new Date(),
  limits: CheckLimits = CHECK_LIMITS,
): Promise<RebuildOutcome> {
  const [api, site] = await Promise.allSettled([
    fetchCatalogVersion(env.apiUrl, env.apiToken, fetcher, limits.readMs),
    fetchLiveBuild(env.siteUrl, fetcher, limits.readMs),
  ]);
  if (api.status === 'rejected') return { action: 'failed', reason: `catalog API: ${message(api.reason)}` };
  if (site.status === 'rejected') return { action: 'failed', reason: `live site: ${message(site.reason)}` };
  const current = api.value;
  const live = site.value;
  const built = live?.catalogVersion ?? null;
  const reason = rebuildReason(live, current, now);
  if (reason === null) return { action: 'skipped', version: current };
  try {
    await callBuildHook(env.buildHookUrl, reason, fetcher, limits.hookMs);
  } catch (error) {
    return { action: 'failed', reason: message(error) };
  }
  return { action: 'triggered', from: built, to: current };
}

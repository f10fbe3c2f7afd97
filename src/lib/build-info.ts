/**
 * The build's identity, the code's version and the build's route rules. One build id and time per build:
 * src/engine/storefront.ts sets `BUILD_ID` and `BUILD_TIME` once, before anything renders, and the build's
 * record (`/_build/latest.json`) reads them from here. No page carries them: a page carries the code's
 * version (`<html data-code-version>`, `CODE_VERSION`, made by storefront() from the digest of the build's
 * inputs), which two builds of the same code share, so a rebuild rewrites only the files whose content
 * changed. The browser's version check compares the version of the document it is showing with the
 * deployed one.
 */

/** Where the browser asks for the newest deployed build. */
export const LATEST_BUILD_PATH = '/_build/latest.json';

/** A build id, or a code version: letters, digits and hyphens, safe in a URL path. */
export const BUILD_ID_PATTERN = /^[0-9A-Za-z-]{1,64}$/;

/** One build: its id and time, and the catalogue it was made from. */
export interface BuildInfo {
  buildId: string;
  /** ISO 8601, UTC. */
  builtAt: string;
  /** The catalog API's version the build was made from; null when the API could not say. */
  catalogVersion: string | null;
}

/** The body of `/_build/latest.json`: the build's own record, the one file every build rewrites. */
export interface LatestBuild extends BuildInfo {
  /**
   * The version of the code and public environment the build's pages carry (`<html data-code-version>`):
   * the same for every build of the same code, whatever its catalogue.
   */
  codeVersion: string;
  /**
   * The next seasonal theme launch after this build (ISO 8601, UTC), or null: once it has come, the rebuild
   * schedule builds again so the theme appears on its date. Only `/_build/latest.json` carries it.
   */
  nextThemeAt?: string | null;
}

/** One rule of netlify.toml, as the browser needs it. */
export interface RedirectRule {
  from: string;
  /** Query parameters the rule matches, e.g. `{ id: ':id' }`. */
  query: Record<string, string>;
  to: string;
  /** 301/302 redirect, 200 rewrite, 404… */
  status: number;
  /** Applies even when a file exists at `from`. */
  force: boolean;
}

/** A route of the site and whether it is prerendered. */
export interface RouteRule {
  /** Astro's route pattern, e.g. `/area/[id]/products/[productId]`. */
  pattern: string;
  type: 'page' | 'endpoint' | 'redirect' | 'fallback';
  prerender: boolean;
}

/**
 * The body of `/_build/{codeVersion}.json`: the route rules (redirects, prerender flags) of the code the
 * page comes from. Made of the code alone, it is the same file in every build of that code.
 */
export interface BuildManifest {
  codeVersion: string;
  redirects: RedirectRule[];
  routes: RouteRule[];
}

/** `2026-11-21T20:30:15.123Z` → `20261121T203015Z-k3x9`: sortable by time, unique by its random tail. */
export function createBuildId(now: Date = new Date(), random: () => number = Math.random): string {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  const tail = Math.floor(random() * 36 ** 4)
    .toString(36)
    .padStart(4, '0');
  return `${stamp}-${tail}`;
}

/** `/_build/{codeVersion}.json` (versions are checked where they are read, in codeVersion). */
export function manifestPath(codeVersion: string): string {
  return `/_build/${codeVersion}.json`;
}

let checked: { id: string; time: string; version: string | undefined; info: BuildInfo } | undefined;

/**
 * This build's id and time. storefront() (src/engine/storefront.ts) sets them before the build starts; the first caller in a
 * process without them (a test, a script) sets them, so everything in one process agrees. Checked once
 * per set of values, not once per page.
 */
export function buildInfo(env: Record<string, string | undefined> = process.env): BuildInfo {
  if (!env.BUILD_TIME) env.BUILD_TIME = new Date().toISOString();
  if (!env.BUILD_ID) env.BUILD_ID = createBuildId(new Date(env.BUILD_TIME));
  const { BUILD_ID: id, BUILD_TIME: time, CATALOG_VERSION: version } = env;
  if (checked?.id !== id || checked.time !== time || checked.version !== version) {
    if (!BUILD_ID_PATTERN.test(id)) throw new RangeError(`BUILD_ID is not a build id: ${id}`);
    checked = {
      id,
      time,
      version,
      info: { buildId: id, builtAt: new Date(time).toISOString(), catalogVersion: version || null },
    };
  }
  return { ...checked.info };
}

/**
 * The version of the code this build's pages carry (`CODE_VERSION`, set by storefront() in
 * src/engine/storefront.ts before the build); a build without it stops.
 */
export function codeVersion(env: Record<string, string | undefined> = process.env): string {
  const version = env.CODE_VERSION;
  if (!version)
    throw new Error(
      'CODE_VERSION is not set: storefront() (src/engine/storefront.ts) hands it on before the build',
    );
  if (!BUILD_ID_PATTERN.test(version)) throw new RangeError(`CODE_VERSION is not a version: ${version}`);
  return version;
}

/** The redirects and rewrites of netlify.toml (as @netlify/redirect-parser gives them) in the manifest's form. */
export function redirectRules(parsed: readonly unknown[]): RedirectRule[] {
  return parsed.map((rule) => {
    const r = rule as { from?: unknown; to?: unknown; status?: unknown; force?: unknown; query?: unknown };
    if (typeof r.from !== 'string' || typeof r.to !== 'string') {
      throw new TypeError(`a redirect rule without from/to: ${JSON.stringify(rule)}`);
    }
    return {
      from: r.from,
      query: (r.query ?? {}) as Record<string, string>,
      to: r.to,
      status: typeof r.status === 'number' ? r.status : 301,
      force: r.force === true,
    };
  });
}

/** The project's own routes (not Astro's internal ones), sorted by pattern. */
export function routeRules(
  routes: readonly { pattern: string; type: string; origin: string; isPrerendered: boolean }[],
): RouteRule[] {
  return routes
    .filter((route) => route.origin === 'project')
    .map((route) => ({
      pattern: route.pattern,
      type: route.type as RouteRule['type'],
      prerender: route.isPrerendered,
    }))
    .sort((a, b) => a.pattern.localeCompare(b.pattern));
}

/**
 * The build's context (handed on by storefront(), read back here), its identity, the code's version and the
 * build's route rules. One build id and time per build: src/engine/storefront.ts hands them on once, before
 * anything renders, and the build's record (`/_build/latest.json`) reads them from here. No page carries them: a page carries the code's
 * version (`<html data-code-version>`, `CODE_VERSION`, made by storefront() from the digest of the build's
 * inputs), which two builds of the same code share, so a rebuild rewrites only the files whose content
 * changed. The browser's version check compares the version of the document it is showing with the
 * deployed one.
 */

/**
 * The build's context as storefront() (src/engine/storefront.ts) hands it on: each value's variable. It
 * travels in the process's environment, the one channel that reaches both the pages (bundled, they hold
 * their own copies of every module) and the engine's threads (which inherit it); this module alone writes
 * it (`handOn`, called by storefront() once, before anything renders) and reads it.
 */
const HANDED_ON = {
  buildId: 'BUILD_ID',
  builtAt: 'BUILD_TIME',
  siteUrl: 'SITE_URL',
  codeVersion: 'CODE_VERSION',
  /** The digest of what pages are made of besides the catalogue (src/engine/pages/build-inputs.ts). */
  buildInputs: 'BUILD_INPUTS',
  /** The checked catalogue of this build (src/engine/catalogue/snapshot.ts). */
  snapshotPath: 'CATALOGUE_SNAPSHOT',
  /** The catalogue's version and its last change, as the catalog API said at the build's start. */
  catalogVersion: 'CATALOG_VERSION',
  catalogUpdatedAt: 'CATALOG_UPDATED_AT',
} as const;
type Env = Record<string, string | undefined>;
export type HandedOnName = keyof typeof HANDED_ON;

/** Hands values of the build's context on to its pages and threads (storefront() and its integrations). */
export function handOn(values: Partial<Record<HandedOnName, string>>, env: Env = process.env): void {
  for (const [name, value] of Object.entries(values) as [HandedOnName, string | undefined][]) {
    if (value !== undefined) env[HANDED_ON[name]] = value;
  }
}

/** A value of the build's context; undefined when nobody handed it on. */
export function handedOn(name: HandedOnName, env: Env = process.env): string | undefined {
  return env[HANDED_ON[name]] || undefined;
}

/** A value of the build's context that the build cannot go on without: a build without it stops. */
export function required(name: HandedOnName, env: Env = process.env): string {
  const value = handedOn(name, env);
  if (!value)
    throw new Error(
      `${HANDED_ON[name]} is not set: storefront() (src/engine/storefront.ts) hands it on before the build`,
    );
  return value;
}

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
export function buildInfo(env: Env = process.env): BuildInfo {
  if (!handedOn('builtAt', env)) handOn({ builtAt: new Date().toISOString() }, env);
  if (!handedOn('buildId', env)) handOn({ buildId: createBuildId(new Date(required('builtAt', env))) }, env);
  const id = required('buildId', env);
  const time = required('builtAt', env);
  const version = handedOn('catalogVersion', env);
  if (checked?.id !== id || checked.time !== time || checked.version !== version) {
    if (!BUILD_ID_PATTERN.test(id)) throw new RangeError(`BUILD_ID is not a build id: ${id}`);
    checked = {
      id,
      time,
      version,
      info: { buildId: id, builtAt: new Date(time).toISOString(), catalogVersion: version ?? null },
    };
  }
  return { ...checked.info };
}

/**
 * The version of the code this build's pages carry (`CODE_VERSION`, set by storefront() in
 * src/engine/storefront.ts before the build); a build without it stops.
 */
export function codeVersion(env: Env = process.env): string {
  const version = required('codeVersion', env);
  if (!BUILD_ID_PATTERN.test(version)) throw new RangeError(`CODE_VERSION is not a version: ${version}`);
  return version;
}

/** When the catalogue last changed (ISO 8601), as its API said at the build's start; undefined if unknown. */
export function catalogUpdatedAt(env: Env = process.env): string | undefined {
  const at = handedOn('catalogUpdatedAt', env);
  return at && !Number.isNaN(Date.parse(at)) ? new Date(at).toISOString() : undefined;
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

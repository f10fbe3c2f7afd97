/**
 * The check a fresh build must pass before it is published: it holds every page the catalog API calls for
 * (one product page with its payload file per (product, area) pair, one page per area), and every internal
 * link or asset in its HTML leads to a file of the build. Anything else is a rejected build with a one-line
 * reason, and the live site stays as it is.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';

/** A build that was made but must not be published; its message is the one-line reason. */
class RejectedBuild extends Error {
  override name = 'RejectedBuild';
}

export interface SiteCheckOptions {
  /** The catalog API the build read, and its public storefront token. */
  apiUrl: string;
  apiToken: string;
  /** The site's own origin: absolute links to it are internal. */
  siteOrigin?: string;
  fetcher?: typeof fetch;
}

const PAGE_SIZE = 100;
const TIMEOUT_MS = 15_000;
/** Paths served by something other than the build: the /api proxy to the catalog API. */
const NOT_BUILT = /^\/api\//;

async function getJson(fetcher: typeof fetch, url: string, token: string): Promise<unknown> {
  const response = await fetcher(url, {
    headers: { 'X-Api-Token': token },
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!response.ok) {
    throw new RejectedBuild(`the check could not read ${new URL(url).pathname}: ${response.status}`);
  }
  return response.json();
}

/** The pages the catalogue calls for, read from the API the way the build's own count check does. */
async function expectedPages(options: SiteCheckOptions): Promise<{ areas: number[]; pairs: string[] }> {
  const fetcher = options.fetcher ?? fetch;
  const base = options.apiUrl.replace(/\/+$/, '');
  const areas = (await getJson(fetcher, `${base}/catalog/areas`, options.apiToken)) as { id: number }[];
  const pairs: string[] = [];
  for (let page = 1; ; page++) {
    const body = (await getJson(
      fetcher,
      `${base}/catalog/products?page=${page}&size=${PAGE_SIZE}`,
      options.apiToken,
    )) as { products: { id: number; areas: number[] }[]; count: number };
    for (const product of body.products) {
      for (const area of product.areas) pairs.push(`area/${area}/products/${product.id}`);
    }
    if (page * PAGE_SIZE >= body.count || body.products.length === 0) break;
  }
  return { areas: areas.map((area) => area.id), pairs };
}

const ENTITIES: Record<string, string> = { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>', '#39': "'" };

/** The href and src values of an HTML document, entity-decoded. */
export function linksIn(html: string): string[] {
  const links: string[] = [];
  for (const match of html.matchAll(/\s(?:href|src)\s*=\s*(?:"([^"]*)"|'([^']*)')/gi)) {
    const raw = match[1] ?? match[2] ?? '';
    links.push(raw.replace(/&(amp|quot|apos|lt|gt|#39);/g, (_, name: string) => ENTITIES[name] ?? ''));
  }
  return links;
}

/**
 * The path inside the site a link leads to, or null when it leaves the build (another origin, the /api
 * proxy, a fragment, mail, phone, data).
 */
export function internalPath(link: string, pageUrl: URL, siteOrigin: string): string | null {
  const trimmed = link.trim();
  if (trimmed === '' || trimmed.startsWith('#')) return null;
  let url: URL;
  try {
    url = new URL(trimmed, pageUrl);
  } catch {
    return trimmed;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.origin !== pageUrl.origin && url.origin !== siteOrigin) return null;
  let pathname: string;
  try {
    pathname = decodeURIComponent(url.pathname);
  } catch {
    return url.pathname;
  }
  return NOT_BUILT.test(pathname) ? null : pathname;
}

async function isFile(file: string): Promise<boolean> {
  return (await stat(file).catch(() => null))?.isFile() ?? false;
}

/** Whether a site path is served from the build: the file, `x.html` or `x/index.html`, as the server does. */
async function resolves(root: string, sitePath: string): Promise<boolean> {
  const absolute = path.join(root, sitePath);
  if (absolute !== root && !absolute.startsWith(root + path.sep)) return false;
  if (sitePath.endsWith('/')) return isFile(path.join(absolute, 'index.html'));
  return (
    (await isFile(absolute)) ||
    (await isFile(`${absolute}.html`)) ||
    (await isFile(path.join(absolute, 'index.html')))
  );
}

/** Checks a built site; resolves with its page count, or throws a RejectedBuild naming the first problem. */
export async function checkSite(dir: string, options: SiteCheckOptions): Promise<{ pages: number }> {
  const root = path.resolve(dir);
  const files = (await readdir(root, { recursive: true })).map((name) => name.split(path.sep).join('/'));
  const fileSet = new Set(files);
  const htmlFiles = files.filter((name) => name.endsWith('.html'));
  if (!fileSet.has('index.html')) throw new RejectedBuild('the build has no home page (index.html)');

  const { areas, pairs } = await expectedPages(options);
  const missingAreas = areas.filter((id) => !fileSet.has(`area/${id}/index.html`));
  if (missingAreas.length > 0) {
    throw new RejectedBuild(
      `${missingAreas.length} of ${areas.length} area pages are missing (e.g. /area/${missingAreas[0]}/)`,
    );
  }
  const productPages = files.filter((name) => /^area\/\d+\/products\/\d+\/index\.html$/.test(name));
  const missing = pairs.filter(
    (pair) => !fileSet.has(`${pair}/index.html`) || !fileSet.has(`${pair}/_payload.json`),
  );
  if (productPages.length !== pairs.length || missing.length > 0) {
    throw new RejectedBuild(
      `${productPages.length} product pages for the API's ${pairs.length} (product, area) pairs` +
        (missing[0] ? `; e.g. /${missing[0]}/ or its payload is missing` : ''),
    );
  }

  const siteOrigin = options.siteOrigin ?? 'http://site.invalid';
  const checked = new Map<string, boolean>();
  let broken = 0;
  let firstBroken = '';
  for (const file of htmlFiles) {
    const pagePath = `/${file.replace(/(^|\/)index\.html$/, '$1')}`;
    const pageUrl = new URL(pagePath, siteOrigin);
    for (const link of linksIn(await readFile(path.join(root, file), 'utf8'))) {
      const target = internalPath(link, pageUrl, siteOrigin);
      if (target === null) continue;
      let ok = checked.get(target);
      if (ok === undefined) {
        ok = await resolves(root, target);
        checked.set(target, ok);
      }
      if (!ok) {
        broken++;
        firstBroken ||= `${target} (linked from ${pagePath})`;
      }
    }
  }
  if (broken > 0) {
    throw new RejectedBuild(`${broken} internal links lead to no file of the build, e.g. ${firstBroken}`);
  }
  return { pages: htmlFiles.length };
}

/**
 * The check a fresh build must pass before it is published: it holds every page the catalog API calls for
 * (one product page with its payload file per (product, area) pair, one page per area), and every internal
 * link or asset the build writes in its HTML leads to a file of the build. Anything else is a rejected build
 * with a one-line reason, and the live site stays as it is.
 *
 * A link an editor wrote in a product's description (marked `data-content-link` by src/lib/html.ts) is
 * the editor's, not the site's: one that leads to a path the site does not have is a warning naming the
 * product, and the build is published with the link as written.
 */
import { readdir, readFile } from 'node:fs/promises';
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
/** HTML files read at once. */
const FILES_AT_ONCE = 32;
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

/** A `<template>` element and its content. */
const TEMPLATE = /<template\b[^>]*>[\s\S]*?<\/template\s*>/gi;

const ENTITIES: Record<string, string> = { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>', '#39': "'" };

/** A link of an HTML document: its href or src, entity-decoded, and whether an editor wrote it. */
interface Link {
  link: string;
  /** In an editor's content (the tag carries `data-content-link`), not written by the build. */
  content: boolean;
}

/** The href and src values of an HTML document, entity-decoded, each with whether an editor wrote it. */
export function linksOf(html: string): Link[] {
  const links: Link[] = [];
  // A template's content is inert, no link of the page until a script fills it in (the held bag's marks).
  const page = html.replace(TEMPLATE, '');
  // Each tag whole (a quoted value may hold a `>`), then its attributes.
  for (const [tag] of page.matchAll(/<[a-z][^\s>/]*(?:[^>"']|"[^"]*"|'[^']*')*>/gi)) {
    const content = /\sdata-content-link(?=[\s=>/])/i.test(tag);
    for (const match of tag.matchAll(/\s(?:href|src)\s*=\s*(?:"([^"]*)"|'([^']*)')/gi)) {
      const raw = match[1] ?? match[2] ?? '';
      const link = raw.replace(/&(amp|quot|apos|lt|gt|#39);/g, (_, name: string) => ENTITIES[name] ?? '');
      links.push({ link, content });
    }
  }
  return links;
}

/** The href and src values of an HTML document, entity-decoded. */
export function linksIn(html: string): string[] {
  return linksOf(html).map(({ link }) => link);
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

/**
 * Whether a site path is served from the build, whose files (paths relative to its folder, `/`-separated)
 * are `files`: the file, `x.html` or `x/index.html`, as the server does. A path that climbs out of the
 * build's folder is not.
 */
export function resolves(files: ReadonlySet<string>, sitePath: string): boolean {
  const relative = path.posix.normalize(`/${sitePath}`).replace(/^\/+|\/+$/g, '');
  const inFolder = relative === '' ? 'index.html' : `${relative}/index.html`;
  if (sitePath.endsWith('/') || relative === '') return files.has(inFolder);
  return files.has(relative) || files.has(`${relative}.html`) || files.has(inFolder);
}

/** What a published page's editor content links to that the site does not have, by product. */
function contentWarnings(missing: Map<string, Set<string>>): string[] {
  return [...missing].map(([page, targets]) => {
    const product = /^\/area\/\*\/products\/(\d+)\/$/.exec(page)?.[1];
    const where = product ? `product ${product}: its description` : `${page}: its content`;
    return `${where} links to ${[...targets].join(', ')}, a path the site does not have (published as written)`;
  });
}

/**
 * Checks a built site; resolves with its page count and a warning per page whose editor content links to a
 * path the site does not have, or throws a RejectedBuild naming the first problem.
 */
export async function checkSite(
  dir: string,
  options: SiteCheckOptions,
): Promise<{ pages: number; warnings: string[] }> {
  const root = path.resolve(dir);
  // The catalogue's pages are read from the API while the build's files are read.
  const expected = expectedPages(options);
  expected.catch(() => {
    // Reported below, once awaited.
  });
  const files = (await readdir(root, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'));
  const fileSet = new Set(files);
  const htmlFiles = files.filter((name) => name.endsWith('.html')).sort();
  if (!fileSet.has('index.html')) throw new RejectedBuild('the build has no home page (index.html)');

  const { areas, pairs } = await expected;
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
  /** Paths the site does not have, linked from an editor's content, by page; one warning per product. */
  const missingInContent = new Map<string, Set<string>>();
  // Read several files at a time (the disk and the thread pool work while links are checked), each file's
  // links checked in the files' order.
  for (let start = 0; start < htmlFiles.length; start += FILES_AT_ONCE) {
    const batch = htmlFiles.slice(start, start + FILES_AT_ONCE);
    const texts = await Promise.all(batch.map((file) => readFile(path.join(root, file), 'utf8')));
    batch.forEach((file, index) => {
      const pagePath = `/${file.replace(/(^|\/)index\.html$/, '$1')}`;
      const pageUrl = new URL(pagePath, siteOrigin);
      for (const { link, content } of linksOf(texts[index] ?? '')) {
        const target = internalPath(link, pageUrl, siteOrigin);
        if (target === null) continue;
        let ok = checked.get(target);
        if (ok === undefined) {
          ok = resolves(fileSet, target);
          checked.set(target, ok);
        }
        if (!ok && content) {
          const product = /^\/area\/\d+\/products\/\d+\/$/.test(pagePath)
            ? pagePath.replace(/^\/area\/\d+\//, '/area/*/')
            : pagePath;
          if (!missingInContent.has(product)) missingInContent.set(product, new Set());
          missingInContent.get(product)?.add(target);
        } else if (!ok) {
          broken++;
          firstBroken ||= `${target} (linked from ${pagePath})`;
        }
      }
    });
  }
  if (broken > 0) {
    throw new RejectedBuild(`${broken} internal links lead to no file of the build, e.g. ${firstBroken}`);
  }
  return { pages: htmlFiles.length, warnings: contentWarnings(missingInContent) };
}

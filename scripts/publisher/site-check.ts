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
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { LinkMemo, type PageLinks } from './link-memo.ts';

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
  /** The threads that read the pages (by default one per core, up to four, and one for a small site). */
  threads?: number;
  /**
   * The build's cache folder: with it, a page the build wrote from its page pack with bytes a check read
   * before is not read again, its links taken from that check (link-memo.ts).
   */
  cacheDir?: string;
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

/** The attribute that marks a link an editor wrote (src/lib/html.ts). */
const CONTENT_MARK = /data-content-link/i;
/** A tag that may have a link: one with an href or a src. */
const MAY_LINK = /(?:href|src)\s*=/i;

/** A `<template>` element and its content. */
const TEMPLATE = /<template\b[^>]*>[\s\S]*?<\/template\s*>/gi;
const TEMPLATE_START = /<template\b/i;

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
  const page = TEMPLATE_START.test(html) ? html.replace(TEMPLATE, '') : html;
  // Only a page that names the mark at all can have a tag that carries it.
  const marked = CONTENT_MARK.test(page);
  // Each tag whole (a quoted value may hold a `>`), then the attributes of the few that can have a link.
  for (const [tag] of page.matchAll(/<[a-z][^\s>/]*(?:[^>"']|"[^"]*"|'[^']*')*>/gi)) {
    if (!MAY_LINK.test(tag)) continue;
    const content = marked && /\sdata-content-link(?=[\s=>/])/i.test(tag);
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
function contentWarnings(missing: readonly [string, readonly string[]][]): string[] {
  return missing.map(([page, targets]) => {
    const product = /^\/area\/\*\/products\/(\d+)\/$/.exec(page)?.[1];
    const where = product ? `product ${product}: its description` : `${page}: its content`;
    return `${where} links to ${targets.join(', ')}, a path the site does not have (published as written)`;
  });
}

/** What the links of some pages came to: the site's own links to no file, and editors' links to no path. */
interface LinkFindings {
  broken: number;
  /** The first of them, in the pages' order: `/brands/99/ (linked from /about.html)`. */
  firstBroken: string;
  /** Paths the site does not have, linked from an editor's content, by page (a product's pages as one). */
  missingInContent: [string, string[]][];
}

/**
 * A link as written. Pages are read as Latin-1, one character per byte, which is quicker than decoding
 * UTF-8 and leaves the markup's ASCII as it is; a link with other bytes is decoded as the UTF-8 it is.
 */
function asWritten(link: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the ASCII range, whole
  return /[^\x00-\x7f]/.test(link) ? Buffer.from(link, 'latin1').toString('utf8') : link;
}

/** What one thread is given: its share of the pages, and what the memo knows or keeps of them. */
export interface PageShare {
  root: string;
  /** HTML files (paths relative to `root`), in order. */
  pages: string[];
  /** Every file of the build. */
  files: string[];
  siteOrigin: string;
  /** Links found before in the same bytes (link-memo.ts), by file: such a file is not read. */
  known: [file: string, links: PageLinks][];
  /** Files whose links are handed back for the memo once read. */
  keeping: string[];
}

/** The internal links of a page (its HTML, its site path), each as the site path it leads to. */
function pageLinks(html: string, pagePath: string, siteOrigin: string, fromRoot: Map<string, string | null>) {
  const pageUrl = new URL(pagePath, siteOrigin);
  const links: PageLinks = [];
  for (const { link: raw, content } of linksOf(html)) {
    const link = asWritten(raw);
    // A path from the site's root leads to the same place from every page.
    const sameEverywhere = link.startsWith('/') && !link.startsWith('//');
    let target = sameEverywhere ? fromRoot.get(link) : undefined;
    if (target === undefined) {
      target = internalPath(link, pageUrl, siteOrigin);
      if (sameEverywhere) fromRoot.set(link, target);
    }
    if (target !== null) links.push([target, content]);
  }
  return links;
}

/**
 * Checks the links of a share of the build's HTML files against every file of the build, in the files'
 * order. Exported for the check's worker threads (site-check-worker.ts).
 */
export async function scanPages({
  root,
  pages,
  files,
  siteOrigin,
  known,
  keeping,
}: PageShare): Promise<LinkFindings & { kept: [file: string, links: PageLinks][] }> {
  const fileSet = new Set(files);
  const knownLinks = new Map(known);
  const keep = new Set(keeping);
  const kept: [string, PageLinks][] = [];
  /** Whether each site path resolves, and where each link from the site's root leads, by what is written. */
  const resolved = new Map<string, boolean>();
  const fromRoot = new Map<string, string | null>();
  let broken = 0;
  let firstBroken = '';
  const missingInContent = new Map<string, Set<string>>();
  const judge = (pagePath: string, links: PageLinks) => {
    for (const [target, content] of links) {
      let ok = resolved.get(target);
      if (ok === undefined) {
        ok = resolves(fileSet, target);
        resolved.set(target, ok);
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
  };
  // Read several files at a time (the disk and the thread pool work while links are checked), each file's
  // links checked in the files' order.
  for (let start = 0; start < pages.length; start += FILES_AT_ONCE) {
    const batch = pages.slice(start, start + FILES_AT_ONCE);
    const texts = await Promise.all(
      batch.map((file) => (knownLinks.has(file) ? undefined : readFile(path.join(root, file), 'latin1'))),
    );
    batch.forEach((file, index) => {
      const pagePath = `/${file.replace(/(^|\/)index\.html$/, '$1')}`;
      let links = knownLinks.get(file);
      if (!links) {
        links = pageLinks(texts[index] ?? '', pagePath, siteOrigin, fromRoot);
        if (keep.has(file)) kept.push([file, links]);
      }
      judge(pagePath, links);
    });
  }
  return {
    broken,
    firstBroken,
    missingInContent: [...missingInContent].map(([page, targets]) => [page, [...targets]]),
    kept,
  };
}

/** Pages below which one thread reads them all: a worker's start costs more than it saves. */
const PAGES_PER_THREAD = 2_000;

/** The threads the links are checked in: one per core, up to four, and one for a small site. */
function threadsFor(pages: number): number {
  return Math.max(1, Math.min(availableParallelism(), 4, Math.floor(pages / PAGES_PER_THREAD)));
}

/** Runs `scanPages` in a worker thread. */
function scanInWorker(share: PageShare) {
  return new Promise<Awaited<ReturnType<typeof scanPages>>>((resolve, reject) => {
    const worker = new Worker(new URL('./site-check-worker.ts', import.meta.url), { workerData: share });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the check's thread stopped with exit code ${code}`)));
  });
}

/**
 * The links of every page checked, the pages split in order between `threads` threads (the last ones
 * worker threads), their findings joined in the pages' order; with `memo`, a page whose bytes a check read
 * before is not read again, and the links of the pack's pages are kept for the next check.
 */
async function scanSite(
  root: string,
  pages: string[],
  files: string[],
  siteOrigin: string,
  threads: number,
  memo: LinkMemo | undefined,
): Promise<LinkFindings> {
  const size = Math.ceil(pages.length / threads);
  const shares = Array.from({ length: threads }, (_, index): PageShare => {
    const share = pages.slice(index * size, (index + 1) * size);
    const known: [string, PageLinks][] = [];
    const keeping: string[] = [];
    for (const file of memo ? share : []) {
      const links = memo?.links(file);
      if (links) known.push([file, links]);
      else if (memo?.keeps(file)) keeping.push(file);
    }
    return { root, pages: share, files, siteOrigin, known, keeping };
  });
  const findings = await Promise.all(
    shares.map((share, index) => (index === 0 ? scanPages(share) : scanInWorker(share))),
  );
  const missingInContent = new Map<string, Set<string>>();
  for (const part of findings) {
    for (const [file, links] of part.kept) memo?.record(file, links);
    for (const [page, targets] of part.missingInContent) {
      const known = missingInContent.get(page) ?? new Set();
      for (const target of targets) known.add(target);
      missingInContent.set(page, known);
    }
  }
  memo?.save();
  return {
    broken: findings.reduce((sum, part) => sum + part.broken, 0),
    firstBroken: findings.find((part) => part.broken > 0)?.firstBroken ?? '',
    missingInContent: [...missingInContent].map(([page, targets]) => [page, [...targets]]),
  };
}

/** The id of the build in `root` (`_build/latest.json`), if it has one. */
async function buildIdOf(root: string): Promise<string | undefined> {
  try {
    const { buildId } = JSON.parse(await readFile(path.join(root, '_build', 'latest.json'), 'utf8'));
    return typeof buildId === 'string' ? buildId : undefined;
  } catch {
    return undefined;
  }
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
  const threads = options.threads ?? threadsFor(htmlFiles.length);
  const buildId = options.cacheDir ? await buildIdOf(root) : undefined;
  const memo = options.cacheDir && buildId ? LinkMemo.open(options.cacheDir, buildId) : undefined;
  const { broken, firstBroken, missingInContent } = await scanSite(
    root,
    htmlFiles,
    files,
    siteOrigin,
    threads,
    memo,
  );
  if (broken > 0) {
    throw new RejectedBuild(`${broken} internal links lead to no file of the build, e.g. ${firstBroken}`);
  }
  return { pages: htmlFiles.length, warnings: contentWarnings(missingInContent) };
}

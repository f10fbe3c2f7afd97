/**
 * The sitemap: `sitemap-index.xml` naming `sitemap-0.xml`, `sitemap-1.xml`… of at most 45,000 pages each,
 * every built page the filter keeps (src/lib/seo.ts) but the product pages that name another as canonical,
 * ordered as people read numbers (`/area/1/products/2/` before `/area/1/products/10/`), each with the
 * time the catalogue last changed as its `<lastmod>` (catalogue-version.ts; none when the API did not say).
 *
 * It writes what @astrojs/sitemap writes for this site, with `<lastmod>`, without that integration's cost at
 * 100,000 products: it sorts with `localeCompare` (a collator set up per comparison, where one
 * `Intl.Collator` gives the same order) and streams every URL as an object, where the build's memory peaked.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroConfig, AstroIntegration, IntegrationResolvedRoute } from 'astro';
import { duplicateProductPaths } from '../../features/product/product-rules.ts';
import { catalogUpdatedAt } from '../../lib/build-info.ts';
import { escapeHtml } from '../../lib/markup.ts';
import { catalogueIndex } from '../catalogue/catalogue-data.ts';
import { builtPages, type PagesFromPack } from '../pages/page-reuse.ts';

/** Pages per sitemap file (the format allows 50,000). */
export const PAGES_PER_FILE = 45_000;

const XML = '<?xml version="1.0" encoding="UTF-8"?>';
const URLSET =
  '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:news="http://www.google.com/schemas/sitemap-news/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1" xmlns:video="http://www.google.com/schemas/sitemap-video/1.1">';

/**
 * Text as XML element content: markup characters escaped (the project's one escape, whose entities XML
 * reads too), characters XML cannot hold left out.
 */
export function xmlText(text: string): string {
  return escapeHtml(text).replace(
    // biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters XML 1.0 forbids
    /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udfff]/gu,
    '',
  );
}

/** The status pages, never in a sitemap. */
const isStatusPage = (pathname: string) => ['404', '500'].includes(pathname.replace(/^\/|\/$/g, ''));

/**
 * The absolute URL of every page in the sitemap, ordered: the built pages and the routes without
 * parameters (as @astrojs/sitemap lists them), each once, kept by `filter`.
 */
export function sitemapUrls(
  pages: readonly { pathname: string }[],
  routes: readonly Pick<IntegrationResolvedRoute, 'type' | 'pathname' | 'generate'>[],
  site: URL,
  filter: (url: string) => boolean,
  directoryFormat = true,
): string[] {
  const base = site.pathname.endsWith('/') ? site.pathname : `${site.pathname}/`;
  const urls = new Set<string>();
  for (const { pathname } of pages) {
    if (isStatusPage(pathname)) continue;
    urls.add(new URL(base + pathname.replace(/^\//, ''), site).href);
  }
  for (const route of routes) {
    if (route.type !== 'page' || !route.pathname || isStatusPage(route.pathname)) continue;
    const url = new URL(base + route.generate(route.pathname).replace(/^\//, ''), site).href;
    urls.add(directoryFormat && !url.endsWith('/') ? `${url}/` : url);
  }
  const collator = new Intl.Collator('en', { numeric: true });
  return [...urls].filter((url) => filter(url)).sort(collator.compare);
}

/**
 * A filter that keeps what `filter` keeps but the product pages that name another page as canonical (a
 * product in several areas is listed once, at its first area's page: `duplicates`, their pathnames).
 */
export function canonicalOnly(filter: (url: string) => boolean, duplicates: ReadonlySet<string>) {
  return (url: string) => filter(url) && !duplicates.has(new URL(url).pathname);
}

/**
 * The sitemap files for `urls` (already ordered): each file's name and text, the index last. `lastmod`
 * (ISO 8601): when the pages last changed, the catalogue's last change.
 */
export function sitemapFiles(urls: readonly string[], site: URL, perFile = PAGES_PER_FILE, lastmod?: string) {
  const modified = lastmod ? `<lastmod>${xmlText(lastmod)}</lastmod>` : '';
  const files: { name: string; text: string }[] = [];
  for (let start = 0; start < urls.length; start += perFile) {
    const entries = urls
      .slice(start, start + perFile)
      .map((url) => `<url><loc>${xmlText(url)}</loc>${modified}</url>`)
      .join('');
    files.push({ name: `sitemap-${files.length}.xml`, text: `${XML}${URLSET}${entries}</urlset>` });
  }
  const index = files
    .map(({ name }) => `<sitemap><loc>${xmlText(new URL(name, site).href)}</loc>${modified}</sitemap>`)
    .join('');
  files.push({
    name: 'sitemap-index.xml',
    text: `${XML}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${index}</sitemapindex>`,
  });
  return files;
}

export default function sitemap({
  filter,
  fromPack,
}: {
  filter: (url: string) => boolean;
  /** The pages written from the last build's pack, which Astro does not list (page-reuse.ts). */
  fromPack: PagesFromPack;
}): AstroIntegration {
  let config: AstroConfig | undefined;
  let routes: IntegrationResolvedRoute[] = [];
  return {
    name: 'sitemap',
    hooks: {
      'astro:config:done': ({ config: done }) => {
        config = done;
      },
      'astro:routes:resolved': ({ routes: resolved }) => {
        routes = resolved;
      },
      'astro:build:done': async ({ dir, pages, logger }) => {
        if (!config?.site) throw new Error('the sitemap needs the site URL (SITE_URL): it was not written');
        const site = new URL(config.base, config.site);
        // A product in several areas: only its canonical page (decisions.md, "One URL per product").
        const { products, areas } = catalogueIndex();
        const keep = canonicalOnly(filter, duplicateProductPaths(products, areas));
        const urls = sitemapUrls(
          builtPages(pages, fromPack),
          routes,
          site,
          keep,
          config.build.format === 'directory',
        );
        if (urls.length === 0) throw new Error('no page belongs in the sitemap: it was not written');
        const folder = fileURLToPath(dir);
        await mkdir(folder, { recursive: true });
        const files = sitemapFiles(urls, site, PAGES_PER_FILE, catalogUpdatedAt());
        for (const { name, text } of files) await writeFile(join(folder, name), text);
        logger.info(`\`sitemap-index.xml\` created at \`${relative(process.cwd(), folder)}\``);
      },
    },
  };
}

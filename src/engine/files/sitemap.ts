/**
 * The sitemap: `sitemap-index.xml` naming `sitemap-0.xml`, `sitemap-1.xml`… of at most 45,000 pages each,
 * every built page the filter keeps (src/lib/seo.ts), ordered as people read numbers (`/area/1/products/2/`
 * before `/area/1/products/10/`).
 *
 * It writes what @astrojs/sitemap writes for this site, byte for byte, without that integration's cost at
 * 100,000 products: it sorts with `localeCompare` (a collator set up per comparison, where one
 * `Intl.Collator` gives the same order) and streams every URL as an object, where the build's memory peaked.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroConfig, AstroIntegration, IntegrationResolvedRoute } from 'astro';
import { escapeHtml } from '../../lib/markup.ts';

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

/** The sitemap files for `urls` (already ordered): each file's name and text, the index last. */
export function sitemapFiles(urls: readonly string[], site: URL, perFile = PAGES_PER_FILE) {
  const files: { name: string; text: string }[] = [];
  for (let start = 0; start < urls.length; start += perFile) {
    const entries = urls
      .slice(start, start + perFile)
      .map((url) => `<url><loc>${xmlText(url)}</loc></url>`)
      .join('');
    files.push({ name: `sitemap-${files.length}.xml`, text: `${XML}${URLSET}${entries}</urlset>` });
  }
  const index = files
    .map(({ name }) => `<sitemap><loc>${xmlText(new URL(name, site).href)}</loc></sitemap>`)
    .join('');
  files.push({
    name: 'sitemap-index.xml',
    text: `${XML}<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${index}</sitemapindex>`,
  });
  return files;
}

export default function sitemap({ filter }: { filter: (url: string) => boolean }): AstroIntegration {
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
        const urls = sitemapUrls(pages, routes, site, filter, config.build.format === 'directory');
        if (urls.length === 0) throw new Error('no page belongs in the sitemap: it was not written');
        const folder = fileURLToPath(dir);
        await mkdir(folder, { recursive: true });
        for (const { name, text } of sitemapFiles(urls, site)) await writeFile(join(folder, name), text);
        logger.info(`\`sitemap-index.xml\` created at \`${relative(process.cwd(), folder)}\``);
      },
    },
  };
}

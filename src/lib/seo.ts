/** What search engines are told: which pages go into the sitemap and which paths robots.txt keeps out. */

/** Pages that show one visitor's own data (their bag, QR, order, address, wishlist): never indexed. */
const PER_VISITOR_PATHS = ['/cart/', '/qr/', '/order/', '/address/', '/wishlist/'] as const;

/** Pages that are tools, not content: the camera scanner (noindex; nothing there without a camera). */
const TOOL_PATHS = ['/scan/'] as const;

/** Paths that are not pages for people: the build manifest. */
const MACHINE_PATHS = ['/_build/'] as const;

function withSlash(pathname: string): string {
  return pathname.endsWith('/') ? pathname : `${pathname}/`;
}

/**
 * Whether a built page belongs in the sitemap: not the 404 page, not a per-visitor page, not the scanner,
 * not the chat pages (their language is chosen in the browser; the Japanese pages are the indexed ones).
 */
export function inSitemap(pageUrl: string): boolean {
  const path = withSlash(new URL(pageUrl).pathname);
  if (path === '/404/') return false;
  if (path === '/chat/' || path.startsWith('/chat/')) return false;
  return ![...PER_VISITOR_PATHS, ...TOOL_PATHS, ...MACHINE_PATHS].some((prefix) => path.startsWith(prefix));
}

/**
 * The robots.txt body for a site. Only what is no page is kept out: the per-visitor pages carry `noindex`,
 * which a crawler reads only on a page it may fetch (linked from every page, they would otherwise be
 * indexed by their links alone).
 */
export function robotsTxt(site: URL): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...MACHINE_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${new URL('sitemap-index.xml', site)}`,
    '',
  ].join('\n');
}

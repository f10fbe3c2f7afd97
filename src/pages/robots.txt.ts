import type { APIRoute } from 'astro';

/** Per-visitor pages are not for crawlers; the sitemap's URL must be absolute. */
const DISALLOWED = ['/cart/', '/qr/', '/order/', '/address/'];

export const GET: APIRoute = ({ site }) => {
  const lines = [
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${new URL('sitemap-index.xml', site)}`,
    '',
  ];
  return new Response(lines.join('\n'), { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};

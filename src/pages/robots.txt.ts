import type { APIRoute } from 'astro';
import { robotsTxt } from '../lib/seo.ts';

/** Per-visitor pages and the build manifest are not for crawlers; the sitemap's URL is absolute. */
export const GET: APIRoute = ({ site }) => {
  if (!site) throw new Error('robots.txt needs `site` in astro.config.mjs');
  return new Response(robotsTxt(site), { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};

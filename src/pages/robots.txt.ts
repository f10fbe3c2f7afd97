import type { APIRoute } from 'astro';
import { robotsTxt } from '../lib/seo.ts';

/** The build manifest is not for crawlers (per-visitor pages say noindex themselves); the sitemap's URL is absolute. */
export const GET: APIRoute = ({ site }) => {
  if (!site) throw new Error('robots.txt needs `site` in astro.config.mjs');
  return new Response(robotsTxt(site), { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};

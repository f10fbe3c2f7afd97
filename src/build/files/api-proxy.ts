/**
 * Writes dist/_redirects with the `/api/*` proxy to the catalog API. The target differs per environment
 * and netlify.toml cannot read environment variables, so the build writes it from CATALOG_API_URL; Netlify
 * and scripts/parity-server/serve.mjs both read _redirects before netlify.toml's rules.
 */
import { writeFile } from 'node:fs/promises';
import type { AstroIntegration } from 'astro';
import { DEFAULT_CATALOG_API_URL } from '../../lib/catalog/config.ts';

/** The _redirects text for a catalog API base URL. */
export function apiProxyRules(apiUrl: string): string {
  const target = new URL(apiUrl);
  if (target.protocol !== 'http:' && target.protocol !== 'https:') {
    throw new Error(`CATALOG_API_URL must be http(s): ${apiUrl}`);
  }
  const base = target.toString().replace(/\/$/, '');
  return `# Written by src/build/files/api-proxy.ts at build time.\n/api/*  ${base}/:splat  200!\n`;
}

export default function apiProxy(): AstroIntegration {
  return {
    name: 'api-proxy',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const apiUrl = process.env.CATALOG_API_URL ?? DEFAULT_CATALOG_API_URL;
        await writeFile(new URL('_redirects', dir), apiProxyRules(apiUrl));
        logger.info(`/api/* proxies to ${apiUrl}`);
      },
    },
  };
}

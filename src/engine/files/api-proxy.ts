/**
 * The browser reaches the catalog API on the site's own origin, under `/api/*`. A build writes that proxy
 * rule into dist/_redirects from CATALOG_API_URL (the target differs per environment and netlify.toml
 * cannot read environment variables; Netlify and scripts/parity-server/serve.mjs both read _redirects before
 * netlify.toml's rules). `astro dev` proxies the same path to the same URL, so the bag, the lists and the
 * images work under the dev server too.
 */
import { writeFile } from 'node:fs/promises';
import type { AstroIntegration } from 'astro';
import { DEFAULT_CATALOG_API_URL } from '../../lib/catalog/config.ts';

/** The catalog API's base URL, refused unless http(s). */
function apiBase(apiUrl: string): URL {
  const target = new URL(apiUrl);
  if (target.protocol !== 'http:' && target.protocol !== 'https:') {
    throw new Error(`CATALOG_API_URL must be http(s): ${apiUrl}`);
  }
  return target;
}

/**
 * The variable holding the secret Netlify signs proxied requests with (its signed proxy: each request to
 * the API carries an `x-nf-sign` token the API verifies, scripts/catalog-api/proxy-signature.ts). The rule
 * names the variable; its value never enters the build's output.
 */
export const PROXY_SIGNING_VARIABLE = 'CATALOG_PROXY_SIGNING_SECRET';

/** The _redirects text for a catalog API base URL; `signed`: Netlify signs each proxied request. */
export function apiProxyRules(apiUrl: string, { signed = false }: { signed?: boolean } = {}): string {
  const base = apiBase(apiUrl).toString().replace(/\/$/, '');
  const sign = signed ? `  Sign=${PROXY_SIGNING_VARIABLE}` : '';
  return `# Written by src/engine/files/api-proxy.ts at build time.\n/api/*  ${base}/:splat  200!${sign}\n`;
}

/** The dev server's proxy of `/api/*` to the catalog API, as Vite takes it. */
export function devProxy(apiUrl: string) {
  const target = apiBase(apiUrl);
  const base = target.pathname.replace(/\/$/, '');
  return {
    '/api/': {
      target: target.origin,
      changeOrigin: true,
      rewrite: (path: string) => `${base}${path.replace(/^\/api/, '')}`,
    },
  };
}

export default function apiProxy(): AstroIntegration {
  return {
    name: 'api-proxy',
    hooks: {
      'astro:config:setup': ({ command, updateConfig }) => {
        if (command !== 'dev') return;
        const apiUrl = process.env.CATALOG_API_URL ?? DEFAULT_CATALOG_API_URL;
        // strictPort: on a busy port the dev server would take the next one, where nothing expects it.
        updateConfig({ vite: { server: { proxy: devProxy(apiUrl), strictPort: true } } });
      },
      'astro:build:done': async ({ dir, logger }) => {
        const apiUrl = process.env.CATALOG_API_URL ?? DEFAULT_CATALOG_API_URL;
        // Only whether the secret is set is read: the rule names its variable, Netlify reads the value.
        const signed = Boolean(process.env.CATALOG_PROXY_SIGNING_SECRET);
        await writeFile(new URL('_redirects', dir), apiProxyRules(apiUrl, { signed }));
        logger.info(`/api/* proxies to ${apiUrl}`);
      },
    },
  };
}

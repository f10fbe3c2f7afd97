/**
 * Gives the `/_build/{codeVersion}.json` endpoint the route rules it publishes: the redirects and rewrites of
 * netlify.toml (parsed with Netlify's own parser, as scripts/parity-server/serve.mjs does) and Astro's own route table
 * with each route's prerender flag. They reach the endpoint as the virtual module `virtual:build-manifest`.
 */
import { fileURLToPath } from 'node:url';
import { parseAllRedirects } from '@netlify/redirect-parser';
import type { AstroIntegration } from 'astro';
import { type RedirectRule, type RouteRule, redirectRules, routeRules } from '../../lib/build-info.ts';

const VIRTUAL_ID = 'virtual:build-manifest';
const RESOLVED_ID = `\0${VIRTUAL_ID}`;

/** The rules of a netlify.toml; a parse error fails the build. */
export async function netlifyRedirects(netlifyConfigPath: string): Promise<RedirectRule[]> {
  const result = await parseAllRedirects({
    redirectsFiles: [],
    netlifyConfigPath,
    configRedirects: [],
    minimal: true,
  });
  if (result.errors.length > 0) {
    throw new Error(`cannot parse ${netlifyConfigPath}: ${result.errors.map((e) => e.message).join('; ')}`);
  }
  return redirectRules(result.redirects);
}

export default function buildManifest(): AstroIntegration {
  let routes: RouteRule[] = [];
  let netlifyConfigPath = '';
  return {
    name: 'build-manifest',
    hooks: {
      'astro:config:setup': ({ config, updateConfig }) => {
        netlifyConfigPath = fileURLToPath(new URL('netlify.toml', config.root));
        updateConfig({
          vite: {
            plugins: [
              {
                name: 'build-manifest',
                resolveId: (id: string) => (id === VIRTUAL_ID ? RESOLVED_ID : undefined),
                load: async (id: string) => {
                  if (id !== RESOLVED_ID) return undefined;
                  const redirects = await netlifyRedirects(netlifyConfigPath);
                  return `export const redirects = ${JSON.stringify(redirects)};\nexport const routes = ${JSON.stringify(routes)};\n`;
                },
              },
            ],
          },
        });
      },
      'astro:routes:resolved': ({ routes: resolved }) => {
        routes = routeRules(resolved);
      },
    },
  };
}

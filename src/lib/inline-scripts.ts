/**
 * Scripts that must run inline, before the page paints, and their digests for the content security policy
 * (no 'unsafe-inline'): a page renders each with `set:html`, byte for byte what was hashed. The two below
 * are strings, their digests in every page's policy (src/engine/storefront.ts); the head scripts are bundled at
 * build time (src/engine/files/head-scripts.ts) and each page that carries one adds its digest to its own
 * policy. Any other script is a bundled file or an inline module that Astro hashes itself.
 */
import { createHash } from 'node:crypto';

/** /area/?id=X[&product=Y] where the CDN's 301 did not apply: go to the prerendered page at once (digits only). */
export const AREA_QUERY_REDIRECT = `(function () {
  var query = new URLSearchParams(location.search);
  var id = query.get('id');
  var product = query.get('product');
  if (!id || !/^\\d+$/.test(id)) return;
  var path = '/area/' + id + '/' + (product && /^\\d+$/.test(product) ? 'products/' + product + '/' : '');
  location.replace(path + location.hash);
})();`;

/** One 404.html answers every unknown path: name the path the visitor asked for (as text, never HTML). */
export const NOT_FOUND_PATH = `(function () {
  var target = document.getElementById('not-found-path');
  var path = location.pathname;
  try { path = decodeURI(path); } catch (error) {}
  if (target) target.textContent = 'Page Not Found: ' + path;
})();`;

/** The CSP source expression of an inline script's exact text. */
export function scriptHash(text: string): `sha256-${string}` {
  return `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;
}

/** A script a page carries inline: its exact text and the policy's digest of it (scriptHash). */
export interface InlineScript {
  code: string;
  hash: `sha256-${string}`;
}

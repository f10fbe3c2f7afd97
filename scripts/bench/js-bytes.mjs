// JavaScript shipped per page: every <script src>, inline script and module it imports, raw and gzip. The
// bench reads a built dist/ (pageJs); the e2e budget test reads a served page through the same rules
// (pageJsFrom with its own loader).
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const SCRIPT_SRC = /<script\b[^>]*\bsrc="([^"]+)"[^>]*>/g;
const INLINE_SCRIPT =
  /<script\b(?![^>]*\bsrc=)(?![^>]*type="application\/(?:ld\+)?json")[^>]*>([\s\S]*?)<\/script>/g;
const MODULE_PRELOAD = /<link\b[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g;
const ISLAND_URLS = /\b(?:component-url|renderer-url)="([^"]+)"/g;
// Bundlers write module specifiers in any of the three quotes (Rolldown uses backticks in `import()`).
const STATIC_IMPORT = /(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["'`]([^"'`]+\.js)["'`]/g;
const DYNAMIC_IMPORT = /import\(\s*["'`]([^"'`]+\.js)["'`]\s*\)/g;
// A module built on its own (imported as `?worker&url`) appears as its URL in a string, loaded with import(url).
const MODULE_URL = /["'`](\/_astro\/[\w.-]+\.js)["'`]/g;
// ...except the ones a page loads only on demand, never on a Japanese visit that goes well: the error
// reporter (on the first error), the web-vitals reporter (after the tag manager, when one is configured),
// the chat redirect's bot check (only for a visitor who may be sent to chat) and the bag page's first
// script, which the product page asks into the cache for the next page once a product is added (counted
// on the bag page).
const ON_DEMAND = /\/_astro\/(?:error-reporter-|vitals-|chat-redirect-check\.|held-bag-script-)[\w-]+\.js$/;

/** The text of a document's inline scripts (not JSON data blocks), empty ones left out. */
export function inlineScripts(html) {
  return [...html.matchAll(INLINE_SCRIPT)].map((m) => m[1]).filter((s) => s.trim());
}

function resolveUrl(from, spec) {
  return new URL(spec, `http://site${from}`).pathname;
}

/**
 * Bytes of JavaScript a page's HTML pulls in, following static and dynamic imports of its chunks.
 * `pageUrl` is the page's path (`/about/`); `load(url)` gives the text of a same-origin script path.
 * @param {string} html
 * @param {string} pageUrl
 * @param {(url: string) => Promise<string>} load
 * @returns {Promise<{ files: number, inline: number, raw: number, gzip: number, urls: string[] }>}
 */
export async function pageJsFrom(html, pageUrl, load) {
  const queue = [];
  for (const re of [SCRIPT_SRC, MODULE_PRELOAD, ISLAND_URLS]) {
    for (const match of html.matchAll(re)) queue.push(resolveUrl(pageUrl, match[1]));
  }
  const inline = inlineScripts(html);
  const seen = new Set();
  const files = [];
  while (queue.length) {
    const url = queue.shift();
    if (seen.has(url) || !url.endsWith('.js')) continue;
    seen.add(url);
    const code = await load(url);
    files.push(code);
    for (const re of [STATIC_IMPORT, DYNAMIC_IMPORT, MODULE_URL]) {
      for (const match of code.matchAll(re)) {
        const next = resolveUrl(url, match[1]);
        if (!ON_DEMAND.test(next)) queue.push(next);
      }
    }
  }
  const all = [...inline, ...files];
  const raw = all.reduce((sum, code) => sum + Buffer.byteLength(code), 0);
  const gzip = all.reduce((sum, code) => sum + gzipSync(code, { level: 9 }).length, 0);
  return { files: files.length, inline: inline.length, raw, gzip, urls: [...seen] };
}

/** The same for a page of a built site: `pagePath` is its HTML file inside `distDir`. */
export async function pageJs(distDir, pagePath) {
  const html = await readFile(join(distDir, pagePath), 'utf8');
  const pageUrl = `/${pagePath.replace(/index\.html$/, '')}`;
  return pageJsFrom(html, pageUrl, (url) => readFile(join(distDir, url), 'utf8'));
}

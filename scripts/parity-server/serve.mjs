// Production-parity static server: serves dist/ with the redirects, rewrites, headers and /api proxy that
// Netlify applies in production, parsed with Netlify's own parsers, so tests exercise the rules that
// production runs.
//
//   node scripts/parity-server/serve.mjs            PORT (4321), HOST (127.0.0.1), DIST_DIR (dist),
//                                     CATALOG_API_URL (optional: overrides the /api/* proxy target)
//
// Rules are parsed with Netlify's parsers and matched by Netlify's own engine (netlify-redirector, the one
// its CLI's local server uses): _redirects before netlify.toml, first match wins, placeholders, splats,
// query parameters and Language/Country/Cookie conditions as in production. Around the match, as Netlify
// does: shadowing (a rule without `force` does not apply when a static file exists at the path); the
// request's query string carried over to the destination; 3xx redirects, 200 rewrites, 404 (and other
// status) rewrites, 200 to an http(s) URL = reverse proxy (the path forwarded as sent, still encoded);
// /about served from about/index.html without a redirect; unknown paths get /404.html with status 404;
// custom headers on everything but proxied answers, which carry nosniff; a malformed /api/ path gets the
// API's JSON error. One thing no rule of netlify.toml can say (Netlify's engine reads a `from` starting with
// `//` as a host): a path starting with `//` is redirected (301) to the same path with one slash, first.
//
// Three modules do the work: rules.mjs (the rules and the header rules), static-files.mjs (the files and
// their cache), proxy.mjs (the reverse proxy); this one composes them into the server.

import http from 'node:http';
import https from 'node:https';
import path from 'node:path';
import { MALFORMED_API_PATH, proxy, sendApiError } from './proxy.mjs';
import { destination, loadRules, matchRequest, rawDestination, send } from './rules.mjs';
import {
  CACHE_BUDGET,
  FileCache,
  parseTarget,
  resolveStatic,
  sendFile,
  sendNotFound,
} from './static-files.mjs';

const DEFAULT_PROXY_TIMEOUT_MS = 30_000;

/** Rule sets kept parsed: the live root's, the one being swapped in, and the one before. */
const RULE_SETS_KEPT = 4;

/**
 * Create the server (not yet listening). The rules are parsed in the background: `await server.ready` to
 * surface configuration errors; until they are loaded, requests wait, and if loading failed they answer 500.
 *
 * The root may be a function: it is asked once per request, so a request is served entirely from the
 * directory it started on, and swapping the root (a new build published by scripts/publisher/) is atomic:
 * a request gets the old site or the new one, never a mix. `server.prepare(dir)` parses a directory's rules
 * before it is swapped in, so the first request on it does not wait and a broken rules file is found first.
 *
 * @param {object} [options]
 * @param {string | (() => string)} [options.root] directory to serve (default `dist`), or what names it
 * @param {string} [options.apiUrl] overrides the `/api/*` proxy target written into `<root>/_redirects`
 * @param {string} [options.configPath] netlify.toml to read (default `netlify.toml`)
 * @param {number} [options.proxyTimeoutMs] time allowed for the upstream to answer (default 30 s) → 504
 * @param {(req: http.IncomingMessage, res: http.ServerResponse) => boolean | Promise<boolean>} [options.before]
 *   pages the local server adds (the editor's publish page): true when it answered the request
 * @returns {http.Server & { ready: Promise<void>, prepare: (dir: string) => Promise<void> }}
 */
export function createServer({
  root = 'dist',
  apiUrl,
  configPath = 'netlify.toml',
  proxyTimeoutMs = DEFAULT_PROXY_TIMEOUT_MS,
  tls,
  before,
} = {}) {
  const currentRoot = typeof root === 'function' ? () => path.resolve(root()) : () => path.resolve(root);
  const files = new FileCache(CACHE_BUDGET);
  const resolvedConfig = path.resolve(configPath);
  /** @type {Map<string, Promise<any>>} */
  const ruleSets = new Map();
  const rulesFor = (rootDir) => {
    let rules = ruleSets.get(rootDir);
    if (rules === undefined) {
      rules = loadRules({ rootDir, apiUrl, configPath: resolvedConfig });
      // Pre-handled so a caller that never awaits does not crash on an unhandled rejection.
      rules.catch(() => {});
      ruleSets.set(rootDir, rules);
      for (const key of ruleSets.keys()) {
        if (ruleSets.size <= RULE_SETS_KEPT) break;
        if (key !== rootDir) ruleSets.delete(key);
      }
    }
    return rules;
  };
  const ready = rulesFor(currentRoot()).then(() => undefined);
  ready.catch((error) => console.error(error.message));
  const prepare = (dir) => rulesFor(path.resolve(dir)).then(() => undefined);

  const onRequest = (req, res) => {
    handle(req, res).catch((error) => {
      console.error(error);
      if (!res.headersSent) sendText(res, 500, 'Internal Server Error');
      else res.destroy();
    });
  };
  // With `tls` ({ key, cert }), HTTPS as in production (the Observatory scan needs it).
  const server = tls ? https.createServer(tls, onRequest) : http.createServer(onRequest);

  async function handle(req, res) {
    const target = parseTarget(req.url);
    if (!target) {
      // Under /api the caller is the API's client: it gets the API's error shape.
      if (/^\/api(\/|$|\?)/.test(req.url ?? ''))
        return sendApiError(res, 400, 'BAD_REQUEST', MALFORMED_API_PATH);
      return sendText(res, 400, 'Bad Request');
    }
    // A path starting with `//` is redirected below, before anything reads it (the pages added here too).
    const doubled = target.url.pathname.startsWith('//');
    if (before && !doubled && (await before(req, res))) return;

    // Once per request: everything below reads this one directory.
    const rootDir = currentRoot();
    let rules;
    try {
      rules = await rulesFor(rootDir);
    } catch (error) {
      return sendText(res, 500, `serve.mjs: invalid configuration\n${error.message}`);
    }

    const { url, decodedPath } = target;
    const ctx = {
      req,
      res,
      url,
      rootDir,
      files,
      headerRules: rules.headers,
      signedRules: rules.signed,
      proxyTimeoutMs,
    };
    // A path starting with `//` reads as another host's address wherever a page writes its own path into a
    // link (`//evil.example/chat/?lang=en`): it is sent to the same path with one slash, before any rule.
    if (doubled) {
      const location = `${singleSlashed(url.pathname)}${url.search}`;
      const headers = { location, 'content-type': 'text/plain; charset=utf-8' };
      return send(ctx, 301, headers, `Redirecting to ${location}`);
    }
    const staticFile = await resolveStatic(rootDir, decodedPath);

    const match = matchRequest(rules.matcher, url, req);
    // Shadowing: a file at the path wins over a rule that is not forced.
    if (match && !(staticFile && !match.force)) return applyRule(ctx, match);

    if (staticFile) return sendFile(ctx, staticFile, 200);
    return sendNotFound(ctx);
  }

  return Object.assign(server, { ready, prepare });
}

async function applyRule(ctx, rule) {
  const proxied = rule.status === 200 && /^https?:\/\//.test(rule.to);
  const to = destination(proxied ? rawDestination(rule, ctx.url) : rule.to, ctx.url);
  const isUrl = /^https?:\/\//.test(to);
  if (rule.status === 200 && isUrl) {
    return proxy(ctx, to, rule.proxyHeaders ?? {}, ctx.signedRules.get(rule.from));
  }
  if (rule.status >= 300 && rule.status < 400) {
    return send(
      ctx,
      rule.status,
      { location: to, 'content-type': 'text/plain; charset=utf-8' },
      `Redirecting to ${to}`,
    );
  }
  // A rewrite: the target file is served under the requested URL, with the rule's status.
  const targetPath = isUrl ? null : parseTarget(to.split('?')[0])?.decodedPath;
  const file = targetPath ? await resolveStatic(ctx.rootDir, targetPath) : null;
  if (!file) return sendNotFound(ctx);
  return sendFile(ctx, file, rule.status);
}

/** A path with the slashes it starts with as one: `//host/x` is `/host/x`. */
function singleSlashed(pathname) {
  return pathname.replace(/^\/+/, '/');
}

/** Plain response used before the rules are known (malformed URL, broken configuration). */
function sendText(res, status, text) {
  res.writeHead(status, {
    'content-type': 'text/plain; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

/**
 * What Netlify does on plain HTTP: a permanent redirect to the same path on the site's HTTPS origin, so
 * nothing is ever served unencrypted. The origin is the configured one (`siteOrigin`,
 * `https://shop.example`), never the request's Host header, which whoever sends the request writes.
 */
export function createHttpsRedirect(siteOrigin) {
  const origin = new URL(siteOrigin);
  if (origin.protocol !== 'https:' || origin.origin !== siteOrigin.replace(/\/$/, '')) {
    throw new Error(`serve.mjs: the HTTPS redirect needs an https origin, got ${JSON.stringify(siteOrigin)}`);
  }
  return http.createServer((req, res) => {
    const target = parseTarget(req.url ?? '/');
    const path = target ? singleSlashed(target.url.pathname) + target.url.search : '/';
    const location = `${origin.origin}${path}`;
    res.writeHead(301, {
      location,
      'content-type': 'text/plain; charset=utf-8',
      'cache-control': 'no-store',
    });
    res.end(`Moved to ${location}\n`);
  });
}

// ---------------------------------------------------------------------------------------------------------
// CLI
// ---------------------------------------------------------------------------------------------------------

if (import.meta.main) {
  const port = Number(process.env.PORT || 4321);
  const host = process.env.HOST || '127.0.0.1';
  const root = process.env.DIST_DIR || 'dist';
  const server = createServer({ root, apiUrl: process.env.CATALOG_API_URL || undefined });
  try {
    await server.ready;
  } catch {
    // loadRules already printed the reason.
    process.exit(1);
  }
  server.listen(port, host, () => {
    const shownHost = host.includes(':') ? `[${host}]` : host;
    console.log(`serve.mjs: http://${shownHost}:${port}/ (serving ${path.resolve(root)})`);
  });
}

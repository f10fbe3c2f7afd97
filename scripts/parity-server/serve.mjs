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
// API's JSON error.

import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pipeline } from 'node:stream';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { parseAllHeaders } from '@netlify/headers-parser';
import { parseAllRedirects } from '@netlify/redirect-parser';

// Netlify's own rule engine (WebAssembly), the one its CLI's local server matches with: local matching is
// production matching by construction, `Language`, `Country` and `Cookie` conditions included.
const redirector = createRequire(import.meta.url)('netlify-redirector');

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** Netlify's default for static responses that no header rule gives a Cache-Control. */
const DEFAULT_CACHE_CONTROL = 'public, max-age=0, must-revalidate';
const DEFAULT_PROXY_TIMEOUT_MS = 30_000;
/** Files above this size are streamed as they are: no in-memory cache, no compression. */
const STREAM_THRESHOLD = 8 * 1024 * 1024;
/** Upper bound of the in-memory file cache (raw and compressed bodies together). */
const CACHE_BUDGET = 128 * 1024 * 1024;

const MIME_TYPES = {
  html: 'text/html; charset=utf-8',
  htm: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  json: 'application/json; charset=utf-8',
  map: 'application/json; charset=utf-8',
  webmanifest: 'application/manifest+json; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  ico: 'image/x-icon',
  woff2: 'font/woff2',
  woff: 'font/woff',
  ttf: 'font/ttf',
  otf: 'font/otf',
  mp4: 'video/mp4',
  webm: 'video/webm',
  y4m: 'video/x-yuv4mpeg',
  wasm: 'application/wasm',
  pdf: 'application/pdf',
};

const COMPRESSIBLE = /^(text\/|application\/(json|xml|manifest\+json|wasm)|image\/svg\+xml)/;

/** Connection-level headers that a proxy must not forward (RFC 9110 §7.6.1). */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/** Headers that describe the body as sent; header rules cannot change them. */
const PROTECTED_HEADERS = [
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'etag',
  'vary',
  'location',
];

/** Netlify processes these files at deploy time; they are never served. */
const HIDDEN_ROOT_FILES = new Set(['/_redirects', '/_headers']);

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
    if (before && (await before(req, res))) return;

    // Once per request: everything below reads this one directory.
    const rootDir = currentRoot();
    let rules;
    try {
      rules = await rulesFor(rootDir);
    } catch (error) {
      return sendText(res, 500, `serve.mjs: invalid configuration\n${error.message}`);
    }

    const { url, decodedPath } = target;
    const ctx = { req, res, url, rootDir, files, headerRules: rules.headers, proxyTimeoutMs };
    const staticFile = await resolveStatic(rootDir, decodedPath);

    const match = matchRequest(rules.matcher, url, req);
    // Shadowing: a file at the path wins over a rule that is not forced.
    if (match && !(staticFile && !match.force)) return applyRule(ctx, match);

    if (staticFile) return sendFile(ctx, staticFile, 200);
    return sendNotFound(ctx);
  }

  return Object.assign(server, { ready, prepare });
}

// ---------------------------------------------------------------------------------------------------------
// Rules
// ---------------------------------------------------------------------------------------------------------

async function loadRules({ rootDir, apiUrl, configPath }) {
  const rootStat = await stat(rootDir).catch(() => null);
  if (!rootStat?.isDirectory()) {
    throw new Error(`serve.mjs: ${rootDir} is not a directory (run \`npm run build\` first)`);
  }
  // The parser silently treats a missing file as "no rules"; here that would hide every production rule.
  if (!(await stat(configPath).catch(() => null))?.isFile()) {
    throw new Error(`serve.mjs: ${configPath} not found`);
  }
  const [redirectResult, headerResult] = await Promise.all([
    parseAllRedirects({
      redirectsFiles: [path.join(rootDir, '_redirects')],
      netlifyConfigPath: configPath,
      configRedirects: [],
      minimal: false,
    }),
    parseAllHeaders({
      headersFiles: [path.join(rootDir, '_headers')],
      netlifyConfigPath: configPath,
      configHeaders: [],
      minimal: false,
    }),
  ]);
  const errors = [...redirectResult.errors, ...headerResult.errors];
  if (errors.length > 0) {
    const details = errors.map((error) => error.message).join('\n\n');
    throw new Error(
      `serve.mjs: cannot parse the rules in ${configPath} or ${rootDir}/_redirects|_headers:\n${details}`,
    );
  }

  const parsed = /** @type {any[]} */ (redirectResult.redirects);
  if (apiUrl) {
    // First match wins, so this rule overrides the /api/* proxy that the build wrote into _redirects.
    parsed.unshift({
      from: '/api/*',
      path: '/api/*',
      to: `${apiUrl.replace(/\/+$/, '')}/:splat`,
      status: 200,
      force: true,
    });
  }
  for (const rule of parsed) {
    if (rule.signed) console.warn(`serve.mjs: rule ${rule.from} is signed; requests are proxied unsigned`);
  }
  // The engine reads the parser's `query` under its older name, `params`.
  const engineRules = parsed.map(({ query, ...rule }) => ({ ...rule, params: query ?? {} }));
  const matcher = await redirector.parseJSON(JSON.stringify(engineRules), {
    jwtSecret: 'parity-server',
    jwtRole: 'app_metadata.authorization.roles',
  });
  return { matcher, headers: headerResult.headers };
}

/**
 * The first rule matching the request, as Netlify matches it: the language comes from the `nf_lang` cookie
 * or the first language the browser asks for, the country from `nf_country` (locally there is no geo).
 */
function matchRequest(matcher, url, req) {
  const cookies = parseCookies(req.headers.cookie ?? '');
  const headers = {
    'x-language':
      cookies.nf_lang || (req.headers['accept-language'] ?? '').split(',')[0].trim().slice(0, 2) || 'en',
    'x-country': cookies.nf_country || 'us',
    ...req.headers,
  };
  const decoded = safeDecode(url.pathname);
  if (decoded === null) return null;
  return matcher.match({
    scheme: 'http',
    host: (req.headers.host ?? '').replace(/:\d+$/, ''),
    path: decoded,
    query: url.search.slice(1),
    getHeader: (name) => {
      const value = headers[name.toLowerCase()];
      return (Array.isArray(value) ? value[0] : value) ?? '';
    },
    getCookie: (name) => cookies[name] ?? '',
  });
}

function parseCookies(header) {
  const cookies = {};
  for (const pair of header.split(';')) {
    const at = pair.indexOf('=');
    if (at > 0) cookies[pair.slice(0, at).trim()] = safeDecode(pair.slice(at + 1).trim()) ?? '';
  }
  return cookies;
}

/** The destination, with the request's query string carried over as Netlify does (the rule's own win). */
function destination(to, url) {
  if (!url.search) return to;
  if (!to.includes('?')) return `${to}${url.search}`;
  const [pathPart, own] = to.split('?', 2);
  const query = new URLSearchParams(url.search);
  for (const [key, value] of new URLSearchParams(own)) query.set(key, value);
  return `${pathPart}?${query}`;
}

/**
 * The rule's destination with the path as the visitor sent it. The engine matched the decoded path, so its
 * `:splat` is decoded: proxied as it is, `%252e%252e` would reach the upstream as `%2e%2e` (a dot segment
 * once the URL is parsed again) and `%253F` as `%3F` (a question mark once the upstream decodes it). A
 * rule ending in a splat (`/api/*`) gets back the raw, still-encoded remainder of the path instead.
 */
function rawDestination(rule, url) {
  if (!rule.from.endsWith('/*')) return rule.to;
  const prefix = rule.from.slice(0, -1);
  if (!url.pathname.startsWith(prefix)) return rule.to;
  const raw = url.pathname.slice(prefix.length);
  const decoded = safeDecode(raw);
  if (decoded === null || !rule.to.endsWith(decoded)) return rule.to;
  return rule.to.slice(0, rule.to.length - decoded.length) + raw;
}

async function applyRule(ctx, rule) {
  const proxied = rule.status === 200 && /^https?:\/\//.test(rule.to);
  const to = destination(proxied ? rawDestination(rule, ctx.url) : rule.to, ctx.url);
  const isUrl = /^https?:\/\//.test(to);
  if (rule.status === 200 && isUrl) return proxy(ctx, to, rule.proxyHeaders ?? {});
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

// ---------------------------------------------------------------------------------------------------------
// Static files
// ---------------------------------------------------------------------------------------------------------

/** Parse the request target; null when malformed or when it would leave the root. */
function parseTarget(rawUrl) {
  if (typeof rawUrl !== 'string' || !rawUrl.startsWith('/')) return null;
  let url;
  try {
    // The WHATWG parser resolves `.`/`..` segments (also `%2e%2e`), so the pathname cannot climb out.
    url = new URL(rawUrl, 'http://localhost');
  } catch {
    return null;
  }
  const decodedPath = safeDecode(url.pathname);
  if (decodedPath === null || decodedPath.includes('\0') || decodedPath.includes('\\')) return null;
  // An encoded slash (`..%2f`) survives URL parsing as `..` once decoded: refuse it.
  if (decodedPath.split('/').includes('..')) return null;
  return { url, decodedPath };
}

/** Resolve a decoded URL path to a file like Netlify: exact file, `x.html`, `x/index.html`. */
async function resolveStatic(rootDir, decodedPath) {
  if (HIDDEN_ROOT_FILES.has(decodedPath)) return null;
  const absolute = path.join(rootDir, decodedPath);
  // Defence in depth: never serve anything outside the root, whatever the path held.
  if (absolute !== rootDir && !absolute.startsWith(rootDir + path.sep)) return null;
  if (decodedPath.endsWith('/')) return fileAt(path.join(absolute, 'index.html'));
  const stats = await stat(absolute).catch(() => null);
  if (stats?.isFile()) return { absolute, stats };
  if (stats?.isDirectory()) return fileAt(path.join(absolute, 'index.html'));
  return fileAt(`${absolute}.html`);
}

async function fileAt(absolute) {
  const stats = await stat(absolute).catch(() => null);
  return stats?.isFile() ? { absolute, stats } : null;
}

async function sendNotFound(ctx) {
  const page = await fileAt(path.join(ctx.rootDir, '404.html'));
  if (page) return sendFile(ctx, page, 404);
  return send(ctx, 404, { 'content-type': 'text/plain; charset=utf-8' }, 'Not Found');
}

async function sendFile(ctx, { absolute, stats }, status) {
  const { req, res } = ctx;
  if (status === 200 && req.method !== 'GET' && req.method !== 'HEAD') {
    return send(
      ctx,
      405,
      { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' },
      'Method Not Allowed',
    );
  }
  const type = MIME_TYPES[path.extname(absolute).slice(1).toLowerCase()] ?? 'application/octet-stream';

  if (stats.size > STREAM_THRESHOLD) {
    const etag = `W/"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`;
    const headers = { 'content-type': type, etag };
    if (status === 200 && etagMatches(req.headers['if-none-match'], [etag])) return send(ctx, 304, headers);
    if (req.method === 'HEAD') return send(ctx, status, { ...headers, 'content-length': stats.size });
    writeHead(ctx, status, { ...headers, 'content-length': stats.size });
    return new Promise((resolve) => pipeline(createReadStream(absolute), res, () => resolve(undefined)));
  }

  const entry = await ctx.files.get(absolute, stats);
  const compressible = COMPRESSIBLE.test(type);
  const encoding = compressible ? pickEncoding(req.headers['accept-encoding']) : null;
  const etags = [entry.etag, `${entry.etag.slice(0, -1)}-br"`, `${entry.etag.slice(0, -1)}-gzip"`];
  const headers = {
    'content-type': type,
    etag: encoding === 'br' ? etags[1] : encoding === 'gzip' ? etags[2] : etags[0],
    ...(compressible && { vary: 'Accept-Encoding' }),
  };
  if (status === 200 && etagMatches(req.headers['if-none-match'], etags)) return send(ctx, 304, headers);
  const body = encoding ? await ctx.files.compressed(entry, encoding) : entry.body;
  if (encoding) headers['content-encoding'] = encoding;
  return send(ctx, status, headers, body);
}

/** Bounded in-memory cache of file bodies, their ETags and their compressed forms (LRU). */
class FileCache {
  /** @param {number} budget */
  constructor(budget) {
    this.budget = budget;
    this.used = 0;
    /** @type {Map<string, any>} */
    this.entries = new Map();
  }

  async get(absolute, stats) {
    const cached = this.entries.get(absolute);
    if (cached && cached.mtimeMs === stats.mtimeMs && cached.size === stats.size) {
      // Re-insert to mark it as the most recently used.
      this.entries.delete(absolute);
      this.entries.set(absolute, cached);
      return cached;
    }
    if (cached) this.evict(absolute);
    const body = await readFile(absolute);
    const etag = `"${createHash('sha1').update(body).digest('hex')}"`;
    const entry = { absolute, mtimeMs: stats.mtimeMs, size: stats.size, body, etag, bytes: 0, variants: {} };
    this.entries.set(absolute, entry);
    this.account(entry, body.length);
    return entry;
  }

  /** @param {'br' | 'gzip'} encoding */
  compressed(entry, encoding) {
    entry.variants[encoding] ??= (
      encoding === 'br'
        ? brotli(entry.body, {
            // Quality 11 is slow on large bundles; the result is cached, but the first request still waits.
            params: { [zlib.constants.BROTLI_PARAM_QUALITY]: entry.body.length > 512 * 1024 ? 7 : 11 },
          })
        : gzip(entry.body, { level: 9 })
    ).then((buffer) => {
      this.account(entry, buffer.length);
      return buffer;
    });
    return entry.variants[encoding];
  }

  account(entry, bytes) {
    // An entry evicted while it was being compressed is no longer counted.
    if (entry !== this.entries.get(entry.absolute)) return;
    entry.bytes += bytes;
    this.used += bytes;
    for (const key of this.entries.keys()) {
      if (this.used <= this.budget) break;
      if (key !== entry.absolute) this.evict(key);
    }
  }

  evict(key) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.used -= entry.bytes;
    this.entries.delete(key);
  }
}

function pickEncoding(acceptEncoding) {
  if (!acceptEncoding) return null;
  const weights = new Map();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.split(';').map((token) => token.trim());
    const q = params.find((param) => param.startsWith('q='));
    weights.set(name, q ? Number.parseFloat(q.slice(2)) || 0 : 1);
  }
  const accepts = (name) => (weights.get(name) ?? weights.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return null;
}

function etagMatches(ifNoneMatch, etags) {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  // Weak comparison (RFC 9110 §13.1.2): the W/ prefix is ignored.
  const strip = (tag) => tag.trim().replace(/^W\//, '');
  const wanted = new Set(etags.map(strip));
  return ifNoneMatch.split(',').some((tag) => wanted.has(strip(tag)));
}

// ---------------------------------------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------------------------------------

/** Headers from the header rules that match the request path; the later rule wins, like Netlify CLI. */
function ruleHeaders(headerRules, pathname) {
  const values = {};
  for (const rule of headerRules) {
    if (!rule.forRegExp.test(pathname)) continue;
    for (const [name, value] of Object.entries(rule.values)) values[name.toLowerCase()] = value;
  }
  return values;
}

function writeHead({ res, url, headerRules }, status, headers) {
  const custom = ruleHeaders(headerRules, url.pathname);
  // Rules may override the content type (Netlify allows it), but not what the body itself depends on.
  for (const name of PROTECTED_HEADERS) delete custom[name];
  // A rule's caching is for the file it names: an error (a missing hashed asset, say) is never kept a year.
  if (status >= 400) delete custom['cache-control'];
  res.writeHead(status, { 'cache-control': DEFAULT_CACHE_CONTROL, ...headers, ...custom });
}

/** Send a complete non-proxied response, with the header rules applied. */
function send(ctx, status, headers, body) {
  const { req, res } = ctx;
  const noBody = status === 304 || req.method === 'HEAD' || body === undefined;
  const length = body === undefined ? undefined : Buffer.byteLength(body);
  writeHead(ctx, status, {
    ...headers,
    ...(status !== 304 && length !== undefined && { 'content-length': length }),
  });
  res.end(noBody ? undefined : body);
}

const MALFORMED_API_PATH = 'リクエストのURLが正しくありません。';

/** The catalog API's error shape (`{ code, message }`), for what the proxy answers itself under /api. */
function sendApiError(res, status, code, message) {
  const body = JSON.stringify({ code, message });
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'x-content-type-options': 'nosniff',
    'cache-control': 'no-store',
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
}

/** Plain response used before the rules are known (malformed URL, broken configuration). */
function sendText(res, status, text) {
  res.writeHead(status, {
    'content-type': 'text/plain; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

// ---------------------------------------------------------------------------------------------------------
// Reverse proxy
// ---------------------------------------------------------------------------------------------------------

/** The largest request body the proxy forwards; the catalog API itself takes far less. */
const MAX_PROXY_BODY_BYTES = 64 * 1024;
const TOO_LARGE = JSON.stringify({
  code: 'PAYLOAD_TOO_LARGE',
  message: '送信された内容が大きすぎます。内容を減らしてもう一度お試しください。',
});

/**
 * 413 for a body over the limit, closing only this client's connection (the rest of its body is never
 * read), so the next visitors are served as usual.
 */
function refuseTooLarge(req, res) {
  if (!res.headersSent) {
    res.writeHead(413, {
      'content-type': 'application/json; charset=utf-8',
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-store',
      'content-length': Buffer.byteLength(TOO_LARGE),
      connection: 'close',
    });
    res.end(TOO_LARGE);
  }
  req.unpipe();
  res.on('finish', () => req.socket.destroySoon?.() ?? req.destroy());
}

function proxy({ req, res, proxyTimeoutMs }, to, ruleRequestHeaders) {
  const target = new URL(to);
  const declared = Number(req.headers['content-length'] ?? 0);
  if (Number.isFinite(declared) && declared > MAX_PROXY_BODY_BYTES) {
    refuseTooLarge(req, res);
    return Promise.resolve(undefined);
  }
  const headers = withoutHopByHop(req.headers);
  const clientIp = req.socket.remoteAddress ?? '';
  headers.host = target.host;
  headers['x-forwarded-host'] = req.headers.host ?? '';
  headers['x-forwarded-proto'] = /** @type {any} */ (req.socket).encrypted ? 'https' : 'http';
  headers['x-forwarded-for'] = req.headers['x-forwarded-for']
    ? `${req.headers['x-forwarded-for']}, ${clientIp}`
    : clientIp;
  // As Netlify does: the address it was connected from, whatever the visitor sent under that name.
  headers['x-nf-client-connection-ip'] = clientIp;
  // netlify.toml proxy rules may add request headers.
  for (const [name, value] of Object.entries(ruleRequestHeaders)) headers[name.toLowerCase()] = value;

  return new Promise((resolve) => {
    // The shopper reads the message (in words, never the network behind the proxy); the log has the cause.
    const fail = (status, code, message, cause) => {
      clearTimeout(timer);
      // Per-visitor paths carry aliases: the log keeps only their first four characters.
      const logged = target.pathname.replace(/([A-Za-z0-9_-]{4})[A-Za-z0-9_-]{12,60}(?=\/|$)/g, '$1…');
      console.error(`serve.mjs: proxy ${req.method} ${logged} → ${status} ${code}: ${cause}`);
      if (!res.headersSent) {
        const body = JSON.stringify({ code, message });
        res.writeHead(status, {
          'content-type': 'application/json; charset=utf-8',
          'x-content-type-options': 'nosniff',
          'content-length': Buffer.byteLength(body),
        });
        res.end(body);
      } else {
        res.destroy();
      }
      resolve(undefined);
    };

    const client = target.protocol === 'https:' ? https : http;
    const upstream = client.request(target, { method: req.method, headers });
    const timer = setTimeout(() => {
      fail(
        504,
        'GATEWAY_TIMEOUT',
        'カタログのサーバーから時間内に応答がありませんでした。しばらくしてからもう一度お試しください。',
        `no answer within ${proxyTimeoutMs} ms`,
      );
      upstream.destroy();
    }, proxyTimeoutMs);

    upstream.on('response', (upstreamRes) => {
      clearTimeout(timer);
      if (res.headersSent) return upstreamRes.destroy();
      // The upstream answered before the whole body was sent (a refusal): its connection is in an unknown
      // state, so it goes away after this answer instead of back to the pool for the next visitor.
      if (!req.complete) upstreamRes.on('end', () => upstream.destroy());
      // The headers object keeps Set-Cookie as an array, so every cookie is forwarded. Header rules do
      // not apply to proxied answers (as on Netlify), but nothing under /api is ever sniffed.
      res.writeHead(upstreamRes.statusCode ?? 502, upstreamRes.statusMessage, {
        ...withoutHopByHop(upstreamRes.headers),
        'x-content-type-options': 'nosniff',
      });
      pipeline(upstreamRes, res, () => resolve(undefined));
    });
    upstream.on('error', (error) => {
      if (res.headersSent || res.destroyed) return resolve(undefined);
      fail(
        502,
        'BAD_GATEWAY',
        'カタログのサーバーに接続できませんでした。しばらくしてからもう一度お試しください。',
        error.message,
      );
    });
    // If the client goes away, stop talking to the upstream.
    res.on('close', () => {
      clearTimeout(timer);
      if (!res.writableFinished) upstream.destroy();
    });
    // A body without a declared length is counted as it streams; past the limit it is refused.
    let received = 0;
    req.on('data', (chunk) => {
      received += chunk.length;
      if (received > MAX_PROXY_BODY_BYTES && !res.headersSent) {
        clearTimeout(timer);
        upstream.destroy();
        refuseTooLarge(req, res);
        resolve(undefined);
      }
    });
    // pipe, not pipeline: pipeline would destroy the client socket on an upstream error, losing the 502.
    req.pipe(upstream);
  });
}

/** @param {http.IncomingHttpHeaders} headers */
function withoutHopByHop(headers) {
  const listed = String(headers.connection ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase());
  /** @type {Record<string, string | string[]>} */
  const result = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || HOP_BY_HOP.has(name) || listed.includes(name)) continue;
    result[name] = value;
  }
  return result;
}

/**
 * What Netlify does on plain HTTP: a permanent redirect to the same path over HTTPS (to `httpsPort` on the
 * same host name), so nothing is ever served unencrypted.
 */
export function createHttpsRedirect(httpsPort) {
  return http.createServer((req, res) => {
    const host = String(req.headers.host ?? 'localhost').replace(/:\d+$/, '');
    const port = httpsPort === 443 ? '' : `:${httpsPort}`;
    const target = parseTarget(req.url ?? '/');
    const location = `https://${host}${port}${target ? target.url.pathname + target.url.search : '/'}`;
    res.writeHead(301, {
      location,
      'content-type': 'text/plain; charset=utf-8',
      'cache-control': 'no-store',
    });
    res.end(`Moved to ${location}\n`);
  });
}

// ---------------------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------------------

function safeDecode(text) {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
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

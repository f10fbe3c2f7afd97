// The production rules of the parity server (serve.mjs): netlify.toml's and the build's _redirects and
// _headers, parsed with Netlify's own parsers and matched by Netlify's own engine (netlify-redirector, the
// one its CLI's local server uses), and the header rules applied to every answer that is not proxied.
import { stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseAllHeaders } from '@netlify/headers-parser';
import { parseAllRedirects } from '@netlify/redirect-parser';

// Netlify's own rule engine (WebAssembly), the one its CLI's local server matches with: local matching is
// production matching by construction, `Language`, `Country` and `Cookie` conditions included.
const redirector = createRequire(import.meta.url)('netlify-redirector');

/** Netlify's default for static responses that no header rule gives a Cache-Control. */
const DEFAULT_CACHE_CONTROL = 'public, max-age=0, must-revalidate';

/** Headers that describe the body as sent; header rules cannot change them. */
const PROTECTED_HEADERS = [
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'etag',
  'vary',
  'location',
];

/**
 * The rules of a root: its _redirects and _headers with netlify.toml's, and the /api/* override if given;
 * `signed` maps a signed proxy rule's path to the variable holding its secret.
 */
export async function loadRules({ rootDir, apiUrl, configPath }) {
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
  // Netlify's engine drops a rule's `Sign=` on matching: the variable each signed rule names, by its path
  // (the /api/* override above takes the signing of the build's own /api/* rule).
  /** @type {Map<string, string>} */
  const signed = new Map();
  for (const rule of parsed) if (rule.signed && !signed.has(rule.from)) signed.set(rule.from, rule.signed);
  // The engine reads the parser's `query` under its older name, `params`.
  const engineRules = parsed.map(({ query, ...rule }) => ({ ...rule, params: query ?? {} }));
  const matcher = await redirector.parseJSON(JSON.stringify(engineRules), {
    jwtSecret: 'parity-server',
    jwtRole: 'app_metadata.authorization.roles',
  });
  return { matcher, headers: headerResult.headers, signed };
}

/**
 * The first rule matching the request, as Netlify matches it: the language comes from the `nf_lang` cookie
 * or the first language the browser asks for, the country from `nf_country` (locally there is no geo).
 */
export function matchRequest(matcher, url, req) {
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
export function destination(to, url) {
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
export function rawDestination(rule, url) {
  if (!rule.from.endsWith('/*')) return rule.to;
  const prefix = rule.from.slice(0, -1);
  if (!url.pathname.startsWith(prefix)) return rule.to;
  const raw = url.pathname.slice(prefix.length);
  const decoded = safeDecode(raw);
  if (decoded === null || !rule.to.endsWith(decoded)) return rule.to;
  return rule.to.slice(0, rule.to.length - decoded.length) + raw;
}

/** Headers from the header rules that match the request path; the later rule wins, like Netlify CLI. */
function ruleHeaders(headerRules, pathname) {
  const values = {};
  for (const rule of headerRules) {
    if (!rule.forRegExp.test(pathname)) continue;
    for (const [name, value] of Object.entries(rule.values)) values[name.toLowerCase()] = value;
  }
  return values;
}

export function writeHead({ res, url, headerRules }, status, headers) {
  const custom = ruleHeaders(headerRules, url.pathname);
  // Rules may override the content type (Netlify allows it), but not what the body itself depends on.
  for (const name of PROTECTED_HEADERS) delete custom[name];
  // A rule's caching is for the file it names: an error (a missing hashed asset, say) is never kept a year.
  if (status >= 400) delete custom['cache-control'];
  res.writeHead(status, { 'cache-control': DEFAULT_CACHE_CONTROL, ...headers, ...custom });
}

/** Send a complete non-proxied response, with the header rules applied. */
export function send(ctx, status, headers, body) {
  const { req, res } = ctx;
  const noBody = status === 304 || req.method === 'HEAD' || body === undefined;
  const length = body === undefined ? undefined : Buffer.byteLength(body);
  writeHead(ctx, status, {
    ...headers,
    ...(status !== 304 && length !== undefined && { 'content-length': length }),
  });
  res.end(noBody ? undefined : body);
}

export function safeDecode(text) {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

// The static files of the parity server (serve.mjs), served as Netlify serves a deploy: `x`, `x.html` or
// `x/index.html` for a path, /404.html for none, _redirects and _headers never; bodies kept in a bounded
// cache with their ETags, compressed with Brotli or gzip as the browser accepts, large files streamed.
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { safeDecode, send, writeHead } from './rules.mjs';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** Files above this size are streamed as they are: no in-memory cache, no compression. */
const STREAM_THRESHOLD = 8 * 1024 * 1024;
/** Upper bound of the in-memory file cache (raw and compressed bodies together). */
export const CACHE_BUDGET = 128 * 1024 * 1024;

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

/** Netlify processes these files at deploy time; they are never served. */
const HIDDEN_ROOT_FILES = new Set(['/_redirects', '/_headers']);

/**
 * Parse the request target; null when malformed or when it would leave the root. The target is a path,
 * whatever it starts with: `//host/x` is the path `//host/x`, never the URL of that host.
 */
export function parseTarget(rawUrl) {
  if (typeof rawUrl !== 'string' || !rawUrl.startsWith('/')) return null;
  let url;
  try {
    // The WHATWG parser resolves `.`/`..` segments (also `%2e%2e`), so the pathname cannot climb out.
    url = new URL(`http://localhost${rawUrl}`);
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
export async function resolveStatic(rootDir, decodedPath) {
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

export async function sendNotFound(ctx) {
  const page = await fileAt(path.join(ctx.rootDir, '404.html'));
  if (page) return sendFile(ctx, page, 404);
  return send(ctx, 404, { 'content-type': 'text/plain; charset=utf-8' }, 'Not Found');
}

export async function sendFile(ctx, { absolute, stats }, status) {
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
export class FileCache {
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

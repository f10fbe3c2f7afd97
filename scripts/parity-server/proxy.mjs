// The reverse proxy of the parity server (serve.mjs): a 200 rule to an http(s) URL (the /api/* rule the
// build writes) forwards the request as Netlify does, the path as sent, hop-by-hop headers dropped, the
// client's address in X-Forwarded-For and X-Nf-Client-Connection-Ip, signed as Netlify signs when the rule
// says `Sign=`, bodies bounded; when the upstream fails or is slow, the shopper gets the API's error shape in
// words.
import http from 'node:http';
import https from 'node:https';
import { pipeline } from 'node:stream';
import { SignJWT } from 'jose';

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

export const MALFORMED_API_PATH = 'リクエストのURLが正しくありません。';

/** The catalog API's error shape (`{ code, message }`), for what the proxy answers itself under /api. */
export function sendApiError(res, status, code, message) {
  const body = JSON.stringify({ code, message });
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'x-content-type-options': 'nosniff',
    'cache-control': 'no-store',
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
}

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

/**
 * Netlify's signed proxy (`Sign=VARIABLE` on a rule): a JWT (HS256, issuer `netlify`, five minutes) signed
 * with the secret the variable holds, in `x-nf-sign`; the catalog API verifies it before it believes the
 * forwarding headers (scripts/catalog-api/proxy-signature.ts). Without the variable's value nothing is
 * signed, as the API then counts every request as the proxy's own.
 */
async function proxySignatureHeader(variable, host) {
  const secret = process.env[variable];
  if (!secret) {
    if (!unsignedWarned.has(variable)) {
      unsignedWarned.add(variable);
      console.warn(`serve.mjs: a rule is signed with ${variable}, which is not set: proxied unsigned`);
    }
    return null;
  }
  return new SignJWT({ site_url: `https://${host}` })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer('netlify')
    .setExpirationTime('5m')
    .sign(new TextEncoder().encode(secret));
}
const unsignedWarned = new Set();

/** Proxies the request to `to`; `signedWith`: the variable holding the secret a signed rule signs with. */
export async function proxy({ req, res, proxyTimeoutMs }, to, ruleRequestHeaders, signedWith) {
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
  // Only the proxy signs: whatever a visitor sent under that name is dropped.
  delete headers['x-nf-sign'];
  const signature = signedWith ? await proxySignatureHeader(signedWith, req.headers.host ?? '') : null;
  if (signature) headers['x-nf-sign'] = signature;

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

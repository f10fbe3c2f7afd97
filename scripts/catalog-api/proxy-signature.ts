/**
 * Netlify's signed proxy: a rewrite rule with `Sign=<variable>` makes Netlify add to each proxied request an
 * `x-nf-sign` header, a JWT (HS256, issuer `netlify`, five minutes) signed with the secret that variable
 * holds. Netlify publishes no list of its edge addresses, so the API cannot trust them by address; it
 * trusts a request's forwarding headers (the client's address in `x-nf-client-connection-ip`, the scheme)
 * when that signature verifies with the same secret (CATALOG_PROXY_SIGNING_SECRET). Anyone reaching the API
 * directly cannot sign, so cannot choose the address they are counted as. jose verifies the token.
 */
import { jwtVerify } from 'jose';

export interface ProxySignature {
  /** Whether `token` (the `x-nf-sign` header) was signed with the deployment's secret and is current. */
  verify(token: string | undefined): Promise<boolean>;
}

export function proxySignature(secret: string | null): ProxySignature {
  const key = secret === null ? null : new TextEncoder().encode(secret);
  return {
    async verify(token) {
      if (key === null || token === undefined || token.length > 4096) return false;
      try {
        await jwtVerify(token, key, { issuer: 'netlify', algorithms: ['HS256'], requiredClaims: ['exp'] });
        return true;
      } catch {
        return false;
      }
    },
  };
}

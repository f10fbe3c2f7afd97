/**
 * Behind Netlify, every shopper reaches the API from one of Netlify's edge addresses, which are not
 * published: the API believes the client address Netlify names only on a request Netlify signed.
 */
import { SignJWT } from 'jose';
import { loadConfig } from './config.ts';
import { makeApp, SITE_ORIGIN, STAFF_ACCOUNT, STAFF_PASSWORD, type TestApp } from './test-helpers.ts';

const SECRET = 'a-netlify-signed-proxy-secret-of-40-chars!';
/** One of Netlify's edge addresses: not a trusted proxy of this deployment. */
const EDGE = { incoming: { socket: { remoteAddress: '198.18.0.7' } } };

async function netlifySign(secret: string, expiresIn = '5m', issuer = 'netlify'): Promise<string> {
  return new SignJWT({
    deploy_context: 'production',
    netlify_id: 'site',
    site_url: 'https://shop.example.jp',
  })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(issuer)
    .setIssuedAt()
    .setExpirationTime(expiresIn)
    .sign(new TextEncoder().encode(secret));
}

function signIn(t: TestApp, client: string, sign: string | undefined, password = 'wrong') {
  return t.app.request(
    '/store/signin',
    {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Origin: SITE_ORIGIN,
        'x-nf-client-connection-ip': client,
        ...(sign ? { 'x-nf-sign': sign } : {}),
      },
      body: new URLSearchParams({ account: STAFF_ACCOUNT, password }).toString(),
    },
    EDGE,
  );
}

describe("Netlify's signed proxy", () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await makeApp({
      config: { proxySigningSecret: SECRET, clientIpHeader: 'x-nf-client-connection-ip', trustedProxies: [] },
    });
  });

  test('a signed request is counted as the client Netlify names: one visitor spends only their own budget', async () => {
    const sign = await netlifySign(SECRET);
    for (let i = 0; i < 25; i += 1) await signIn(t, '203.0.113.9', sign);
    expect((await signIn(t, '203.0.113.9', sign, STAFF_PASSWORD)).status).toBe(429);
    expect((await signIn(t, '198.51.100.4', sign, STAFF_PASSWORD)).status).toBe(303);
  });

  test('an unsigned, forged, expired or foreign token names nobody: the request is the edge address', async () => {
    const forged = await netlifySign('another-secret-another-secret-another-secret');
    const foreign = await netlifySign(SECRET, '5m', 'someone');
    const expired = await netlifySign(SECRET, '-1m');
    const tries = [undefined, forged, foreign, expired, 'not-a-token'];
    // Every try names another client, but all of them are the edge: its budget of 20 is shared.
    for (let i = 0; i < 20; i += 1) await signIn(t, `192.0.2.${i}`, tries[i % tries.length]);
    expect((await signIn(t, '192.0.2.200', undefined, STAFF_PASSWORD)).status).toBe(429);
    expect((await signIn(t, '192.0.2.201', await netlifySign(SECRET), STAFF_PASSWORD)).status).toBe(303);
  });
});

describe('trust settings', () => {
  const production = {
    CATALOG_API_MODE: 'production',
    CATALOG_STAFF_ACCOUNTS: `staff:counter:scrypt$16384$8$1$${'A'.repeat(22)}$${'B'.repeat(43)}`,
    CATALOG_ADDRESS_KEYS: `k:${Buffer.alloc(32, 3).toString('base64url')}`,
  };

  test('production refuses to trust ranges that take in the public internet', () => {
    for (const range of ['0.0.0.0/0', '::/0', '0.0.0.0/1', '2000::/3']) {
      expect(() => loadConfig({ ...production, CATALOG_TRUSTED_PROXIES: range })).toThrow(/public internet/);
    }
    expect(
      loadConfig({ ...production, CATALOG_TRUSTED_PROXIES: 'loopback,10.0.0.0/8' }).trustedProxies,
    ).toContain('10.0.0.0/8');
  });

  test('a signing secret is long enough to be one', () => {
    expect(() => loadConfig({ CATALOG_PROXY_SIGNING_SECRET: 'short' })).toThrow(/32 characters/);
    expect(loadConfig({ CATALOG_PROXY_SIGNING_SECRET: SECRET }).proxySigningSecret).toBe(SECRET);
  });
});

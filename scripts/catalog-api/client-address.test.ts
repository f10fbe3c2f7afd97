/**
 * Whom a request comes from, as the API decides it for its limits: the connecting peer, unless that peer is
 * a proxy the deployment trusts; then the address the proxies name, read from the right (the hop nearest the
 * API) past every trusted hop, or the client-IP header of the host (Netlify's) when configured.
 */

import { clientAddress, forwardedHttps, parseTrustedProxies, proxyTrust } from './client-address.ts';
import { loadConfig } from './config.ts';
import { makeApp, STAFF_ACCOUNT, STAFF_PASSWORD, type TestApp } from './test-helpers.ts';

const headers =
  (values: Record<string, string>) =>
  (name: string): string | undefined =>
    values[name.toLowerCase()];

describe('CATALOG_TRUSTED_PROXIES', () => {
  test('is loopback by default: the site’s own /api proxy on this host', () => {
    expect(loadConfig({}).trustedProxies).toEqual(['127.0.0.0/8', '::1/128']);
  });

  test('takes addresses and CIDR ranges, IPv4 and IPv6, and none', () => {
    expect(parseTrustedProxies('10.0.0.0/8, 192.0.2.7 ,2001:db8::/32,::1')).toEqual([
      '10.0.0.0/8',
      '192.0.2.7/32',
      '2001:db8::/32',
      '::1/128',
    ]);
    expect(parseTrustedProxies('none')).toEqual([]);
    expect(parseTrustedProxies('loopback,10.1.0.0/16')).toEqual(['127.0.0.0/8', '::1/128', '10.1.0.0/16']);
  });

  test('refuses what is not an address or a range, naming it', () => {
    expect(() => loadConfig({ CATALOG_TRUSTED_PROXIES: 'proxy.example' })).toThrow(
      /CATALOG_TRUSTED_PROXIES.*proxy\.example/,
    );
    expect(() => loadConfig({ CATALOG_TRUSTED_PROXIES: '10.0.0.0/33' })).toThrow(/10\.0\.0\.0\/33/);
    expect(() => loadConfig({ CATALOG_CLIENT_IP_HEADER: 'x y' })).toThrow(/CATALOG_CLIENT_IP_HEADER/);
  });
});

describe('the client address', () => {
  const trust = proxyTrust({
    trustedProxies: parseTrustedProxies('loopback,10.0.0.0/8'),
    clientIpHeader: null,
  });

  test('is the peer when the peer is not a trusted proxy, whatever it claims', () => {
    expect(clientAddress('203.0.113.9', headers({ 'x-forwarded-for': '198.51.100.1' }), trust)).toBe(
      '203.0.113.9',
    );
  });

  test('behind trusted proxies, the first untrusted hop read from the right', () => {
    // A visitor who sends a forged X-Forwarded-For: the proxies append the real address after it.
    const forwarded = headers({ 'x-forwarded-for': '198.51.100.1, 203.0.113.9, 10.2.3.4' });
    expect(clientAddress('10.9.9.9', forwarded, trust)).toBe('203.0.113.9');
    expect(clientAddress('::ffff:127.0.0.1', headers({ 'x-forwarded-for': '203.0.113.9' }), trust)).toBe(
      '203.0.113.9',
    );
    expect(
      clientAddress('10.9.9.9', headers({ 'x-forwarded-for': '2001:db8::5, ::ffff:10.0.0.1' }), trust),
    ).toBe('2001:db8::5');
  });

  test('a trusted proxy that names nobody is the client; a malformed hop stops the reading', () => {
    expect(clientAddress('10.9.9.9', headers({}), trust)).toBe('10.9.9.9');
    expect(clientAddress('10.9.9.9', headers({ 'x-forwarded-for': 'nonsense, 10.0.0.2' }), trust)).toBe(
      '10.0.0.2',
    );
  });

  test('Netlify’s client-IP header, when deployed there, from a trusted proxy only', () => {
    const netlify = proxyTrust({
      trustedProxies: parseTrustedProxies('10.0.0.0/8'),
      clientIpHeader: 'x-nf-client-connection-ip',
    });
    const sent = headers({ 'x-nf-client-connection-ip': '203.0.113.50', 'x-forwarded-for': '198.51.100.1' });
    expect(clientAddress('10.0.0.3', sent, netlify)).toBe('203.0.113.50');
    expect(clientAddress('198.51.100.77', sent, netlify)).toBe('198.51.100.77');
    // Without the header (or with a malformed one), X-Forwarded-For as usual.
    expect(clientAddress('10.0.0.3', headers({ 'x-forwarded-for': '198.51.100.1' }), netlify)).toBe(
      '198.51.100.1',
    );
    expect(
      clientAddress(
        '10.0.0.3',
        headers({ 'x-nf-client-connection-ip': 'x', 'x-forwarded-for': '198.51.100.1' }),
        netlify,
      ),
    ).toBe('198.51.100.1');
  });

  test('HTTPS as a trusted proxy saw it (X-Forwarded-Proto), never as any client claims', () => {
    expect(forwardedHttps('10.0.0.3', headers({ 'x-forwarded-proto': 'https' }), trust)).toBe(true);
    expect(forwardedHttps('10.0.0.3', headers({ 'x-forwarded-proto': 'http' }), trust)).toBe(false);
    expect(forwardedHttps('203.0.113.9', headers({ 'x-forwarded-proto': 'https' }), trust)).toBe(false);
  });
});

describe('behind a proxy that is not on loopback', () => {
  const signIn = (app: TestApp['app'], client: string, password: string) =>
    app.request(
      '/store/signin',
      {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          'X-Forwarded-For': client,
          Origin: 'http://localhost:4321',
        },
        body: new URLSearchParams({ account: STAFF_ACCOUNT, password }).toString(),
      },
      { incoming: { socket: { remoteAddress: '10.0.0.3' } } },
    );

  test('visitors are told apart, so one visitor’s failures never block the others', async () => {
    const { app } = await makeApp({ config: { trustedProxies: parseTrustedProxies('10.0.0.0/8') } });
    for (let i = 0; i < 25; i += 1) await signIn(app, '203.0.113.9', `guess${i}`);
    expect((await signIn(app, '203.0.113.9', STAFF_PASSWORD)).status).toBe(429);
    expect((await signIn(app, '198.51.100.4', STAFF_PASSWORD)).status).toBe(303);
  });
});

import { apiProxyRules, devProxy } from './api-proxy.ts';

describe('the /api proxy', () => {
  it('is written for the CDN as a rewrite of /api/* to the catalog API', () => {
    expect(apiProxyRules('http://127.0.0.1:8787')).toContain('/api/*  http://127.0.0.1:8787/:splat  200!');
    expect(apiProxyRules('https://api.store.example/v1/')).toContain(
      '/api/*  https://api.store.example/v1/:splat',
    );
  });

  it("is signed by Netlify when the API checks Netlify's signature: the rule names the secret's variable", () => {
    const rules = apiProxyRules('https://api.store.example', { signed: true });
    expect(rules).toContain(
      '/api/*  https://api.store.example/:splat  200!  Sign=CATALOG_PROXY_SIGNING_SECRET',
    );
    expect(apiProxyRules('https://api.store.example')).not.toContain('Sign=');
  });

  it('is the same path mapping under the dev server, base path included', () => {
    const plain = devProxy('http://127.0.0.1:8787')['/api/'];
    expect(plain.target).toBe('http://127.0.0.1:8787');
    expect(plain.rewrite('/api/catalog/cart/count')).toBe('/catalog/cart/count');
    const based = devProxy('https://api.store.example/v1/')['/api/'];
    expect(based.target).toBe('https://api.store.example');
    expect(based.rewrite('/api/images/products/1.jpg?width=256')).toBe('/v1/images/products/1.jpg?width=256');
  });

  it('refuses a catalog API that is not http(s)', () => {
    expect(() => apiProxyRules('file:///etc/passwd')).toThrow(/must be http\(s\)/);
    expect(() => devProxy('javascript:alert(1)')).toThrow(/must be http\(s\)/);
  });
});

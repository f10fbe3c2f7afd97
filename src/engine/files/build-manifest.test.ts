import { fileURLToPath } from 'node:url';
import { netlifyRedirects } from './build-manifest.ts';

describe('the build manifest', () => {
  it("carries netlify.toml's redirects and rewrites, the legacy /area?id= URLs first", async () => {
    const rules = await netlifyRedirects(fileURLToPath(new URL('../../../netlify.toml', import.meta.url)));
    expect(rules[0]).toEqual({
      from: '/area',
      query: { id: ':id', product: ':product' },
      to: '/area/:id/products/:product/',
      status: 301,
      force: true,
    });
    expect(rules).toContainEqual({
      from: '/qr/*',
      query: {},
      to: '/qr/_/index.html',
      status: 200,
      force: false,
    });
  });
});

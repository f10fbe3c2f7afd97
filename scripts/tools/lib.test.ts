import { comparedBuildEnv } from './lib.mjs';

describe('the environment of a build a test compares (the golden output, a rebuild against a fresh one)', () => {
  const caller = {
    NODE_ENV: 'test',
    DEV: '1',
    MODE: 'test',
    PUBLIC_SENTRY_DSN: 'https://key@sentry.example/1',
    PUBLIC_GTM_ID: 'GTM-CALLER',
    PUBLIC_CATALOG_API_TOKEN: 'caller-token',
    TAG_PAGE_SIZE: '5',
    CATALOG_VERSION: '7',
    CATALOG_UPDATED_AT: '2026-01-01T00:00:00.000Z',
    SITE_URL: 'http://localhost:4390',
    CATALOG_API_URL: 'http://127.0.0.1:8790',
  };

  it("leaves out every optional input and the test runner's variables, whatever the caller set", () => {
    const env = { ...caller, ...comparedBuildEnv('http://127.0.0.1:9999') };
    for (const name of [
      'NODE_ENV',
      'DEV',
      'MODE',
      'PUBLIC_SENTRY_DSN',
      'PUBLIC_GTM_ID',
      'PUBLIC_CATALOG_API_TOKEN',
      'TAG_PAGE_SIZE',
      'CATALOG_VERSION',
      'CATALOG_UPDATED_AT',
    ]) {
      expect(env, name).toHaveProperty(name, undefined);
    }
  });

  it("fixes the site's origin, names the given API and keeps the build's allocator settings", () => {
    const env = { ...caller, ...comparedBuildEnv('http://127.0.0.1:9999') };
    expect(env.SITE_URL).toBe('https://gift.example.jp');
    expect(env.CATALOG_API_URL).toBe('http://127.0.0.1:9999');
    expect(env).toMatchObject({ MIMALLOC_ALLOW_THP: '0', MIMALLOC_PURGE_DELAY: '0' });
  });
});

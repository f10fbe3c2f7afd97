import { spawnSync } from 'node:child_process';
import { BUILD_NODE_OPTIONS, buildEnv, siteUrl } from './build-env.mjs';

describe("the build's environment", () => {
  it("turns off the bundler allocator's huge pages and delayed release", () => {
    expect(buildEnv({})).toEqual({ MIMALLOC_ALLOW_THP: '0', MIMALLOC_PURGE_DELAY: '0' });
  });

  it('leaves a value the operator set as it is', () => {
    expect(buildEnv({ MIMALLOC_ALLOW_THP: '1', MIMALLOC_PURGE_DELAY: '10' })).toEqual({
      MIMALLOC_ALLOW_THP: '1',
      MIMALLOC_PURGE_DELAY: '10',
    });
  });

  it("starts Node with V8's heap allowed to grow to twice what survived, an option this Node takes", () => {
    expect(BUILD_NODE_OPTIONS).toEqual(['--heap-growing-percent=100']);
    const run = spawnSync(process.execPath, [...BUILD_NODE_OPTIONS, '-e', 'process.exit(0)'], {
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });

  it("takes the site's origin from SITE_URL, else from the URL Netlify gives a build, else the local one", () => {
    expect(siteUrl({ SITE_URL: 'https://gift.example.jp', URL: 'https://x.netlify.app' })).toBe(
      'https://gift.example.jp',
    );
    expect(siteUrl({ URL: 'https://x.netlify.app' })).toBe('https://x.netlify.app');
    expect(siteUrl({ SITE_URL: '' })).toBe('http://localhost:4321');
  });
});

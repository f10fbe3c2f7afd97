import { BUILD_ID_PATTERN, buildInfo, createBuildId, manifestPath, routeRules } from './build-info.ts';

describe('the build id', () => {
  it('is the build time in UTC with a random tail, safe in a URL path', () => {
    const id = createBuildId(new Date('2026-11-21T20:30:15.123Z'), () => 0.5);
    expect(id).toMatch(/^20261121T203015Z-[0-9a-z]{4}$/);
    expect(id).toMatch(BUILD_ID_PATTERN);
    expect(createBuildId(new Date(0), () => 0)).toBe('19700101T000000Z-0000');
  });

  it('differs between two builds in the same second', () => {
    const now = new Date('2026-11-21T20:30:15Z');
    expect(createBuildId(now, () => 0.1)).not.toBe(createBuildId(now, () => 0.2));
  });

  it('is one per build: every reader in a process gets the id and time the config set', () => {
    const env: Record<string, string | undefined> = {
      BUILD_ID: '20261121T203015Z-abcd',
      BUILD_TIME: '2026-11-21T20:30:15.000Z',
    };
    expect(buildInfo(env)).toEqual({
      buildId: '20261121T203015Z-abcd',
      builtAt: '2026-11-21T20:30:15.000Z',
      catalogVersion: null,
    });
    expect(buildInfo(env)).toEqual(buildInfo(env));
  });

  it('names the catalogue version the build was made from, when the API gave it', () => {
    const env = { BUILD_ID: 'b-1', BUILD_TIME: '2026-11-21T20:30:15.000Z', CATALOG_VERSION: '42' };
    expect(buildInfo(env).catalogVersion).toBe('42');
  });

  it('is made once when nothing set it, and then kept', () => {
    const env: Record<string, string | undefined> = {};
    const first = buildInfo(env);
    expect(first.buildId).toMatch(BUILD_ID_PATTERN);
    expect(first.buildId.startsWith(first.builtAt.replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z'))).toBe(true);
    expect(buildInfo(env)).toEqual(first);
  });

  it('names the manifest, and cannot be a path of its own', () => {
    expect(manifestPath('20261121T203015Z-abcd')).toBe('/_build/20261121T203015Z-abcd.json');
    expect(() => buildInfo({ BUILD_ID: '../a', BUILD_TIME: '2026-11-21T00:00:00Z' })).toThrow(RangeError);
  });
});

describe('the build manifest', () => {
  it("lists the project's routes with their prerender flags, not Astro's own", () => {
    const rules = routeRules([
      { pattern: '/area/[id]', type: 'page', origin: 'project', isPrerendered: true },
      { pattern: '/_image', type: 'endpoint', origin: 'internal', isPrerendered: false },
      { pattern: '/', type: 'page', origin: 'project', isPrerendered: true },
    ]);
    expect(rules).toEqual([
      { pattern: '/', type: 'page', prerender: true },
      { pattern: '/area/[id]', type: 'page', prerender: true },
    ]);
  });
});

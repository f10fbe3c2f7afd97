import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  BUILD_ID_PATTERN,
  buildInfo,
  catalogUpdatedAt,
  codeVersion,
  createBuildId,
  handedOn,
  handOn,
  manifestPath,
  required,
  routeRules,
} from './build-info.ts';

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

  it('cannot be a path of its own', () => {
    expect(() => buildInfo({ BUILD_ID: '../a', BUILD_TIME: '2026-11-21T00:00:00Z' })).toThrow(RangeError);
  });
});

describe("the code's version", () => {
  it('is the one storefront() handed on, and names the manifest', () => {
    const env = { CODE_VERSION: '3f9a0c1d2e4b5a69', BUILD_ID: 'b-1', BUILD_TIME: '2026-11-21T20:30:15.000Z' };
    expect(codeVersion(env)).toBe('3f9a0c1d2e4b5a69');
    expect(manifestPath(codeVersion(env))).toBe('/_build/3f9a0c1d2e4b5a69.json');
  });

  it('stops a build that was not handed one, or one that could be a path of its own', () => {
    expect(() => codeVersion({ BUILD_ID: 'b-1' })).toThrow(/CODE_VERSION is not set/);
    expect(() => codeVersion({ CODE_VERSION: '../a' })).toThrow(RangeError);
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

describe("the build's context", () => {
  it('is handed on once and read back through this module alone, a missing value stopping the build', () => {
    const env: Record<string, string | undefined> = {};
    handOn({ buildInputs: 'inputs-1', snapshotPath: '/cache/catalogue/snapshot.ndjson' }, env);
    expect(handedOn('buildInputs', env)).toBe('inputs-1');
    expect(required('snapshotPath', env)).toBe('/cache/catalogue/snapshot.ndjson');
    expect(handedOn('catalogUpdatedAt', env)).toBeUndefined();
    expect(() => required('codeVersion', env)).toThrow(/CODE_VERSION is not set: storefront\(\)/);
  });

  it("gives the catalogue's last change as ISO 8601, or nothing when the API did not say a date", () => {
    expect(catalogUpdatedAt({ CATALOG_UPDATED_AT: '2026-04-01T09:00:00+09:00' })).toBe(
      '2026-04-01T00:00:00.000Z',
    );
    expect(catalogUpdatedAt({ CATALOG_UPDATED_AT: 'yesterday' })).toBeUndefined();
    expect(catalogUpdatedAt({})).toBeUndefined();
  });

  it('is read and written nowhere else in src but the engine entry, which reads its caller’s settings', () => {
    const names =
      /\b(?:process\.)?env(?:\.|\[')(BUILD_ID|BUILD_TIME|BUILD_INPUTS|CODE_VERSION|CATALOGUE_SNAPSHOT|CATALOG_VERSION|CATALOG_UPDATED_AT)\b/;
    const root = fileURLToPath(new URL('../', import.meta.url));
    const offenders = readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.(ts|tsx|astro|mjs)$/.test(file) && !/\.test\.tsx?$/.test(file))
      .filter((file) => !['lib/build-info.ts', 'engine/storefront.ts'].includes(file.replaceAll('\\', '/')))
      .filter((file) => names.test(readFileSync(join(root, file), 'utf8')));
    expect(offenders).toEqual([]);
  });
});

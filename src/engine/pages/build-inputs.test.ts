import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildInputs, buildInputsDigest, codeVersionOf, jsonDigest } from './build-inputs.ts';

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'inputs-'));
  mkdirSync(join(root, 'src', 'pages'), { recursive: true });
  writeFileSync(join(root, 'src', 'pages', 'index.astro'), '<h1>ギフト</h1>');
  writeFileSync(join(root, 'astro.config.mjs'), 'export default {};');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("a build's inputs besides the catalogue", () => {
  it('digest the same for the same source and environment', () => {
    expect(buildInputsDigest(root, { PUBLIC_X: '1' })).toBe(buildInputsDigest(root, { PUBLIC_X: '1' }));
  });

  it('change with any source file, its name, or a new file', () => {
    const before = buildInputsDigest(root, {});
    writeFileSync(join(root, 'src', 'pages', 'index.astro'), '<h1>ギフト!</h1>');
    const edited = buildInputsDigest(root, {});
    expect(edited).not.toBe(before);
    writeFileSync(join(root, 'src', 'pages', 'about.astro'), '');
    expect(buildInputsDigest(root, {})).not.toBe(edited);
  });

  it('change with the environment a page may read, and not with the rest', () => {
    const before = buildInputsDigest(root, { PUBLIC_SENTRY_DSN: 'a', SITE_URL: 'https://x.test' });
    expect(buildInputsDigest(root, { PUBLIC_SENTRY_DSN: 'b', SITE_URL: 'https://x.test' })).not.toBe(before);
    expect(buildInputsDigest(root, { PUBLIC_SENTRY_DSN: 'a', SITE_URL: 'https://y.test' })).not.toBe(before);
    expect(
      buildInputsDigest(root, {
        PUBLIC_SENTRY_DSN: 'a',
        SITE_URL: 'https://x.test',
        BUILD_ID: 'z',
        HOME: '/',
      }),
    ).toBe(before);
  });

  it('are read from BUILD_INPUTS, which the config sets; a build without it stops', () => {
    expect(buildInputs({ BUILD_INPUTS: 'abc' })).toBe('abc');
    expect(() => buildInputs({})).toThrow(/BUILD_INPUTS is not set/);
  });

  it("give the code's version: the same for the same inputs, another for others, safe in a URL path", () => {
    const version = codeVersionOf(buildInputsDigest(root, { PUBLIC_X: '1' }));
    expect(version).toMatch(/^[0-9a-f]{16}$/);
    expect(codeVersionOf(buildInputsDigest(root, { PUBLIC_X: '1', BUILD_ID: 'other' }))).toBe(version);
    expect(codeVersionOf(buildInputsDigest(root, { PUBLIC_X: '2' }))).not.toBe(version);
  });

  it('digest a JSON value by its content', () => {
    expect(jsonDigest([{ id: 1 }])).toBe(jsonDigest([{ id: 1 }]));
    expect(jsonDigest([{ id: 1 }])).not.toBe(jsonDigest([{ id: 2 }]));
  });
});

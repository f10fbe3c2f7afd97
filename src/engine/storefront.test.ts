import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildContext } from './storefront.ts';

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'storefront-'));
  mkdirSync(join(root, 'src'));
  writeFileSync(join(root, 'src', 'page.astro'), '<h1>ギフト</h1>');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const SITE = 'https://gift.example.jp';

describe("a build's context", () => {
  it('gives two builds of the same code their own ids and times and one code version', () => {
    const first = buildContext(root, { BUILD_ID: 'b-1', BUILD_TIME: '2026-04-01T00:00:00.000Z' }, SITE);
    const second = buildContext(root, { BUILD_ID: 'b-2', BUILD_TIME: '2026-04-01T01:00:00.000Z' }, SITE);
    expect(second.buildId).not.toBe(first.buildId);
    expect(second.builtAt).not.toBe(first.builtAt);
    expect(second.codeVersion).toBe(first.codeVersion);
    expect(first.codeVersion).toMatch(/^[0-9a-f]{16}$/);
  });

  it('gives other code, another public environment or another site another code version', () => {
    const { codeVersion } = buildContext(root, {}, SITE);
    expect(buildContext(root, { PUBLIC_GTM_ID: 'GTM-X1' }, SITE).codeVersion).not.toBe(codeVersion);
    expect(buildContext(root, {}, 'https://other.example.jp').codeVersion).not.toBe(codeVersion);
    writeFileSync(join(root, 'src', 'page.astro'), '<h1>ギフト!</h1>');
    expect(buildContext(root, {}, SITE).codeVersion).not.toBe(codeVersion);
  });

  it('takes the code version the caller fixes (the golden output)', () => {
    expect(buildContext(root, { CODE_VERSION: 'golden' }, SITE).codeVersion).toBe('golden');
  });
});

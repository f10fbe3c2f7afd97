import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import cspDigests, { KEPT_DIGESTS, KEPT_TEXT_LENGTH, rememberingCspDigests } from './csp-digests.ts';

type Digest = (data: string, algorithm: string) => Promise<string>;

// Astro's own module as installed, and the same module as the page renderer's bundle gets it. The changed
// copy is written inside node_modules so that its imports resolve as the original's do.
const require = createRequire(import.meta.url);
const original = join(dirname(require.resolve('astro/package.json')), 'dist/core/encryption.js');
let folder: string;
let remembering: Digest;
let computing: Digest;

beforeAll(async () => {
  const source = await readFile(original, 'utf8');
  const changed = rememberingCspDigests(source);
  expect(changed, 'the installed Astro declares generateCspDigest as the plugin expects').toBeDefined();
  folder = await mkdtemp(join(process.cwd(), 'node_modules/.csp-digests-test-'));
  const relativeImports = (code: string) =>
    code.replace(
      /from "(\.\.?\/[^"]+)"/g,
      (_, path: string) => `from "${pathToFileURL(resolve(dirname(original), path))}"`,
    );
  await writeFile(join(folder, 'encryption.js'), relativeImports(changed ?? ''));
  remembering = (await import(pathToFileURL(join(folder, 'encryption.js')).href)).generateCspDigest;
  computing = (await import(pathToFileURL(original).href)).generateCspDigest;
});

afterAll(async () => {
  vi.restoreAllMocks();
  if (folder) await rm(folder, { recursive: true, force: true });
});

describe("a route's policy digests computed once", () => {
  it('gives the digest Astro gives, for every algorithm and for empty, short and long texts', async () => {
    const texts = ['', 'console.log(1)', '.a{color:red}', 'ア'.repeat(KEPT_TEXT_LENGTH + 10)];
    for (const algorithm of ['SHA-256', 'SHA-384', 'SHA-512']) {
      for (const text of texts) {
        expect(await remembering(text, algorithm)).toBe(await computing(text, algorithm));
        // Asked again (now from the table): the same.
        expect(await remembering(text, algorithm)).toBe(await computing(text, algorithm));
      }
    }
    expect(await remembering('', 'SHA-256')).toBe('sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=');
  });

  it('hashes a short text once however many pages ask, and a long one every time', async () => {
    const digest = vi.spyOn(crypto.subtle, 'digest');
    const text = `script ${Math.random()}`;
    await Promise.all(Array.from({ length: 50 }, () => remembering(text, 'SHA-256')));
    expect(digest).toHaveBeenCalledTimes(1);
    const long = 'x'.repeat(KEPT_TEXT_LENGTH + 1);
    await remembering(long, 'SHA-256');
    await remembering(long, 'SHA-256');
    expect(digest).toHaveBeenCalledTimes(3);
    digest.mockRestore();
  });

  it('keeps texts apart by algorithm, and stays bounded when many texts pass', async () => {
    expect(await remembering('a', 'SHA-256')).not.toBe(await remembering('a', 'SHA-384'));
    for (let index = 0; index < KEPT_DIGESTS * 2; index += 1) await remembering(`style ${index}`, 'SHA-256');
    expect(await remembering('style 3', 'SHA-256')).toBe(await computing('style 3', 'SHA-256'));
  });

  it('forgets a failed computation, so the next page computes it again', async () => {
    const digest = vi.spyOn(crypto.subtle, 'digest').mockRejectedValueOnce(new Error('no thread'));
    const text = `failing ${Math.random()}`;
    await expect(remembering(text, 'SHA-256')).rejects.toThrow('no thread');
    expect(await remembering(text, 'SHA-256')).toBe(await computing(text, 'SHA-256'));
    digest.mockRestore();
  });

  it('leaves a module alone that does not declare the function as expected, or was already changed', () => {
    expect(rememberingCspDigests('export async function generateCspDigest(data) {}')).toBeUndefined();
    const once =
      rememberingCspDigests('async function generateCspDigest(data, algorithm) {\n  return "x";\n}') ?? '';
    expect(once).toContain('computeCspDigest');
    expect(rememberingCspDigests(once)).toBeUndefined();
  });

  it("fails the build when Astro's module no longer declares the function as expected", () => {
    const vite: { plugins?: unknown[] } = {};
    const setup = cspDigests().hooks['astro:build:setup'] as unknown as (options: { vite: unknown }) => void;
    setup({ vite });
    const plugin = vite.plugins?.[0] as { transform: (code: string, id: string) => unknown };
    const id = '/p/node_modules/astro/dist/core/encryption.js';
    expect(() => plugin.transform('export async function generateCspDigest(data) {}', id)).toThrow(
      /does not declare generateCspDigest/,
    );
    expect(plugin.transform('export const other = 1;', '/p/src/other.js')).toBeUndefined();
  });
});

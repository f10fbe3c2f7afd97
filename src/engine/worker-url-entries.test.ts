import { globSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { WORKER_URL_ENTRIES } from './worker-url-entries.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** Every script a source file imports by URL (`?worker&url`), relative to the root. */
function loadedByUrl(): string[] {
  const found = new Set<string>();
  for (const file of globSync('src/**/*.{ts,tsx,astro}', { cwd: ROOT })) {
    if (/\.test\.tsx?$/.test(file)) continue;
    const text = readFileSync(join(ROOT, file), 'utf8');
    for (const [, target] of text.matchAll(/['"]([^'"]+)\?worker&url['"]/g)) {
      found.add(relative(ROOT, resolve(ROOT, dirname(file), target ?? '')));
    }
  }
  return [...found].sort();
}

describe("astro dev's dependency scan", () => {
  test('reads every script a page loads by URL', () => {
    const scanned = new Set(WORKER_URL_ENTRIES.flatMap((glob) => globSync(glob, { cwd: ROOT })));
    const scripts = loadedByUrl();
    expect(scripts.length).toBeGreaterThanOrEqual(5);
    expect(scripts.filter((script) => !scanned.has(script))).toEqual([]);
  });

  test('names no file that is not there', () => {
    for (const glob of WORKER_URL_ENTRIES) expect(globSync(glob, { cwd: ROOT }), glob).not.toEqual([]);
  });
});

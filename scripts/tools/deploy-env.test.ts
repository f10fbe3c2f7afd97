/**
 * docs/deploy.md names every environment variable that a deployed build or function reads, under the name
 * the code reads: a variable read in code and missing from it fails here.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ROOT } from './lib.mjs';

/** What a deploy runs: the site's source, the functions, the build's config and scripts. */
const READ_BY_A_DEPLOY = [
  'src',
  'netlify/functions',
  'astro.config.mjs',
  'scripts/tools/build.mjs',
  'scripts/tools/build-env.mjs',
];
/** Set by the build for its own pages and threads, or by Vite and Astro (SITE is `site`): nobody sets them. */
const SET_BY_THE_BUILD = new Set([
  'BUILD_INPUTS',
  'CATALOGUE_SNAPSHOT',
  'CATALOG_VERSION',
  'CATALOG_UPDATED_AT',
  'DEV',
  'SSR',
  'PROD',
  'MODE',
  'BASE_URL',
  'SITE',
]);
const READ = [
  /(?:process\.env|import\.meta\.env|\benv)\??\.([A-Z][A-Z0-9_]+)\b/g,
  /(?:process\.env|\benv)\[['"]([A-Z][A-Z0-9_]+)['"]\]/g,
  /Netlify\.env\.get\(['"]([A-Z][A-Z0-9_]+)['"]\)/g,
];

function* codeFiles(path: string): Generator<string> {
  const absolute = join(ROOT, path);
  if (!statSync(absolute).isDirectory()) {
    yield absolute;
    return;
  }
  for (const entry of readdirSync(absolute, { recursive: true, withFileTypes: true })) {
    const file = join(entry.parentPath, entry.name);
    if (entry.isFile() && /\.(ts|tsx|mts|mjs|astro)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
      yield file;
    }
  }
}

function variablesRead(): Map<string, string> {
  const found = new Map<string, string>();
  for (const path of READ_BY_A_DEPLOY) {
    for (const file of codeFiles(path)) {
      const code = readFileSync(file, 'utf8');
      const names = READ.flatMap((pattern) => [...code.matchAll(pattern)].map(([, name]) => name ?? ''));
      // Destructured: `const { SENTRY_ORG: org, SENTRY_PROJECT } = env`.
      for (const [, list] of code.matchAll(/\{([^{}]*)\}\s*=\s*(?:process\.)?env\b/g)) {
        names.push(...(list ?? '').split(',').map((part) => part.split(':')[0]?.trim() ?? ''));
      }
      for (const name of names) {
        if (/^[A-Z][A-Z0-9_]+$/.test(name) && !SET_BY_THE_BUILD.has(name) && !found.has(name)) {
          found.set(name, relative(ROOT, file));
        }
      }
    }
  }
  return found;
}

describe('docs/deploy.md', () => {
  it('names every environment variable a deployed build or function reads', () => {
    const doc = readFileSync(join(ROOT, 'docs/deploy.md'), 'utf8');
    const read = variablesRead();
    expect(read.size).toBeGreaterThan(10);
    const missing = [...read].filter(([name]) => !doc.includes(`\`${name}\``)).map(([n, f]) => `${n} (${f})`);
    expect(missing).toEqual([]);
  });

  it('does not name a variable nothing reads', () => {
    const doc = readFileSync(join(ROOT, 'docs/deploy.md'), 'utf8');
    const read = variablesRead();
    const table = [...doc.matchAll(/^\| `([A-Z][A-Z0-9_]+)` \|/gm)].map(([, name]) => name ?? '');
    expect(table.length).toBeGreaterThan(0);
    expect(table.filter((name) => !read.has(name) && !SET_BY_THE_BUILD.has(name))).toEqual([]);
  });
});

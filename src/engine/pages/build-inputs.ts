/**
 * What a prerendered page is made of besides the catalogue: the project's source, its config and locked
 * dependencies, and the environment the pages read. A page whose data and inputs are both unchanged since
 * the last build renders to the same bytes, so the build may reuse it (page-reuse.ts; the product pages key
 * their output by this digest and the product's own). Any change to the source changes the digest and
 * every product page is rendered again: a scheduled rebuild, where only the catalogue moves, is what reuses
 * pages. The same digest, shortened, is the code's version every page carries (codeVersionOf): it moves only
 * when the code or the public environment does, never from one build of the same code to the next.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { required } from '../../lib/build-info.ts';

/** Files and folders of the project (from its root) that pages are built from. */
const BUILD_INPUT_PATHS = [
  'src',
  'public',
  'astro.config.mjs',
  'tailwind.config.mjs',
  'netlify.toml',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  '.env',
  '.env.production',
];

/** Environment variables a page may read: the public ones (bundled into pages) and the site's address. */
const isPageEnv = (name: string) => name.startsWith('PUBLIC_') || name === 'SITE_URL';

function* files(path: string): Generator<string> {
  let entries: string[];
  try {
    if (!statSync(path).isDirectory()) {
      yield path;
      return;
    }
    entries = readdirSync(path).sort();
  } catch {
    // A path the project does not have is no input.
    return;
  }
  for (const entry of entries) yield* files(join(path, entry));
}

/** SHA-256 over the input files (path and bytes, in a fixed order) and the page environment, base64url. */
export function buildInputsDigest(
  root: string,
  env: Record<string, string | undefined> = process.env,
  paths: readonly string[] = BUILD_INPUT_PATHS,
): string {
  const hash = createHash('sha256');
  for (const path of paths) {
    for (const file of files(join(root, path))) {
      hash.update(`${relative(root, file)}\0`);
      hash.update(readFileSync(file));
      hash.update('\0');
    }
  }
  for (const name of Object.keys(env).filter(isPageEnv).sort()) hash.update(`${name}=${env[name]}\0`);
  return hash.digest('base64url');
}

/** The digest storefront() was handed for this build (`BUILD_INPUTS`, src/engine/storefront.ts). */
export function buildInputs(env: Record<string, string | undefined> = process.env): string {
  return required('buildInputs', env);
}

/**
 * The code's version for the digest of the build's inputs: 16 hex digits, safe in a URL path (the build's
 * route rules are published as `/_build/{codeVersion}.json`, src/lib/build-info.ts).
 */
export const codeVersionOf = (inputsDigest: string) =>
  Buffer.from(inputsDigest, 'base64url').toString('hex').slice(0, 16);

/** The digest of a JSON value, for cache keys. */
export const jsonDigest = (value: unknown) =>
  createHash('sha1').update(JSON.stringify(value)).digest('base64url');

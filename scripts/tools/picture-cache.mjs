// Where the end-to-end runs keep the catalogue pictures the reference API renders, between runs and across
// clones, as npm keeps its cache: under the user's cache folder (XDG_CACHE_HOME, else ~/.cache), one folder
// per renderer version. Each file's name already carries the drawing's digest and the drawing version
// (scripts/catalog-api/images.ts, cacheKey), so pictures of another seed never stand in for this one's;
// a new version of sharp, which could render them differently, starts a folder of its own.
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';

const sharp = JSON.parse(
  readFileSync(new URL('../../node_modules/sharp/package.json', import.meta.url), 'utf8'),
);

/** The cache folder for this checkout's renderer, given an environment (process.env). */
export function picturesCacheDir(env) {
  const base = env.XDG_CACHE_HOME || path.join(env.HOME || homedir(), '.cache');
  return path.join(base, 'gift-catalogue', `pictures-sharp-${sharp.version}`);
}

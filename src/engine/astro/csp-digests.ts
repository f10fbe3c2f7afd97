/**
 * Every page's content security policy lists the digest of each script and stylesheet in its head, and Astro
 * computes them again for every page it renders (a Web Crypto call each), although all the pages of a route
 * have the same ones. A digest depends only on its text and algorithm, so this plugin has the page renderer
 * remember them: Astro's internal `generateCspDigest` is wrapped, as its module is bundled, in a bounded
 * lookup keyed by both. The policy written is the same, byte for byte.
 *
 * This reaches inside Astro (a text change to one of its modules). If an Astro release renames or reshapes
 * the function, the build fails and names the module: the unit test beside this file fails first, on the
 * installed Astro, so an upgrade notices before any build.
 */
import type { AstroIntegration } from 'astro';

/** The module of Astro's that computes policy digests, and the line that starts the function. */
const MODULE = /[\\/]astro[\\/]dist[\\/]core[\\/]encryption\.js$/;
const DECLARATION = 'async function generateCspDigest(data, algorithm) {';
/** The table's name: a module that holds it was already changed. */
const TABLE = 'rememberedCspDigests';

/** Texts longer than this are hashed every time; at most this many digests are kept. */
export const KEPT_TEXT_LENGTH = 16_384;
export const KEPT_DIGESTS = 1_024;

/**
 * The module's code with `generateCspDigest` answering from a table, or undefined when the module does not
 * declare it the way this expects. The table holds promises, so pages asking for one digest at once share
 * one computation; a failed computation is forgotten, and asked for again by the next page.
 */
export function rememberingCspDigests(code: string): string | undefined {
  if (code.split(DECLARATION).length !== 2 || code.includes(TABLE)) return undefined;
  const wrapper = `const ${TABLE} = new Map();
async function generateCspDigest(data, algorithm) {
  if (typeof data !== "string" || data.length > ${KEPT_TEXT_LENGTH}) return computeCspDigest(data, algorithm);
  const key = algorithm + "\\u0000" + data;
  let digest = ${TABLE}.get(key);
  if (digest === undefined) {
    if (${TABLE}.size >= ${KEPT_DIGESTS}) ${TABLE}.clear();
    digest = computeCspDigest(data, algorithm);
    ${TABLE}.set(key, digest);
    digest.catch(() => ${TABLE}.delete(key));
  }
  return digest;
}
async function computeCspDigest(data, algorithm) {`;
  return code.replace(DECLARATION, wrapper);
}

export default function cspDigests(): AstroIntegration {
  return {
    name: 'csp-digests',
    hooks: {
      'astro:build:setup': ({ vite }) => {
        vite.plugins ??= [];
        vite.plugins.push({
          name: 'csp-digests',
          apply: 'build',
          transform(code, id) {
            if (!MODULE.test(id.split('?')[0] ?? id)) return undefined;
            // Already changed (the plugin ran on it before): nothing to warn about.
            if (code.includes(TABLE)) return undefined;
            const changed = rememberingCspDigests(code);
            if (changed === undefined) {
              throw new Error(
                `${id} does not declare generateCspDigest as src/engine/astro/csp-digests.ts expects: ` +
                  'Astro changed its internals; update the plugin (or remove it) for this Astro version',
              );
            }
            return { code: changed, map: null };
          },
        });
      },
    },
  };
}

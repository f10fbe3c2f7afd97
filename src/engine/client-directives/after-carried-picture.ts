/**
 * `client:after-carried-picture`: the /chat/ page's island (ChatApp.tsx) starts loading its code once the
 * picture a Japanese product page handed over is on screen (carried-picture-script.ts puts it in the built
 * bubble as the page is parsed), and at once when there is none. The picture is what the visitor came for;
 * started with it, the island's code (React and the conversation) is fetched, compiled and run
 * while the picture is still being decoded, and its paint comes after them. The wait is bounded: a picture
 * not yet downloaded (the redirect left before it had come) holds the conversation CARRIED_PICTURE_WAIT_MS at
 * most.
 *
 * Registered by client-directives.ts beside it; Astro inlines it, bundled, in the page that uses it.
 */
// biome-ignore assist/source/organizeImports: the inlined directive (and so each page's policy, which hashes it) is bundled in import order, helpers first
import type { ClientDirective } from 'astro';
import { picturesPainted } from '../../lib/after-load.ts';
import { CARRIED_BUBBLE_ID } from '../../features/chat/thread-look.ts';

declare global {
  namespace Astro {
    interface ClientDirectives {
      'client:after-carried-picture'?: boolean;
    }
  }
}

/** The longest the island waits for the carried picture (ms). */
export const CARRIED_PICTURE_WAIT_MS = 1000;

/**
 * Resolves once the carried picture in `doc` has been decoded and painted, or failed, or `waitMs` has
 * passed; at once when the page shows no carried picture.
 */
export function carriedPictureShown(
  doc: Document = document,
  waitMs = CARRIED_PICTURE_WAIT_MS,
): Promise<void> {
  const picture = doc.getElementById(CARRIED_BUBBLE_ID)?.querySelector('img');
  return picture ? picturesPainted([picture], waitMs) : Promise.resolve();
}

const afterCarriedPicture: ClientDirective = async (load) => {
  await carriedPictureShown();
  const hydrate = await load();
  await hydrate();
};

export default afterCarriedPicture;

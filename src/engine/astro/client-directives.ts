/**
 * The site's own island directives, through Astro's public integration API: `client:when-needed`
 * (src/lib/when-needed.ts), the area and brand lists' islands waking only when the visitor needs them, and
 * `client:after-carried-picture` (src/features/chat/after-carried-picture.ts), the /chat/ page's island
 * loading once the picture a Japanese product page handed over is on screen.
 */
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/** The directive's module, as Astro bundles it into the pages that use it. */
export const WHEN_NEEDED_ENTRY = fileURLToPath(new URL('../../lib/when-needed.ts', import.meta.url));
export const AFTER_CARRIED_PICTURE_ENTRY = fileURLToPath(
  new URL('../../features/chat/after-carried-picture.ts', import.meta.url),
);

export default function clientDirectives(): AstroIntegration {
  return {
    name: 'client-directives',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'when-needed', entrypoint: WHEN_NEEDED_ENTRY });
        addClientDirective({ name: 'after-carried-picture', entrypoint: AFTER_CARRIED_PICTURE_ENTRY });
      },
    },
  };
}

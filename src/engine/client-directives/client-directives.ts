/**
 * The site's own island directives, registered through Astro's public integration API; this folder is
 * their one home: `client:when-needed` (when-needed.ts), the area and brand lists' islands waking only when
 * the visitor needs them, and `client:after-carried-picture` (after-carried-picture.ts), the /chat/ page's
 * island loading once the picture a Japanese product page handed over is on screen. Astro bundles each
 * module and inlines it in the pages that use it.
 */
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/** The directive's module, as Astro bundles it into the pages that use it. */
export const WHEN_NEEDED_ENTRY = fileURLToPath(new URL('./when-needed.ts', import.meta.url));
export const AFTER_CARRIED_PICTURE_ENTRY = fileURLToPath(
  new URL('./after-carried-picture.ts', import.meta.url),
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

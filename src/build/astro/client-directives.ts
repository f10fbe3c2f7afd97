/**
 * The site's own island directive, through Astro's public integration API: `client:when-needed`
 * (src/lib/when-needed.ts), the area and brand lists' islands waking only when the visitor needs them.
 */
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

/** The directive's module, as Astro bundles it into the pages that use it. */
export const WHEN_NEEDED_ENTRY = fileURLToPath(new URL('../../lib/when-needed.ts', import.meta.url));

export default function clientDirectives(): AstroIntegration {
  return {
    name: 'client-directives',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'when-needed', entrypoint: WHEN_NEEDED_ENTRY });
      },
    },
  };
}

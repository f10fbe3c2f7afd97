/** The module src/engine/files/build-manifest.ts gives the build: the route rules of this build. */
declare module 'virtual:build-manifest' {
  import type { RedirectRule, RouteRule } from '../../lib/build-info.ts';

  export const redirects: RedirectRule[];
  export const routes: RouteRule[];
}

/** The module src/engine/files/head-scripts.ts gives the build: the head scripts, each with its digest. */
declare module 'virtual:head-scripts' {
  import type { InlineScript } from '../../lib/inline-scripts.ts';

  /** Japanese catalogue pages: sends a visitor who does not speak Japanese to chat mode. */
  export const chatRedirect: InlineScript;
  /** Chat pages: the visitor's language on `<html>`, the title and the description. */
  export const chatLocale: InlineScript;
  /** /chat/: shows the picture of a product a Japanese page sent the visitor with, before chat's code. */
  export const chatCarriedPicture: InlineScript;
}

/** The module src/engine/astro/page-script-preload.ts gives the layout: what its page script imports. */
declare module 'virtual:page-script-preloads' {
  /** The site paths of the chunks the layout's page script imports statically (none in `astro dev`). */
  export function pageScriptPreloads(): string[];
}

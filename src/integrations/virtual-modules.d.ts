/** The module src/integrations/build-manifest.ts gives the build: the route rules of this build. */
declare module 'virtual:build-manifest' {
  import type { RedirectRule, RouteRule } from '../lib/build-info.ts';

  export const redirects: RedirectRule[];
  export const routes: RouteRule[];
}

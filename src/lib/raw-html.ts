/**
 * Markup this project wrote, every value in it escaped on the way in (src/lib/markup.ts), placed in a
 * template as it is: `{rawHtml(markup)}` writes what `<Fragment set:html={markup} />` writes, without the
 * Fragment component Astro creates and renders for each `set:html` (a dozen on every product page).
 * Server-side only: it marks the string with Astro's own runtime, which is no page's JavaScript.
 */
import { markHTMLString } from 'astro/runtime/server/index.js';

export function rawHtml(markup: string): unknown {
  return markHTMLString(markup);
}

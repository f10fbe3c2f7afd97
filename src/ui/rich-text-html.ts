/**
 * The one render point for API HTML. It writes only SafeHtml, which only sanitizeDescription makes (at build
 * time, once per product: src/engine/catalogue/snapshot.ts); the sanitiser never ships to the browser. Its
 * spacing and list marks are in the site's stylesheet (src/styles/global.css, `.rich-text`), so a product
 * page inlines no style of its own.
 */
import type { SafeHtml } from '../lib/html.ts';
import { attr } from '../lib/markup.ts';

/** `html` in the rich-text block, with the block's extra classes. */
export function richTextHtml(html: SafeHtml, className = ''): string {
  return `<div${attr('class', className ? `rich-text ${className}` : 'rich-text')}>${html}</div>`;
}

/**
 * Text made safe to place in HTML, in element content and in quoted attribute values: the five characters
 * that could end either are written as entities, the same entities Astro's escapeHTML writes (its test:
 * src/lib/markup.test.ts). Used wherever markup is written as a string (the product page's parts, the
 * social embed cards at build time, the reference API's store-counter page, the local editor page).
 */
const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: unknown): string {
  return String(value).replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char);
}

/**
 * A product description from the API as chat shows it: its paragraphs as plain text, API HTML never put
 * into the page. The markup is taken apart as text first: a browser's parser, even an inert document's,
 * checks the page's content security policy on every inline event handler it reads (`<img onerror>` in a
 * hostile description was three violations reported per product shown), so the parser only ever reads
 * text with entities, never a tag.
 */

/** Where a block ends: a paragraph, a list item, a heading, a table row, a line break. */
const BLOCK_END = /<\/(?:p|li|h[1-6]|div|tr|blockquote)\s*>|<br\s*\/?>/gi;
/** Elements whose content is not text: gone with what they hold. */
const NOT_TEXT = /<(script|style|template|noscript|textarea|title)\b[\s\S]*?<\/\1\s*>/gi;

/** Entities decoded by the browser's parser, given text with no tag in it. */
function decodeEntities(text: string): string {
  return new DOMParser().parseFromString(text, 'text/html').body.textContent ?? '';
}

/** The description's paragraphs (and list items, headings) as plain text, whitespace collapsed. */
export function descriptionParagraphs(
  html: string,
  decode: (text: string) => string = decodeEntities,
): string[] {
  const text = html
    .replace(NOT_TEXT, '')
    .replace(BLOCK_END, '\n')
    // Every other tag, and a tag left open at the end: no `<` reaches the parser.
    .replace(/<[^>]*>?/g, '');
  return decode(text)
    .split('\n')
    .map((paragraph) => paragraph.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

/**
 * Markup written as strings, escaped exactly as Astro escapes what a template interpolates, so that a part
 * of a page can be a function returning its HTML (placed with `rawHtml`, src/lib/raw-html.ts) instead of a
 * tree of components and give the same bytes. Used where a part is on every product page and its many
 * small elements made it a large share of the page's render (the gallery's pictures, the option buttons,
 * the icons: docs/performance.md).
 *
 * Element content goes through `escapeHtml` (src/lib/escape-html.ts: the five characters Astro's
 * escapeHTML writes as entities, the same entities), one attribute through `attr`; everything else in a
 * template string is fixed markup of this repository. A value from the API goes through one of the two,
 * never straight in.
 */

/** An attribute value in double quotes: `&` and `"` as entities (Astro's toAttributeString). */
function attributeValue(value: string): string {
  return value.includes('&') || value.includes('"')
    ? value.replace(/&/g, '&amp;').replace(/"/g, '&quot;')
    : value;
}

/** HTML's boolean attributes: written bare when the value is truthy, left out otherwise (as Astro does). */
const BOOLEAN =
  /^(?:allowfullscreen|async|autofocus|autoplay|checked|controls|default|defer|disabled|disablepictureinpicture|disableremoteplayback|formnovalidate|inert|loop|muted|nomodule|novalidate|open|playsinline|readonly|required|reversed|scoped|seamless|selected|itemscope)$/i;
/** Attributes that are boolean only when given a boolean (`hidden={false}`); any other value is written. */
const BOOLEAN_IF_BOOLEAN = new Set(['hidden', 'download', 'popover']);

/**
 * ` name="value"` as Astro writes `name={value}`: nothing for null or undefined; a boolean attribute bare
 * or not at all; an empty string as the bare name; any other value in double quotes, escaped. `name` is
 * this repository's fixed markup, never data.
 */
export function attr(name: string, value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (BOOLEAN.test(name) || (typeof value === 'boolean' && BOOLEAN_IF_BOOLEAN.has(name))) {
    return value ? ` ${name}` : '';
  }
  const written = String(value);
  return written === '' ? ` ${name}` : ` ${name}="${attributeValue(written)}"`;
}

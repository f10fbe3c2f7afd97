/**
 * The one way this project escapes text into markup it writes as strings: `escapeHtml` for element content
 * (and any quoted attribute value), `attr` for one attribute. Both write the entities Astro writes for a
 * template's `{value}` and `name={value}`, so a part written as a string (placed with `set:html` by the
 * component that owns it) gives the bytes the same template would; src/engine/astro/astro-escaping.test.ts
 * compares them with Astro's own escaping. Everything else in such a string is fixed markup of this
 * repository: a value from the API goes through one of the two, never straight in.
 *
 * Also used by the pages the servers write (the reference API's counter page, the local editor page), the
 * social embed cards and the sitemap.
 */

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe as element content or a quoted attribute value: the five characters that could end either. */
export function escapeHtml(value: unknown): string {
  return String(value).replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char);
}

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

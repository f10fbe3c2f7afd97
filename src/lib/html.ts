/**
 * Product descriptions are untrusted HTML from the API. They are sanitised here, at build time, through
 * the one render point (src/ui/RichText.astro); sanitize-html is never shipped to the browser.
 */
import sanitize from 'sanitize-html';

const OPTIONS: sanitize.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'small',
    'span',
    'ul',
    'ol',
    'li',
    'h3',
    'h4',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'a',
    'blockquote',
    'hr',
    'ruby',
    'rt',
    'rp',
  ],
  allowedAttributes: { a: ['href', 'title'], th: ['scope'], td: ['colspan', 'rowspan'] },
  allowedSchemes: ['https', 'http', 'mailto'],
  disallowedTagsMode: 'discard',
  // External links open safely and say they leave the site.
  transformTags: {
    a: sanitize.simpleTransform('a', { rel: 'noopener noreferrer nofollow', target: '_blank' }),
  },
};

/** Sanitised HTML safe to render with `set:html`. */
export function sanitizeDescription(html: string): string {
  return sanitize(html, {
    ...OPTIONS,
    allowedAttributes: { ...OPTIONS.allowedAttributes, a: ['href', 'title', 'rel', 'target'] },
  });
}

/** Plain text of a description, for meta descriptions and JSON-LD; whitespace collapsed, cut at `max`. */
export function descriptionText(html: string, max = 120): string {
  const text = sanitize(html, { allowedTags: [], allowedAttributes: {} }).replace(/\s+/g, ' ').trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

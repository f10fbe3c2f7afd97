/**
 * Product descriptions are untrusted HTML from the API. They are sanitised here, at build time, through
 * the one render point (src/ui/rich-text-html.ts); sanitize-html is never shipped to the browser.
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

/** An href with no scheme (`/campaign/`, `sale.html`): a path, which a page of this site would resolve. */
const isPath = (href: string) => !/^[a-z][a-z0-9+.-]*:|^\/\/|^#/i.test(href.trim());

/**
 * The attribute marking a link of an editor's description that leads to a path: the site check
 * (scripts/publisher/site-check.ts) tells it from the site's own links, and a path the site does not have
 * is a warning naming the product rather than a rejected build.
 */
const CONTENT_LINK_ATTRIBUTE = 'data-content-link';

/**
 * The store's main site (`PUBLIC_STORE_SITE_URL`), where an editor's path links lead when it is set; none
 * when unset. A value that is no http(s) URL fails the build, naming the variable.
 */
export function storeSiteUrl(env: Record<string, string | undefined> = process.env): string | undefined {
  const value = env.PUBLIC_STORE_SITE_URL?.trim();
  if (!value) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (url?.protocol !== 'https:' && url?.protocol !== 'http:') {
    throw new Error(`PUBLIC_STORE_SITE_URL is not an http(s) URL: ${value}`);
  }
  return url.href;
}

declare const safe: unique symbol;
/** HTML that went through sanitizeDescription: the only HTML richTextHtml writes. */
export type SafeHtml = string & { readonly [safe]: true };

/**
 * Sanitised HTML safe to place as markup (`set:html`). Links to a path lead to the store's main site
 * (`storeSite`, storeSiteUrl) when given, else stay paths marked as the editor's (CONTENT_LINK_ATTRIBUTE).
 */
export function sanitizeDescription(html: string, storeSite?: string): SafeHtml {
  const external = OPTIONS.transformTags?.a as sanitize.Transformer;
  return sanitize(html, {
    ...OPTIONS,
    allowedAttributes: {
      ...OPTIONS.allowedAttributes,
      a: ['href', 'title', 'rel', 'target', CONTENT_LINK_ATTRIBUTE],
    },
    transformTags: {
      // A path means a page of the store's main site when one is configured (the link is made absolute to
      // it); otherwise it stays a path, marked as the editor's (docs/decisions.md, "Editors' links").
      a: (tagName, attribs) => {
        const { href, [CONTENT_LINK_ATTRIBUTE]: _marked, ...rest } = attribs;
        if (href === undefined || !isPath(href))
          return external(tagName, { ...rest, ...(href === undefined ? {} : { href }) });
        if (storeSite) return external(tagName, { ...rest, href: new URL(href.trim(), storeSite).href });
        return { tagName, attribs: { ...rest, href, [CONTENT_LINK_ATTRIBUTE]: '' } };
      },
    },
  }) as SafeHtml;
}

/** The characters sanitize-html writes as entities in the text it outputs (it decodes every other). */
const OUTPUT_ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"' };

/**
 * The plain text of a sanitised description: tags dropped (a block's edge kept as a space, BLOCK_EDGE), the
 * entities sanitize-html writes decoded, whitespace collapsed. Text, not markup: whoever places it escapes it (an attribute, JSON-LD). Read from
 * sanitizeDescription's output, whose tags hold no `>` in their attribute values (sanitize-html escapes
 * them) and whose text holds no `<`, so a tag is `<` to the next `>`. One parse of the description instead
 * of two (plainText); what that saves a build is in docs/performance.md.
 */
export function plainTextOf(html: SafeHtml): string {
  return html
    .replace(BLOCK_EDGE, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(?:amp|lt|gt|quot);/g, (entity) => OUTPUT_ENTITIES[entity] ?? entity)
    .replace(AFTER_SENTENCE, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Where one block of a description ends and the next begins (a paragraph, a list item, a cell, a line
 * break): the text keeps a separator there, so list items do not run together (「…抹茶」「日持ち：…」).
 */
const BLOCK_EDGE = /<\/(?:p|li|h3|h4|td|th|tr|blockquote)>|<(?:br|hr)\b[^>]*>/g;
/** A block's edge after the end of a sentence: Japanese runs on without a space (「…です。次の…」). */
const AFTER_SENTENCE = /(?<=[。！？])\s*\n\s*/g;

/** The plain text of a description from the API (plainTextOf its sanitised markup). */
export function plainText(html: string): string {
  return plainTextOf(sanitizeDescription(html));
}

const graphemes = new Intl.Segmenter('ja', { granularity: 'grapheme' });

/**
 * Plain text of a description, for meta descriptions and JSON-LD; whitespace collapsed, at most `max`
 * characters as a reader counts them (graphemes: an emoji, a flag or a letter with its marks is one), cut
 * between two of them with 「…」, never inside one.
 */
export function descriptionText(html: string, max = 120): string {
  return cutText(plainText(html), max);
}

/**
 * Characters each of which is a grapheme of its own, whatever comes before or after it: printable ASCII and
 * Latin-1 (not the soft hyphen), general punctuation (not the zero-width and direction marks), CJK symbols
 * and punctuation (not the ideographic tone marks), kana (not the combining sound marks), CJK ideographs and
 * full-width forms (not the half-width sound marks). The text of most descriptions.
 */
const SINGLE_GRAPHEMES =
  /^[\x20-\x7E\xA0-\xAC\xAE-\xFF\u2010-\u2027\u2030-\u205E\u3000-\u3029\u3030-\u3096\u309B-\u30FF\u3400-\u4DBF\u4E00-\u9FFF\uFF01-\uFF9D]*$/;

/** `text` (already plain) cut as descriptionText cuts it. */
export function cutText(text: string, max = 120): string {
  if (text.length <= max) return text;
  // Where the first max + 1 characters are each a grapheme, the cut is after the first max - 1: the same
  // as segmenting, which took 40 µs a description (a tenth of the catalogue's load).
  if (SINGLE_GRAPHEMES.test(text.slice(0, max + 1))) return `${text.slice(0, max - 1)}…`;
  const kept: string[] = [];
  for (const { segment } of graphemes.segment(text)) {
    if (kept.length === max) return `${kept.slice(0, max - 1).join('')}…`;
    kept.push(segment);
  }
  return text;
}

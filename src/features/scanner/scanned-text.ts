/**
 * What a scanned code may lead to. A code's text is untrusted input: it is parsed with the URL parser and
 * followed only when it names a product page of this site, in its canonical form
 * (`/area/{areaId}/products/{productId}/`) or the legacy one (`/area?id={areaId}&product={productId}`).
 * Even then the scanned string is never navigated to: the caller builds the product's URL from the two ids.
 * Everything else is a refusal that says, in neutral words, what was scanned.
 */

/** A product page named by a scanned code: the two ids, checked. */
export interface ScannedProduct {
  kind: 'product';
  areaId: number;
  productId: number;
}

/** Why a scanned code is not followed. */
export type RefusalReason =
  /** A web address of another site. */
  | 'other-site'
  /** A link that is not a web page (`javascript:`, `data:`, `mailto:`, `tel:` …). */
  | 'not-web'
  /** A page of this site that is not a product page. */
  | 'not-product'
  /** A product page whose product is no longer in the catalogue. */
  | 'gone'
  /** Text that is no web address at all. */
  | 'text';

/** A refused code: why, and what may be shown of it as plain text (never as HTML, never as a link). */
export interface ScannedRefusal {
  kind: 'refused';
  reason: RefusalReason;
  /** The other site's host name (`other-site`) or a short excerpt of the text (`text`); else empty. */
  shown: string;
}

export type ScannedText = ScannedProduct | ScannedRefusal;

/** Longer scanned text is treated as text: no product URL of this site comes near it. */
const MAX_URL_LENGTH = 512;
/** Characters of plain text shown back to the shopper. */
const EXCERPT_LENGTH = 40;
/** An id as the site writes it: 1 to 9 digits, no leading zero. */
const ID = /^[1-9][0-9]{0,8}$/;
const CANONICAL_PATH = /^\/area\/([1-9][0-9]{0,8})\/products\/([1-9][0-9]{0,8})\/?$/;
const LEGACY_PATH = /^\/area\/?$/;
/** Schemes that look like a URL but are not a web page. */
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/**
 * Reads a scanned code's text. `origins` are the origins of this site (the page's own and the canonical
 * site's, which printed tags carry); any other origin is another site.
 */
export function readScannedText(text: string, origins: readonly string[]): ScannedText {
  const trimmed = text.trim();
  if (trimmed.length === 0 || trimmed.length > MAX_URL_LENGTH || /[\s\p{Cc}]/u.test(trimmed)) {
    return refused('text', excerpt(trimmed));
  }
  if (!SCHEME.test(trimmed)) return refused('text', excerpt(trimmed));
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return refused('text', excerpt(trimmed));
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return refused('not-web', '');
  if (!origins.includes(url.origin)) return refused('other-site', url.hostname);
  // Credentials in a URL of our own site are never written by the site: a disguise, not a product tag.
  if (url.username !== '' || url.password !== '') return refused('not-product', '');
  return productOf(url) ?? refused('not-product', '');
}

/** The product page a same-site URL names, or null. */
function productOf(url: URL): ScannedProduct | null {
  const canonical = CANONICAL_PATH.exec(url.pathname);
  if (canonical) return product(canonical[1], canonical[2]);
  if (!LEGACY_PATH.test(url.pathname)) return null;
  const params = [...url.searchParams.keys()];
  const ids = url.searchParams.getAll('id');
  const products = url.searchParams.getAll('product');
  // Exactly one id and one product, nothing else: a doubled parameter is ambiguous, so it is refused.
  if (params.length !== 2 || ids.length !== 1 || products.length !== 1) return null;
  return product(ids[0], products[0]);
}

function product(areaId: string | undefined, productId: string | undefined): ScannedProduct | null {
  if (!areaId || !productId || !ID.test(areaId) || !ID.test(productId)) return null;
  return { kind: 'product', areaId: Number(areaId), productId: Number(productId) };
}

function refused(reason: RefusalReason, shown: string): ScannedRefusal {
  return { kind: 'refused', reason, shown };
}

/**
 * The first characters of a text, cut between graphemes, without control characters or the invisible marks
 * that reorder text (bidi overrides could make `exe.jpg` read as `gpj.exe`). Joiners stay: emoji need them.
 */
export function excerpt(text: string): string {
  const clean = text
    .replace(/[\p{Cc}\p{Zl}\p{Zp}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const graphemes = [...new Intl.Segmenter('ja', { granularity: 'grapheme' }).segment(clean)].map(
    (part) => part.segment,
  );
  return graphemes.length > EXCERPT_LENGTH ? `${graphemes.slice(0, EXCERPT_LENGTH).join('')}…` : clean;
}

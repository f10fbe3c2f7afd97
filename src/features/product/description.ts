/**
 * When a product description is folded behind 「続きを読む」. Build time only: the page decides from the
 * description's plain text (src/lib/html.ts plainText), so the fold is in the HTML and causes no layout
 * shift.
 */

/** Descriptions longer than this (plain text characters) are folded. */
const READ_MORE_THRESHOLD = 250;

/** True when a description (its plain text) is long enough to fold. */
export function isLongDescription(plain: string, threshold: number = READ_MORE_THRESHOLD): boolean {
  return plain.length > threshold;
}

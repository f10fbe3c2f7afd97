/**
 * When a product description is folded behind 「続きを読む」. Build time only (it sanitises to count the
 * text): the page decides, so the fold is in the HTML and causes no layout shift.
 */
import { descriptionText } from '../../lib/html.ts';

/** Descriptions longer than this (plain text characters) are folded. */
const READ_MORE_THRESHOLD = 250;

/** True when a description is long enough to fold. */
export function isLongDescription(html: string, threshold: number = READ_MORE_THRESHOLD): boolean {
  return descriptionText(html, Number.POSITIVE_INFINITY).length > threshold;
}

/**
 * Where an accepted scan leads. The web catalogue opens the product's canonical page; chat mode opens the
 * product in chat mode in the visitor's language. Both are built from checked ids, never from the scanned
 * string, and only after the site confirms the product page still exists (its payload file).
 */
import type { Mode } from '../../lib/mode.ts';
import { fetchPayload } from '../../lib/payload.ts';
import { chatProductHref, productHref } from '../../lib/routes.ts';
import type { ProductPayload } from '../product/index.ts';
import { readScannedText, type ScannedProduct, type ScannedRefusal } from './scanned-text.ts';

/** The URL an existing product opens at, in a mode. */
function productDestination(payload: ProductPayload, mode: Mode): string {
  return mode.kind === 'chat'
    ? chatProductHref(payload.product.tenant.id, payload.product.id, mode.language)
    : productHref(payload.areaId, payload.product.id);
}

/** What a scan leads to: a URL of this site to open, or a refusal to show. */
export type ScanOutcome = { kind: 'open'; href: string } | ScannedRefusal;

/**
 * Reads a scanned text and, for a product page of this site, checks that the product still exists before
 * giving its URL in the mode. A failed check (no connection) rejects, so the view can offer a retry.
 */
export async function resolveScan(
  text: string,
  options: { origins: readonly string[]; mode: Mode; fetchImpl?: typeof fetch },
): Promise<ScanOutcome> {
  const read = readScannedText(text, options.origins);
  if (read.kind === 'refused') return read;
  const payload = await productPayloadOf(read, options.fetchImpl);
  // The payload must be the page asked for: a product page answering for another product is not trusted.
  if (!payload || payload.product.id !== read.productId || payload.areaId !== read.areaId) {
    return { kind: 'refused', reason: 'gone', shown: '' };
  }
  return { kind: 'open', href: productDestination(payload, options.mode) };
}

function productPayloadOf(product: ScannedProduct, fetchImpl?: typeof fetch): Promise<ProductPayload | null> {
  return fetchPayload<ProductPayload>(productHref(product.areaId, product.productId), 'product', fetchImpl);
}

/**
 * Where an accepted scan leads. The web catalogue opens the product's canonical page; chat mode opens the
 * product in chat mode in the visitor's language. Both are built from checked ids, never from the scanned
 * string, and only after the site confirms the product page still exists (its payload file).
 */
import type { Mode } from '../../lib/mode.ts';
import { fetchPayload } from '../../lib/payload.ts';
import { type ProductPayload, productHref } from '../product/index.ts';
import { readScannedText, type ScannedProduct, type ScannedRefusal } from './scanned-text.ts';

/** The languages chat mode speaks; any other falls back to English, the default translation locale. */
export const CHAT_LANGUAGES = ['ja', 'en', 'zh', 'ko'] as const;
export type ChatLanguage = (typeof CHAT_LANGUAGES)[number];

/** `zh-TW` → `zh`, `EN` → `en`, `fr` or garbage → `en`. */
export function chatLanguage(code: string): ChatLanguage {
  const primary = code.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return (CHAT_LANGUAGES as readonly string[]).includes(primary) ? (primary as ChatLanguage) : 'en';
}

/**
 * A product in chat mode: its brand's chat screen (`/chat/brands/{tenantId}/`), which reuses the
 * catalogue's screens, told which product to open and in which language.
 */
export function chatProductHref(product: { productId: number; tenantId: number }, language: string): string {
  const query = new URLSearchParams({ product: String(product.productId), lang: chatLanguage(language) });
  return `/chat/brands/${product.tenantId}/?${query}`;
}

/** The URL an existing product opens at, in a mode. */
function productDestination(payload: ProductPayload, mode: Mode): string {
  return mode.kind === 'chat'
    ? chatProductHref({ productId: payload.product.id, tenantId: payload.product.tenant.id }, mode.language)
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

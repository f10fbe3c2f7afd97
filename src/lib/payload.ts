/**
 * Per-page payload files: every prerendered catalogue page has a JSON twin at `{page}/_payload.json`,
 * written by an endpoint beside the page. Islands and the wishlist read them instead of calling the API for
 * data the build already has. Each feature types its own payloads; every payload names its `kind`.
 *
 * Astro does not route files whose name starts with `_`, so the endpoints are `[payload].json.ts` with the
 * one param value `_payload` (PAYLOAD_PARAM).
 */

import { fetchSiteFile } from './site-file.ts';

/** The param value of the `[payload].json.ts` endpoints: they answer `{page}/_payload.json`. */
export const PAYLOAD_PARAM = '_payload';

/**
 * What every payload carries. Nothing per build: a payload changes only when what its page shows does.
 */
export interface Payload {
  kind: string;
}

/** The payload URL of a page path: `/area/1/` → `/area/1/_payload.json`. */
export function payloadPath(pagePath: string): string {
  return `${pagePath.endsWith('/') ? pagePath : `${pagePath}/`}${PAYLOAD_PARAM}.json`;
}

/** The JSON response of a payload endpoint. */
export function payloadResponse(payload: Payload): Response {
  return new Response(JSON.stringify(payload), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
}

/**
 * A page's payload from the site itself (same origin, no API token), or null when the page does not exist
 * (the product left the catalogue) or is of another kind. Network failures and a request with no answer in
 * time (site-file.ts) reject.
 */
export async function fetchPayload<P extends Payload>(
  pagePath: string,
  kind: P['kind'],
  fetchImpl?: typeof fetch,
): Promise<P | null> {
  const response = await fetchSiteFile(payloadPath(pagePath), fetchImpl);
  if (response.status === 404) return null;
  if (!response.ok) throw new Error(`${payloadPath(pagePath)} → ${response.status}`);
  const body: unknown = await response.json();
  return typeof body === 'object' && body !== null && (body as { kind?: unknown }).kind === kind
    ? (body as P)
    : null;
}

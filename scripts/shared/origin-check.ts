/**
 * The origin check of every state-changing staff request, shared by the editor page's publish button
 * (scripts/publisher/editor.ts) and the catalog API's staff requests (scripts/catalog-api/app.ts): signing
 * in and out, completing a payment, marking a shipment shipped, renaming a product.
 *
 * The staff cookie is SameSite=Strict, but a sibling subdomain is the same site and passes that. So the
 * request must also name the one origin whose pages may make it, in `Origin` (browsers send it on every
 * POST, PUT and DELETE), and, when the browser sends `Sec-Fetch-Site`, be `same-origin`. A request without
 * an Origin is refused: no browser page of ours makes one.
 */

/** What the check reads of a request. */
export interface OriginHeaders {
  origin: string | undefined;
  secFetchSite: string | undefined;
}

/** Whether a request comes from a page of `ownOrigin` (scheme, host and port, as in `Origin`). */
export function fromOwnOrigin(headers: OriginHeaders, ownOrigin: string): boolean {
  if (headers.origin === undefined || headers.origin !== ownOrigin) return false;
  return headers.secFetchSite === undefined || headers.secFetchSite === 'same-origin';
}

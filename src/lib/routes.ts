/**
 * The per-visitor URLs: /qr/{draftOrderAlias}/, /order/{orderAlias}/, /address/{alias}/ and
 * /address/{alias}/complete/. Each is one prerendered shell; the island reads the alias from the path and
 * checks it against the contract's Alias pattern before calling the API.
 */

/** The contract's `Alias` pattern (openapi.yaml). */
const ALIAS_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/** True for a well-formed alias. */
export function isAlias(value: unknown): value is string {
  return typeof value === 'string' && ALIAS_PATTERN.test(value);
}

export type AliasSection = 'qr' | 'order' | 'address';

/**
 * The alias in `/{section}/{alias}/…` (or chat mode's `/chat/{section}/{alias}/…`), or null when the path
 * has none or it is malformed (the page then shows the 404 error screen without calling the API).
 */
export function aliasFromPath(pathname: string, section: AliasSection): string | null {
  const all = pathname.split('/').filter(Boolean);
  const segments = all[0] === 'chat' ? all.slice(1) : all;
  if (segments[0] !== section || segments[1] === undefined) return null;
  let alias: string;
  try {
    alias = decodeURIComponent(segments[1]);
  } catch {
    return null;
  }
  return isAlias(alias) ? alias : null;
}

/**
 * The QR hand-off's pages (QR, time-out, order, and back to the bag) stay in the mode they were opened in:
 * chat mode's islands call `enterChatRoutes()` once, and these then lead to the /chat/ pages.
 */
let modePrefix = '';
export function enterChatRoutes(): void {
  modePrefix = '/chat';
}

export const qrHref = (draftOrderAlias: string) => `${modePrefix}/qr/${draftOrderAlias}/`;
export const qrTimeoutHref = () => `${modePrefix}/qr/timeout/`;
export const orderHref = (orderAlias: string) => `${modePrefix}/order/${orderAlias}/`;

export const addressHref = (alias: string) => `/address/${alias}/`;
export const addressCompleteHref = (alias: string) => `/address/${alias}/complete/`;
const BAG_HREF = '/cart/';
export const bagHref = () => (modePrefix === '' ? BAG_HREF : `${modePrefix}/cart/`);
export const TERMS_HREF = '/terms/';

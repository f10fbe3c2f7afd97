/**
 * The hrefs of the pages that follow the mode (mode.ts): the bag, the terms and the QR hand-off, under /chat/
 * in chat mode; and the reading of the aliases in per-visitor paths. The catalogue's hrefs are in routes.ts.
 *
 * The per-visitor URLs, /qr/{draftOrderAlias}/, /order/{orderAlias}/, /address/{alias}/ and
 * /address/{alias}/complete/, are one prerendered shell each; the island reads the alias from the path and
 * checks it against the contract's Alias pattern before calling the API.
 */
import { $mode, type ChatLanguage } from './mode.ts';

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

/** Chat mode's pages sit under /chat/: the prefix of the pages that follow the mode. */
const prefix = () => ($mode.get().kind === 'chat' ? '/chat' : '');

/**
 * The pages that stay in the mode they were opened in (mode.ts): the bag, the terms, the QR hand-off (QR,
 * time-out, order, address) and the way back to the shop lead to chat's own pages in chat mode. `language` tells the
 * QR page the visitor's language (`?lang=`, stored as the chosen locale).
 */
export const homeHref = () => `${prefix()}/`;
/** Where "continue shopping" leads: the areas on the web, the conversation in chat mode. */
export const shopHref = () => ($mode.get().kind === 'chat' ? '/chat/' : '/area/');
export const bagHref = () => `${prefix()}/cart/`;
export const termsHref = () => `${prefix()}/terms/`;
export const qrHref = (draftOrderAlias: string, language?: ChatLanguage) =>
  `${prefix()}/qr/${draftOrderAlias}/${language ? `?lang=${language}` : ''}`;
export const qrTimeoutHref = () => `${prefix()}/qr/timeout/`;
export const orderHref = (orderAlias: string) => `${prefix()}/order/${orderAlias}/`;

/** The address step, chat mode's in the visitor's language. */
export const addressHref = (alias: string) => `${prefix()}/address/${alias}/`;
export const addressCompleteHref = (alias: string) => `${prefix()}/address/${alias}/complete/`;

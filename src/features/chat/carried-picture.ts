/**
 * The picture a Japanese product page hands to chat when it sends a visitor there: the product's first
 * image, as the catalogue names it, kept in the tab's session storage by the redirect (redirect-check.ts).
 * The chat page shows it from its own HTML before chat's code has arrived (carried-picture-script.ts), and
 * the product bubble keeps it until the product's answer comes (ChatProduct.tsx): the picture the visitor
 * came for is the first thing they see. Storage is read as untrusted: an entry for another product, one
 * that does not parse, or an address that is not http(s) is no picture.
 */

const KEY = 'chat.carried-picture';

/** Keeps the picture of the product the redirect carries. Without storage there is simply none. */
export function keepCarriedPicture(productId: number, src: string): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ productId, src }));
  } catch {
    // Storage refused (private mode, quota): chat shows the picture once the product has loaded.
  }
}

/** The picture kept for this product (an absolute http(s) address), or null. */
export function carriedPicture(productId: number): string | null {
  try {
    const kept: unknown = JSON.parse(sessionStorage.getItem(KEY) ?? 'null');
    if (typeof kept !== 'object' || kept === null) return null;
    const { productId: id, src } = kept as { productId?: unknown; src?: unknown };
    if (productId <= 0 || id !== productId || typeof src !== 'string') return null;
    const { protocol } = new URL(src);
    return protocol === 'https:' || protocol === 'http:' ? src : null;
  } catch {
    return null;
  }
}

/**
 * The catalogue's hrefs: its pages (products, areas, brands, tags) and chat mode's brand and product
 * screens, the same in either mode. The pages that follow the mode (the bag, the QR hand-off) are in
 * mode-routes.ts: the product lists link to products only, and load no mode with their links. Fixed links of
 * one mode (the header's, the footer's, chat's own menu) are written as they are in their markup.
 */
import type { ChatLanguage } from './mode.ts';

/** A product's page, as seen from one of its areas. */
export const productHref = (areaId: number, productId: number) => `/area/${areaId}/products/${productId}/`;
export const areaHref = (areaId: number) => `/area/${areaId}/`;
export const brandHref = (tenantId: number) => `/brands/${tenantId}/`;
/** A tag's page of products: page 1 is the tag's own URL, then `page/2/`… */
export const tagHref = (tagId: number, page = 1) =>
  page <= 1 ? `/product-tags/${tagId}/` : `/product-tags/${tagId}/page/${page}/`;

/** A brand's page in chat mode. */
export const chatBrandHref = (tenantId: number) => `/chat/brands/${tenantId}/`;

/**
 * A product in chat mode: its brand's chat page, which opens it (`?product=`), reusing the catalogue's
 * screens; `language` tells the page the visitor's language (`&lang=`, stored as the chosen locale), for a
 * link that may be opened from outside chat (a scanned tag).
 */
export const chatProductHref = (tenantId: number, productId: number, language?: ChatLanguage) =>
  `${chatBrandHref(tenantId)}?product=${productId}${language ? `&lang=${language}` : ''}`;

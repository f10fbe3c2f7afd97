/**
 * The analytics events, in the shape Google Tag Manager reads from `window.dataLayer` (plain objects with
 * an `event` name), and the rule that keeps personal data out of them: a page is named by its route, so a
 * per-visitor address (`/qr/{alias}/`, `/order/{alias}/`, `/address/{alias}/…`, and chat mode's
 * `/chat/qr/…`, `/chat/order/…`) becomes `/qr/[alias]/` and so on; no query string, no title, no text
 * from the page is ever sent.
 */

/** A page view is pushed this long after the page is shown (also after a back-forward-cache restore). */
export const PAGE_VIEW_DELAY_MS = 250;
/** A click waits at most this long for the tag manager to load, asking once a second. */
export const CLICK_WAIT_MS = 3000;
export const CLICK_POLL_MS = 1000;

/**
 * `/{qr|order|address}/{alias}…` and chat mode's `/chat/{qr|order}/{alias}…`, but not the fixed
 * `/qr/timeout/` pages: the alias segment.
 */
const ALIAS_PATH = /^((?:\/chat)?\/(?:qr|order|address)\/)(?!timeout(?:\/|$))[^/]+/;

/**
 * A path as a server matches it: escapes of ASCII characters decoded (`/%6Frder/` is `/order/`) and runs of
 * slashes as one (`//order//x/` is `/order/x/`), so that no way of writing a visitor's page gets past the
 * rules below.
 */
function normalisedPath(pathname: string): string {
  return pathname.replace(/%[0-7][\da-f]/gi, (ascii) => decodeURIComponent(ascii)).replace(/\/+/g, '/');
}

/**
 * The route of a path: a visitor's alias replaced by `[alias]`, other segments kept (`/area/2/products/15/`),
 * read from the normalised path.
 */
export function routeOf(pathname: string): string {
  return normalisedPath(pathname).replace(ALIAS_PATH, '$1[alias]');
}

/**
 * Whether the tag manager may load on a page. Not on a visitor's own pages (`/qr/…`, `/order/…`,
 * `/address/…`, chat's `/chat/qr/…` and `/chat/order/…`): the tag manager and the analytics it loads read
 * the page's address themselves, and there the address is a link to the shopper's order. Events pushed
 * on those pages stay in the page. The path is read normalised, however it was written.
 */
export function tagManagerAllowed(pathname: string): boolean {
  return !ALIAS_PATH.test(normalisedPath(pathname));
}

export interface PageViewEvent {
  event: 'page_view';
  page_path: string;
  /** True when the page came back from the back-forward cache. */
  page_restored: boolean;
}

export interface ClickEvent {
  event: 'track_click';
  /** The element's tracked name (src/lib/tracking.ts). */
  track: string;
  page_path: string;
}

export interface VitalEvent {
  event: 'web_vitals';
  metric_name: string;
  /** Milliseconds (LCP, INP) or the unitless layout-shift score (CLS), rounded to 4 places. */
  metric_value: number;
  metric_rating: string;
  metric_id: string;
  page_path: string;
}

export type AnalyticsEvent = PageViewEvent | ClickEvent | VitalEvent;

export function pageViewEvent(pathname: string, restored: boolean): PageViewEvent {
  return { event: 'page_view', page_path: routeOf(pathname), page_restored: restored };
}

/** The click event of a tracked name, or undefined for a value that is not a plain short name. */
export function clickEvent(track: string, pathname: string): ClickEvent | undefined {
  if (!/^[\w -]{1,40}$/.test(track)) return undefined;
  return { event: 'track_click', track, page_path: routeOf(pathname) };
}

export function vitalEvent(
  metric: { name: string; value: number; rating: string; id: string },
  pathname: string,
): VitalEvent {
  return {
    event: 'web_vitals',
    metric_name: metric.name,
    metric_value: Math.round(metric.value * 10_000) / 10_000,
    metric_rating: metric.rating,
    metric_id: metric.id,
    page_path: routeOf(pathname),
  };
}

/**
 * Analytics on every page: page views (PAGE_VIEW_DELAY_MS after the page is shown, a back-forward-cache
 * restore included) and clicks on tracked elements (`data-track`) pushed to `window.dataLayer`. With a
 * container id configured, Google Tag Manager loads once the page has loaded and the main thread is idle
 * (never on a visitor's own pages, whose address is a link to their order: tagManagerAllowed),
 * and after it the Core Web Vitals reporter (vitals.ts): vitals are only measured when a tag manager is
 * there to read them. A click waits for the tag manager (CLICK_WAIT_MS, asked each second) unless it has
 * loaded, failed, or is not configured.
 */
import { whenIdleAfterLoad } from '../../lib/after-load.ts';
import { GTM_ORIGIN, type TelemetryConfig } from '../../lib/telemetry-config.ts';
import {
  type AnalyticsEvent,
  CLICK_POLL_MS,
  CLICK_WAIT_MS,
  clickEvent,
  PAGE_VIEW_DELAY_MS,
  pageViewEvent,
  tagManagerAllowed,
} from './analytics-rules.ts';
// Built as a module of its own: loaded only after the tag manager.
import vitalsUrl from './vitals.ts?worker&url';

declare global {
  interface Window {
    dataLayer?: unknown[];
    google_tag_manager?: Record<string, unknown>;
  }
}

/** Starts page-view and click analytics, and the tag manager when configured. */
export function startAnalytics(config: TelemetryConfig): void {
  window.dataLayer ??= [];
  const dataLayer = window.dataLayer;
  const push = (event: AnalyticsEvent | Record<string, unknown>) => {
    dataLayer.push(event);
  };
  // No tag manager on a visitor's own pages (their address is a link to the order): see tagManagerAllowed.
  const containerId = tagManagerAllowed(location.pathname) ? config.containerId : undefined;
  let failed = false;
  const ready = () => !containerId || failed || window.google_tag_manager?.[containerId] !== undefined;

  addEventListener('pageshow', (event) => {
    setTimeout(() => push(pageViewEvent(location.pathname, event.persisted)), PAGE_VIEW_DELAY_MS);
  });

  // A click waits for the tag manager, asking each second, until it is there or the wait is over.
  const pushWhenReady = (click: AnalyticsEvent, waited: number): unknown =>
    ready() || waited >= CLICK_WAIT_MS
      ? push(click)
      : setTimeout(pushWhenReady, CLICK_POLL_MS, click, waited + CLICK_POLL_MS);

  document.addEventListener(
    'click',
    (event) => {
      const element = (event.target as Element | null)?.closest?.('[data-track]');
      const click = element && clickEvent(element.getAttribute('data-track') ?? '', location.pathname);
      if (click) pushWhenReady(click, 0);
    },
    { capture: true },
  );

  if (!containerId) return;
  const load = () => {
    push({ 'gtm.start': Date.now(), event: 'gtm.js' });
    const script = document.createElement('script');
    script.async = true;
    script.src = `${GTM_ORIGIN}/gtm.js?id=${encodeURIComponent(containerId)}`;
    script.onload = () => {
      import(/* @vite-ignore */ vitalsUrl).catch((error: unknown) => console.warn('web vitals:', error));
    };
    script.onerror = () => {
      failed = true;
    };
    document.head.append(script);
  };
  whenIdleAfterLoad(load);
}

/**
 * The error-reporting SDK (@sentry/browser), loaded by error-listener.ts on a page's first reportable
 * error and never before. It is built as a module of its own, so it takes its work by event: each
 * REPORT_EVENT carries one error and the build's configuration. Tracing is off (sample rate 0), the order
 * tracking page's transactions are dropped, handled and ignored errors are filtered again before sending,
 * the page's address is sent as its route, no field carries a visitor's link and no Referer is sent
 * (scrubEvent), and the listener stays the only way in.
 */
import { captureException, init } from '@sentry/browser';
import type { TelemetryConfig } from '../../lib/telemetry-config.ts';
import { routeOf } from './analytics-rules.ts';
import {
  IGNORED_MESSAGES,
  isTrackingTransaction,
  REPORT_EVENT,
  type ReportDetail,
  scrubEvent,
  shouldReport,
} from './error-rules.ts';

// The SDK's global handlers (the listener is the way in), sessions (started at a first error they would
// count only failed sessions) and breadcrumbs (which would carry the API calls' URLs, aliases included).
const LEFT_OUT = new Set(['GlobalHandlers', 'BrowserSession', 'Breadcrumbs']);

/**
 * The event as it may leave: the page's address as its route, and no visitor link anywhere else either
 * (scrubEvent: no Referer, aliases named by their route). Aliases are capabilities for the order pages.
 */
function withoutAlias<E extends { request?: { url?: string } }>(event: E): E {
  if (event.request?.url) event.request.url = location.origin + routeOf(location.pathname);
  return scrubEvent(event);
}

/**
 * The release a report names: the configured one, else the version of the code the page comes from, which
 * is what source maps are uploaded for (src/engine/files/source-maps.ts).
 */
function releaseOf(config: TelemetryConfig): string | undefined {
  return config.release ?? document.documentElement.dataset.codeVersion;
}

function start(config: TelemetryConfig): void {
  const release = releaseOf(config);
  init({
    dsn: config.dsn,
    ...(config.environment ? { environment: config.environment } : {}),
    ...(release ? { release } : {}),
    tracesSampleRate: 0,
    // The report's own request names no page either (the SDK's default sends the origin).
    transportOptions: { fetchOptions: { referrerPolicy: 'no-referrer' } },
    ignoreErrors: [...IGNORED_MESSAGES],
    integrations: (defaults) => defaults.filter((integration) => !LEFT_OUT.has(integration.name)),
    beforeSend: (event, hint) =>
      hint.originalException === undefined || shouldReport(hint.originalException)
        ? withoutAlias(event)
        : null,
    beforeSendTransaction: (event) => (isTrackingTransaction(event.transaction) ? null : withoutAlias(event)),
  });
}

let started = false;
addEventListener(REPORT_EVENT, (event) => {
  const { config, error, fatal } = (event as CustomEvent<ReportDetail>).detail;
  if (!started) {
    start(config);
    started = true;
  }
  captureException(error, {
    mechanism: { type: 'onerror', handled: false },
    captureContext: { level: fatal ? 'fatal' : 'error' },
  });
});

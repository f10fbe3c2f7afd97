/**
 * What error reporting sends, decided in one place (the every-page listener asks before it loads the
 * SDK, and the SDK asks again before it sends): not an error the page has already shown the visitor
 * (marked handled), not the browser noise the product ignores, and never a transaction of the order
 * tracking page, whose path carries the order's unique id.
 */

import type { TelemetryConfig } from '../../lib/telemetry-config.ts';

/** The event the listener hands an error to the reporter with (the reporter is built apart, see there). */
export const REPORT_EVENT = 'error-reporter:report';

export interface ReportDetail {
  config: TelemetryConfig;
  error: unknown;
  fatal: boolean;
}

/** Messages that are not reported (the browser's own noise, and chunk failures the version watch handles). */
export const IGNORED_MESSAGES = [
  'Unable to preload CSS',
  'ResizeObserver loop completed',
  'Importing a module script failed',
] as const;

/** The name an error may carry instead of the flag to say it is handled. */
const HANDLED_NAME = 'HandledError';
/** The message prefix an error may carry instead of the flag to say it is handled. */
const HANDLED_MESSAGE_PREFIX = '[handled]';

interface Marked {
  handled?: unknown;
  name?: unknown;
  message?: unknown;
}

const messageOf = (value: unknown): string =>
  typeof value === 'string' ? value : String((value as Marked | null)?.message ?? '');

/** True for an error marked handled: the `handled` flag (markHandled), its name, or its message. */
export function isHandled(value: unknown): boolean {
  const marked = (typeof value === 'object' ? value : null) as Marked | null;
  return (
    marked?.handled === true ||
    marked?.name === HANDLED_NAME ||
    messageOf(value).startsWith(HANDLED_MESSAGE_PREFIX)
  );
}

/** True when the message contains one of the ignored messages. */
function isIgnoredMessage(message: string): boolean {
  return IGNORED_MESSAGES.some((ignored) => message.includes(ignored));
}

/** True for an error (or rejection reason, or message) that error reporting is to send. */
export function shouldReport(value: unknown): boolean {
  if (value === undefined || value === null) return false;
  return !isHandled(value) && !isIgnoredMessage(messageOf(value));
}

/** The order tracking page's path, `/order/{orderAlias}/` (also in chat mode): its transactions are dropped. */
const TRACKING_PATH = /^(?:\/chat)?\/order\/[^/]+/;

/** True for a transaction named after the order tracking path (by URL or by route). */
export function isTrackingTransaction(name: string | undefined): boolean {
  if (!name) return false;
  let path = name;
  try {
    path = new URL(name, 'http://site').pathname;
  } catch {
    // A route name such as `/order/:orderAlias`, compared as it is.
  }
  return TRACKING_PATH.test(path);
}

/**
 * A visitor's link in any text: the alias after a per-visitor path (`/qr/`, `/order/`, `/address/`,
 * chat's, and the API's `/orders/`, `/shipments/`, `/store/qr/`…), and an alias or a session id standing
 * alone (32 or 43 characters of base64url, both cases: never the event's own hexadecimal ids).
 */
const ALIAS_AFTER_PATH =
  /(\/(?:qr|orders?|address|shipments|draft-orders)\/)(?!timeout(?:[/?#]|$))[A-Za-z0-9_-]{16,64}/g;
const BARE_ALIAS =
  /(?<![A-Za-z0-9_-])(?=[A-Za-z0-9_-]*[a-z])(?=[A-Za-z0-9_-]*[A-Z])(?:[A-Za-z0-9_-]{43}|[A-Za-z0-9_-]{32})(?![A-Za-z0-9_-])/g;

/** A text with every visitor link named by its route, and no query string or fragment after a URL path. */
function scrubText(text: string): string {
  return text
    .replace(/(\/\/[^\s/?#]+\/[^\s?#]*)[?#][^\s]*/g, '$1')
    .replace(ALIAS_AFTER_PATH, '$1[alias]')
    .replace(BARE_ALIAS, '[alias]');
}

function scrubValue(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (depth > 12 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[key] = scrubValue(item, depth + 1);
  return out;
}

/**
 * An error event as it may leave the page: no `Referer` (the page before may be an order page), and no
 * visitor link in any field (the page address, messages, stack frames, tags, extras), each named by its
 * route instead. The last thing the reporter does before sending.
 */
export function scrubEvent<E extends object>(event: E): E {
  const { request } = event as { request?: { headers?: Record<string, string> } };
  if (request?.headers) {
    for (const name of Object.keys(request.headers)) {
      if (name.toLowerCase() === 'referer') delete request.headers[name];
    }
  }
  return scrubValue(event, 0) as E;
}

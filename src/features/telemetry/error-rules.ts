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

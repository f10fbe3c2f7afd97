/**
 * The one error module: DataNotFoundError with the catalogue's failure messages, the "handled" flag (an
 * error the page has already shown the shopper, which error reporting is to leave alone) and the generic
 * error screen's title for a status (its words in every language are in src/i18n/errors/).
 */

import type japanese from '../i18n/errors/ja.json';
import { DataNotFoundError } from './data-not-found-error.ts';

export { DataNotFoundError } from './data-not-found-error.ts';
// On its own: the stores that show a failure load it without the rest of this module.
export { markHandled } from './handled.ts';

/** The statuses the generic error screen has a title of its own for; any other has `error.title.other`. */
const TITLED_STATUSES = [401, 403, 404, 500, 503] as const;

/** The key of the generic error screen's title for a status (src/i18n/errors/). */
export function errorTitleKey(statusCode: number): keyof typeof japanese {
  const titled = (TITLED_STATUSES as readonly number[]).includes(statusCode);
  return titled ? (`error.title.${statusCode}` as keyof typeof japanese) : 'error.title.other';
}

/** The message of a route that fails its own validation (404). */
export function pageNotFoundMessage(path: string): string {
  return `Page Not Found: ${path}`;
}

/**
 * A failed catalog call in one line, for logs and build failures: the message, the endpoint and what
 * happened, the HTTP status and the API's code when an answer came, else why none came (no answer in
 * time, no connection, a body that is not JSON). Never a status that did not arrive. (Not a method of the
 * error: every page ships the error class, and only the build and the logs need this.)
 */
export function describeFailure(error: DataNotFoundError): string {
  if (!error.endpoint) return error.message;
  const reasons: Record<string, string> = {
    TIMEOUT: 'no answer in time',
    NETWORK: 'no connection',
    MALFORMED_RESPONSE: 'an answer that is not JSON',
  };
  const reason =
    (error.code && reasons[error.code]) ?? `${error.status}${error.code ? ` ${error.code}` : ''}`;
  return `${error.message} (${error.endpoint} → ${reason})`;
}

/** Any failure in one line: a failed catalog call as describeFailure says it, any other by its message. */
export function failureDetail(error: unknown): string {
  if (error instanceof DataNotFoundError) return describeFailure(error);
  return error instanceof Error ? error.message : String(error);
}

/**
 * The one error module: DataNotFoundError with the catalogue's failure messages, the "handled" flag (an
 * error the page has already shown the shopper, which error reporting is to leave alone) and the titles of
 * the generic error screen.
 */

import { DataNotFoundError } from './data-not-found-error.ts';

export { DataNotFoundError } from './data-not-found-error.ts';
// On its own: the stores that show a failure load it without the error screen's titles below.
export { markHandled } from './handled.ts';

/** Titles of the generic error screen by status. */
const ERROR_TITLES: Record<number, string> = {
  401: 'ログインしてから再度お試しください',
  403: 'アクセスが許可されていません',
  404: 'お探しのページは見つかりませんでした',
  500: 'サーバーで問題が発生しています',
  503: '一時的にサーバーが停止しています',
};

/** The title for any other status. */
const FALLBACK_ERROR_TITLE = 'ページが表示できませんでした';

/** The description the 404 error screen shows under its title. */
const NOT_FOUND_DESCRIPTION =
  'お探しのページは一時的にアクセスができない状況にあるか、移動もしくは削除された可能性があります。';

export interface ErrorScreen {
  statusCode: number;
  title: string;
  description: string | undefined;
}

/** What the generic error screen shows for a status code. */
export function errorScreen(statusCode: number, description?: string): ErrorScreen {
  return {
    statusCode,
    title: ERROR_TITLES[statusCode] ?? FALLBACK_ERROR_TITLE,
    description: description ?? (statusCode === 404 ? NOT_FOUND_DESCRIPTION : undefined),
  };
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

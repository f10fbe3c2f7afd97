/**
 * The one error module: DataNotFoundError with the messages of SPEC §8, the "handled" flag, the error-screen
 * titles of SPEC §2, and the one place that decides what goes to error reporting.
 */

import { DataNotFoundError } from './data-not-found-error.ts';

export {
  DATA_NOT_FOUND_MESSAGES,
  DataNotFoundError,
  type DataNotFoundErrorDetails,
  type DataNotFoundMessage,
} from './data-not-found-error.ts';

/** Marks an error as shown to the user, so it is not reported. Returns the same error. */
export function markHandled<E>(error: E): E {
  if (error instanceof DataNotFoundError) error.handled = true;
  else if (error instanceof Error) Object.assign(error, { handled: true });
  return error;
}

/** Messages that are noise, never reported (SPEC §8). */
export const IGNORED_ERROR_MESSAGES = [
  'Unable to preload CSS',
  'ResizeObserver loop completed',
  'Importing a module script failed',
] as const;

/** The one place that decides whether an error goes to error reporting. */
export function shouldReport(error: unknown): boolean {
  if (error && typeof error === 'object' && 'handled' in error && error.handled === true) return false;
  const message = error instanceof Error ? error.message : String(error);
  return !IGNORED_ERROR_MESSAGES.some((ignored) => message.includes(ignored));
}

/** Titles of the generic error screen by status (SPEC §2). */
const ERROR_TITLES: Record<number, string> = {
  401: 'ログインしてから再度お試しください',
  403: 'アクセスが許可されていません',
  404: 'お探しのページは見つかりませんでした',
  500: 'サーバーで問題が発生しています',
  503: '一時的にサーバーが停止しています',
};

/** The title for any other status. */
export const FALLBACK_ERROR_TITLE = 'ページが表示できませんでした';

/** The 404 description of SPEC §2. */
export const NOT_FOUND_DESCRIPTION =
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

/** The message of a route that fails its own validation (SPEC §5). */
export function pageNotFoundMessage(path: string): string {
  return `Page Not Found: ${path}`;
}

/**
 * The one error module: DataNotFoundError with the messages of SPEC §8, the "handled" flag, the error-screen
 * titles of SPEC §2, and the one place that decides what goes to error reporting.
 */

/** The DataNotFoundError messages of SPEC §8, verbatim. */
export const DATA_NOT_FOUND_MESSAGES = [
  'areas not found.',
  'count not found.',
  'product not found.',
  'products not found.',
  'filter option not found.',
  'product qty not found.',
  'product receive not found.',
  'cart not found.',
  'draft order not found.',
  'Something went wrong.',
] as const;

export type DataNotFoundMessage = (typeof DATA_NOT_FOUND_MESSAGES)[number];

export interface DataNotFoundErrorDetails {
  /** HTTP status of the failed call; 0 when no response arrived (network error or timeout). */
  status?: number;
  /** The call that failed, e.g. `GET /catalog/products?page=3`, so a failed build names it. */
  endpoint?: string;
  /** The API's machine-readable error code, when it sent one. */
  code?: string | undefined;
  /** True when trying again may succeed (5xx, 429, timeout, network error, malformed body). */
  retryable?: boolean;
  cause?: unknown;
}

/** A catalog call that did not give the data asked for. */
export class DataNotFoundError extends Error {
  override readonly name = 'DataNotFoundError';
  readonly status: number;
  readonly endpoint: string;
  readonly code: string | undefined;
  readonly retryable: boolean;
  /** Set once the UI has shown this error to the user; handled errors are not reported. */
  handled = false;

  constructor(message: DataNotFoundMessage, details: DataNotFoundErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.status = details.status ?? 0;
    this.endpoint = details.endpoint ?? '';
    this.code = details.code;
    this.retryable = details.retryable ?? false;
  }

  /** The message with the endpoint and status, for logs and build failures. */
  describe(): string {
    if (!this.endpoint) return this.message;
    return `${this.message} (${this.endpoint}${this.status ? ` → ${this.status}` : ''})`;
  }
}

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

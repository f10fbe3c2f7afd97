/**
 * Fatal errors: a page's code that cannot start. On their own, like data-not-found-error.ts, because the
 * script every page runs imports them and the rest of the error module (errors.ts) would ride along.
 */
/** Marks an error as fatal: the page cannot go on, and the error screen replaces it. Returns the same error. */
function markFatal<E>(error: E): E {
  if (error instanceof Error) Object.assign(error, { fatal: true });
  return error;
}

/** True for an error marked fatal. */
export function isFatal(error: unknown): boolean {
  return error instanceof Error && (error as Error & { fatal?: unknown }).fatal === true;
}

/**
 * A page's code failed to start: logged, and passed as a fatal error to the page's error handler (the
 * listener every page carries), which shows the error screen and reports it. `reportError` hands it to the
 * window's error event as an uncaught error would be.
 */
export function failStartup(error: unknown): void {
  console.error('start-up failed:', error);
  const fatal = markFatal(error instanceof Error ? error : new Error(String(error)));
  if (typeof globalThis.reportError === 'function') globalThis.reportError(fatal);
  else
    setTimeout(() => {
      throw fatal;
    });
}

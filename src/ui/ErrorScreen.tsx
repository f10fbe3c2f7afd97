/**
 * The generic error screen: the word ERROR, the status code, its title, an optional description and the
 * way home. One component for the 404 page (rendered to static HTML) and the islands (an unknown alias, a
 * failed load); titles come from errorScreen() in src/lib/errors.ts.
 */
import type { ReactNode } from 'react';
import { errorScreen, pageNotFoundMessage } from '../lib/errors.ts';
import { t } from './shared-strings.ts';

export function ErrorScreen({
  statusCode,
  description,
  children,
  title,
  home,
}: {
  statusCode: number;
  description?: string | undefined;
  children?: ReactNode;
  /** The title when not the page language's (chat pages' fatal screen: each chat language's). */
  title?: ReactNode;
  /** The way home when not the site's home in the page's language. */
  home?: { href: string; label: ReactNode };
}) {
  const screen = errorScreen(statusCode, description);
  return (
    <section
      className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center"
      aria-labelledby="error-title"
    >
      <p className="text-sm font-bold tracking-[0.3em] text-secondary">{t('error.word')}</p>
      <p className="text-5xl font-bold" data-testid="error-status">
        {screen.statusCode}
      </p>
      <h1 id="error-title" className="text-lg font-bold">
        {title ?? screen.title}
      </h1>
      {screen.description && <p className="text-sm text-secondary">{screen.description}</p>}
      {children}
      <a
        href={home?.href ?? '/'}
        className="mt-4 inline-block rounded border border-primary px-6 py-3 font-bold hover:bg-primary hover:text-white"
      >
        {home?.label ?? t('error.home')}
      </a>
    </section>
  );
}

/** A per-visitor URL whose alias fails the route's own check: 404 with "Page Not Found: {path}". */
export function PageNotFoundView({ path }: { path: string }) {
  return (
    <ErrorScreen statusCode={404}>
      <p className="break-all text-sm text-secondary">{pageNotFoundMessage(path)}</p>
    </ErrorScreen>
  );
}

/**
 * A failed load on a per-visitor page: the error screen for its status (503 when no response came), with a
 * retry button unless the thing does not exist (404), where trying again cannot help.
 */
export function LoadErrorView({
  status,
  description,
  onRetry,
}: {
  status: number;
  description?: string | undefined;
  onRetry: () => void;
}) {
  return (
    <ErrorScreen statusCode={status || 503} description={description}>
      {status !== 404 && (
        <button
          type="button"
          onClick={onRetry}
          className="min-h-11 rounded bg-primary px-6 font-bold text-white hover:bg-black"
        >
          {t('error.retry')}
        </button>
      )}
    </ErrorScreen>
  );
}

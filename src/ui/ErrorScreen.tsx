/**
 * The generic error screen: the word ERROR, the status code, its title, an optional description and the
 * way home, in the page's language (the spec's Japanese titles on the web catalogue, the visitor's language
 * in chat, src/i18n/errors/) and leading to the mode's home. One component for the 404 page (rendered to
 * static HTML) and the islands (an unknown alias, a failed load).
 */
import type { ReactNode } from 'react';
import { errors } from '../i18n/errors/part.ts';
import { strings } from '../i18n/index.ts';
import { errorTitleKey, pageNotFoundMessage } from '../lib/errors.ts';
import { homeHref } from '../lib/mode-routes.ts';
import { t } from './shared-strings.ts';

const tError = await strings(errors);

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
  /** The way home when not the mode's home (the site's, or chat's) in the page's language. */
  home?: { href: string; label: ReactNode };
}) {
  const shown = description ?? (statusCode === 404 ? tError('error.notFound.description') : undefined);
  return (
    <section
      className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center"
      aria-labelledby="error-title"
    >
      <p className="text-sm font-bold tracking-[0.3em] text-secondary">{t('error.word')}</p>
      <p className="text-5xl font-bold" data-testid="error-status">
        {statusCode}
      </p>
      <h1 id="error-title" className="text-lg font-bold">
        {title ?? tError(errorTitleKey(statusCode))}
      </h1>
      {shown && <p className="text-sm text-secondary">{shown}</p>}
      {children}
      <a
        href={home?.href ?? homeHref()}
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

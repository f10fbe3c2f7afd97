/**
 * The error handler every page carries, a few hundred bytes: it listens for uncaught errors and unhandled
 * rejections and shows the error screen for a fatal one. When error reporting is configured, the first
 * error worth reporting loads the reporting SDK (error-reporter.ts); that error and every later one wait
 * for the import, in order, and are handed over by REPORT_EVENT (the reporter is a module built on its
 * own). A page without errors never loads the SDK.
 */
import { isFatal } from '../../lib/fatal-error.ts';
import type { TelemetryConfig } from '../../lib/telemetry-config.ts';
// Built as a module of its own (no shared chunks, no preload helper): its URL, imported on the first error.
import reporterUrl from './error-reporter.ts?worker&url';
import { REPORT_EVENT, type ReportDetail, shouldReport } from './error-rules.ts';

/** Replaces the page with the error screen the layout keeps in `<template id="error-screen">` (once). */
function showErrorScreen(): void {
  const template = document.getElementById('error-screen');
  if (!(template instanceof HTMLTemplateElement) || !template.content.firstChild) return;
  document.title = template.dataset.title ?? document.title;
  // Moved, not copied: the template is left empty, so a second fatal error changes nothing.
  document.body.replaceChildren(template.content);
}

/** Starts the page's error handler with the build's configuration. */
export function listenForErrors(config: TelemetryConfig): void {
  let reporter: Promise<unknown> | undefined;

  const handle = (error: unknown) => {
    const fatal = isFatal(error);
    if (fatal) showErrorScreen();
    if (!config.dsn || !shouldReport(error)) return;
    const detail: ReportDetail = { config, error, fatal };
    // The first error loads the reporter; every error waits for it, in the order they came.
    reporter ??= import(/* @vite-ignore */ reporterUrl);
    reporter.then(
      () => dispatchEvent(new CustomEvent(REPORT_EVENT, { detail })),
      (failure: unknown) => console.warn('error reporting unavailable:', failure),
    );
  };

  addEventListener('error', (event) => handle(event.error ?? event.message));
  addEventListener('unhandledrejection', (event) => handle(event.reason));
}

/**
 * The error handler every page carries, a few hundred bytes: it listens for uncaught errors and unhandled
 * rejections, shows the error screen for a fatal one, and, when error reporting is configured, queues what
 * is to be reported and loads the reporting SDK (error-reporter.ts) on the first such error, then hands it
 * the queue and every later error (by REPORT_EVENT: the reporter is a module built on its own). A page without errors never loads the SDK.
 */
import { isFatal } from '../../lib/fatal-error.ts';
import type { TelemetryConfig } from '../../lib/telemetry-config.ts';
// Built as a module of its own (no shared chunks, no preload helper): its URL, imported on the first error.
import reporterUrl from './error-reporter.ts?worker&url';
import { REPORT_EVENT, type ReportDetail, shouldReport } from './error-rules.ts';

/** Replaces the page with the error screen the layout keeps in `<template id="error-screen">`. */
function showErrorScreen(): void {
  const template = document.getElementById('error-screen');
  if (!(template instanceof HTMLTemplateElement) || document.body.dataset.errorScreen !== undefined) return;
  document.body.replaceChildren(template.content.cloneNode(true));
  document.body.dataset.errorScreen = '';
  document.title = template.dataset.title ?? document.title;
}

/** Starts the page's error handler with the build's configuration. */
export function listenForErrors(config: TelemetryConfig): void {
  const queue: ReportDetail[] = [];
  let loaded = false;
  let loading = false;
  const send = (detail: ReportDetail) => dispatchEvent(new CustomEvent(REPORT_EVENT, { detail }));

  const handle = (error: unknown) => {
    const fatal = isFatal(error);
    if (fatal) showErrorScreen();
    if (!config.dsn || !shouldReport(error)) return;
    if (loaded) {
      send({ config, error, fatal });
      return;
    }
    queue.push({ config, error, fatal });
    if (loading) return;
    loading = true;
    import(/* @vite-ignore */ reporterUrl)
      .then(() => {
        loaded = true;
        for (const detail of queue.splice(0)) send(detail);
      })
      .catch((failure: unknown) => console.warn('error reporting unavailable:', failure));
  };

  addEventListener('error', (event) => handle(event.error ?? event.message));
  addEventListener('unhandledrejection', (event) => handle(event.reason));
}

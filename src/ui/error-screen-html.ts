/**
 * The error screen a fatal error shows (ErrorScreen, status 500) as HTML, rendered once per build: every
 * page carries it in a `<template>`, and rendering the React component on each of 120,000 pages cost the
 * build a React render per page. Build-time only.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { ErrorScreen } from './ErrorScreen.tsx';

let html: string | undefined;

/** The 500 error screen's markup; React escapes every text in it. */
export function fatalErrorScreenHtml(): string {
  html ??= renderToStaticMarkup(createElement(ErrorScreen, { statusCode: 500 }));
  return html;
}

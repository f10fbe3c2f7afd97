/**
 * The error screen a fatal error shows (ErrorScreen, status 500) as HTML, rendered once per build: every
 * page carries it in a `<template>`, and rendering the React component on each of 120,000 pages cost the
 * build a React render per page. Build-time only.
 */
import { createElement, Fragment } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { translate } from '../i18n/build-time.ts';
import type { MessageKey } from '../i18n/index.ts';
import { ErrorScreen } from './ErrorScreen.tsx';

/** Chat's languages with their `lang` (as the chat layout's Say.astro writes them). */
const CHAT_LANGUAGES = [
  ['en', 'en'],
  ['zh', 'zh-Hans'],
  ['ko', 'ko'],
] as const;

let html: string | undefined;

/** The 500 error screen's markup; React escapes every text in it. */
export function fatalErrorScreenHtml(): string {
  html ??= renderToStaticMarkup(createElement(ErrorScreen, { statusCode: 500 }));
  return html;
}

/** A text in every chat language, one `<span data-l>` each: the chat layout's stylesheet shows the visitor's. */
function inEveryChatLanguage(key: MessageKey) {
  return createElement(
    Fragment,
    null,
    ...CHAT_LANGUAGES.map(([language, lang]) =>
      createElement('span', { key: language, 'data-l': language, lang }, translate(language, key)),
    ),
  );
}

let chatHtml: string | undefined;

/** The 500 error screen of chat pages: its title and the way back to chat in each chat language. */
export function chatFatalErrorScreenHtml(): string {
  chatHtml ??= renderToStaticMarkup(
    createElement(ErrorScreen, {
      statusCode: 500,
      title: inEveryChatLanguage('error.fatal.title'),
      home: { href: '/chat/', label: inEveryChatLanguage('error.fatal.home') },
    }),
  );
  return chatHtml;
}

/**
 * What every chat island starts with: chat mode in the visitor's language (set on `<html>` by the head
 * script; src/lib/mode.ts), i18next in it, installed for the screens chat shares with the web catalogue,
 * then the island's content.
 * Nothing renders until the strings are loaded, so no other language ever shows.
 */
import type { i18n as I18n } from 'i18next';
import { type ReactNode, useEffect, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { enterChat } from '../../lib/mode.ts';
import { createChatI18n, installChatI18n } from './chat-i18n.ts';
import { type ChatLanguage, chatLanguageOf } from './language.ts';

/** The visitor's language as the head script set it. */
function pageLanguage(): ChatLanguage {
  return chatLanguageOf(document.documentElement.getAttribute('data-chat-language'));
}

export function ChatScreen({ children }: { children: (language: ChatLanguage) => ReactNode }) {
  const [ready, setReady] = useState<{ i18n: I18n; language: ChatLanguage }>();
  useEffect(() => {
    const language = pageLanguage();
    // Chat mode from here on: the pages this island leads to, the bag's calls and the search are chat's.
    enterChat(language);
    let live = true;
    void createChatI18n(language).then((i18n) => {
      if (!live) return;
      installChatI18n(i18n);
      setReady({ i18n, language });
    });
    return () => {
      live = false;
    };
  }, []);
  if (!ready) return null;
  return <I18nextProvider i18n={ready.i18n}>{children(ready.language)}</I18nextProvider>;
}

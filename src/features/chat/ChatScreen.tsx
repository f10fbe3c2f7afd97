/**
 * What every chat island starts with: chat mode in the visitor's language (set on `<html>` by the head
 * script; src/lib/mode.ts), prices and dates worded in it, then the island's content. The strings of that
 * language were loaded before this module ran (src/i18n/index.ts), so no other language ever shows.
 */
import { type ReactNode, useLayoutEffect, useState } from 'react';
import { enterChat } from '../../lib/mode.ts';
import { installChatLanguage } from './chat-i18n.ts';
import { type ChatLanguage, pageChatLanguage } from './language.ts';

export function ChatScreen({
  built = null,
  children,
}: {
  /**
   * What the page was built with, for an island rendered on the server too (Astro gives it as the
   * island's children): kept until the island's content takes its place.
   */
  built?: ReactNode;
  children: (language: ChatLanguage) => ReactNode;
}) {
  const [language, setLanguage] = useState<ChatLanguage>();
  // Before the first paint: the page's built content (a greeting, a loading line) gives way to the island's
  // without a blank frame between them.
  useLayoutEffect(() => {
    const language = pageChatLanguage(document);
    // Chat mode from here on: the pages this island leads to, the bag's calls and the search are chat's.
    enterChat(language);
    installChatLanguage(language);
    setLanguage(language);
  }, []);
  if (!language) return built;
  return children(language);
}

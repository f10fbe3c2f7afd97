/**
 * The site's one mode: the web catalogue (Japanese), or chat mode in the visitor's language. Chat mode's
 * islands enter it once (`enterChat`, from the chat screen); from then on the routes lead to the /chat/
 * pages (routes.ts), the bag page's calls ask the API in that language, and the conversation searches that
 * language's index (adding to the bag takes the language from chat's product instead: add-to-bag.ts).
 * Small on purpose: one atom, no other import.
 */
import { atom, type ReadableAtom } from 'nanostores';

/** The languages chat mode speaks; Chinese is Simplified Chinese. */
export type ChatLanguage = 'en' | 'zh' | 'ko';

export type Mode = { kind: 'web' } | { kind: 'chat'; language: ChatLanguage };

const mode = atom<Mode>({ kind: 'web' });

/** The mode this page is in: the web catalogue until a chat island enters chat mode. */
export const $mode: ReadableAtom<Mode> = mode;

/** Chat mode in `language`, for the rest of the page's life. */
export function enterChat(language: ChatLanguage): void {
  mode.set({ kind: 'chat', language });
}

/** Chat mode's language, or undefined on the web. */
export function chatLanguageNow(): ChatLanguage | undefined {
  const now = mode.get();
  return now.kind === 'chat' ? now.language : undefined;
}

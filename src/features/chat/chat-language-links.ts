/**
 * The language links of a Japanese page served for many addresses (the QR, order and address shells): the
 * build knew only the shell's path, so once the page runs each link is pointed at the chat counterpart of
 * the address itself (chatPageOf), keeping the alias: the Japanese QR page's English link opens the same QR
 * in chat.
 */
import { chatPageOf, withLanguage } from './language.ts';

/** Points every `a[data-chat-language]` of the document at this address's chat page in its language. */
export function pointChatLanguageLinks(document: Document, pathname: string): void {
  const target = chatPageOf(pathname);
  for (const link of document.querySelectorAll<HTMLAnchorElement>('a[data-chat-language]')) {
    link.href = withLanguage(target, link.dataset.chatLanguage ?? 'en');
  }
}

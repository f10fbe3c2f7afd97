/**
 * The head script of every Japanese catalogue page, a classic script run before anything is painted, kept
 * to a few hundred bytes because every Japanese page pays for it. A visitor who chose Japanese, whose
 * browser language starts with `ja` or who names none stays, and nothing more loads. Anyone else might be
 * sent to chat, but first the bot detector must say no: the page is hidden (nothing Japanese flashes)
 * while redirect-check.ts loads with the detector, which redirects or shows the page. `?lang=ja` (the chat
 * switcher's link back) stores the choice first. Built by src/engine/files/head-scripts.ts; a strict CSP
 * allows it as 'self'.
 */
import { localeCookie, mayGoToChat } from './language.ts';

/** The URL of redirect-check.ts as built, put in by the build. */
declare const __CHAT_REDIRECT_CHECK__: string;

const html = document.documentElement;
const show = () => {
  html.style.visibility = '';
};
try {
  if (/[?&]lang=ja(&|$)/.test(location.search)) {
    // biome-ignore lint/suspicious/noDocumentCookie: a head script decides synchronously; the Cookie Store API is asynchronous (and missing in older browsers).
    document.cookie = localeCookie('ja', location.protocol === 'https:');
  }
  if (mayGoToChat(location.pathname, navigator.languages?.[0] ?? navigator.language ?? '', document.cookie)) {
    html.style.visibility = 'hidden';
    const check = document.createElement('script');
    check.src = __CHAT_REDIRECT_CHECK__;
    // Ahead of the hidden page's picture and scripts (an inserted script is otherwise fetched at low
    // priority): everything this visitor sees waits on the check.
    check.fetchPriority = 'high';
    check.onerror = show;
    document.head.append(check);
    // Whatever happens to the check, the Japanese page never stays hidden.
    setTimeout(show, 3000);
  }
} catch {
  show();
}

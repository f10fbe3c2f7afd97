/**
 * The second step of the chat redirect (see redirect-script.ts), loaded only for a visitor who might be
 * sent to chat: asks the bot detector, then redirects or shows the Japanese page. Crawlers and
 * link-preview bots are never redirected: the Japanese pages carry the canonical URLs and structured data.
 */
import { isbot } from 'isbot';
import { keepCarriedPicture } from './carried-picture.ts';
import { carriedId, chatRedirect, STORED_LISTS_KEY } from './language.ts';

/** The catalogue's stored lists (an area page's brand filter), when storage can be read at all. */
function storedLists(): string | null {
  try {
    return sessionStorage.getItem(STORED_LISTS_KEY);
  } catch {
    return null;
  }
}

const target = chatRedirect({
  pathname: location.pathname,
  languages: navigator.languages?.length ? navigator.languages : [navigator.language ?? ''],
  cookie: document.cookie,
  bot: isbot(navigator.userAgent),
  storedLists: storedLists(),
});
/**
 * Leaves for chat. From a product page, the picture chat opens the product with goes along (the page names
 * it, `data-chat-picture`; carried-picture.ts): the chat page shows it before its own code has loaded. That
 * part of the page may not be parsed yet when this runs (the check is an async script); then the redirect
 * waits for the end of parsing, not for the page's scripts.
 */
function leaveFor(chatPage: string): void {
  const productId = carriedId(new URL(chatPage, location.href).searchParams.get('productId') ?? '');
  const product = () => document.querySelector<HTMLElement>('[data-chat-picture]');
  if (productId > 0 && !product() && document.readyState === 'loading') {
    document.addEventListener('readystatechange', () => leaveFor(chatPage), { once: true });
    return;
  }
  const picture = product()?.dataset.chatPicture;
  if (productId > 0 && picture) keepCarriedPicture(productId, picture);
  location.replace(chatPage);
}

if (target) leaveFor(target);
else document.documentElement.style.visibility = '';

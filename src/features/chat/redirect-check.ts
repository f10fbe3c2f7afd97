/**
 * The second step of the chat redirect (see redirect-script.ts), loaded only for a visitor who might be
 * sent to chat: asks the bot detector, then redirects or shows the Japanese page. Crawlers and
 * link-preview bots are never redirected: the Japanese pages carry the canonical URLs and structured data.
 */
import { isbot } from 'isbot';
import { chatRedirect, STORED_LISTS_KEY } from './language.ts';

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
if (target) location.replace(target);
else document.documentElement.style.visibility = '';

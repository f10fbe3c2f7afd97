/**
 * The head script of every chat page (a classic script, run before anything is painted): puts the
 * visitor's language on `<html lang>` (which shows that language's static text, see ChatLayout.astro) and
 * into the title and description. `?lang=` in the address (the language switcher's links) stores the chosen
 * locale first; an address opening a product (`?product=`) is marked on `<html>`. The switcher's links are
 * built for the page's path as the build knew it; once the page is parsed, and again as one is followed,
 * they are pointed at the address as it is now (switcherHref), so a switch keeps the QR's alias, the open
 * product and the rest of the screen. Built into its own small file by src/engine/files/head-scripts.ts.
 */
import { applyChatLanguage, storeChosenLocale, switcherHref } from './language.ts';

try {
  storeChosenLocale(location, document);
  applyChatLanguage(document, navigator.languages?.length ? navigator.languages : [navigator.language ?? '']);
  // A brand page opened on a product shows it above its list: its built list is not shown until the island
  // has put the product there (ChatBrandProducts.astro), or the product's arrival would move the list.
  if (new URLSearchParams(location.search).has('product')) {
    document.documentElement.setAttribute('data-opens-product', '');
  }
} catch {
  // The page stays in English, its built language.
}

/** Points the switcher's links at this address; the page may name its Japanese page on `<html>`. */
function pointSwitcher(): void {
  const japanesePage = document.documentElement.getAttribute('data-japanese-page');
  for (const link of document.querySelectorAll<HTMLAnchorElement>('a[data-locale]')) {
    link.href = switcherHref(location, link.getAttribute('data-locale') ?? '', japanesePage);
  }
}

try {
  document.addEventListener('DOMContentLoaded', pointSwitcher);
  // An island may have changed the address or named a Japanese page since: point again before leaving.
  document.addEventListener('pointerdown', pointSwitcher, { capture: true });
  document.addEventListener('click', pointSwitcher, { capture: true });
} catch {
  // The links keep the page's built address.
}

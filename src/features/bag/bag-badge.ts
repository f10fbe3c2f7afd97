/**
 * The header's bag count (BagBadge.astro's markup) in plain TypeScript over the `$bagCount` store, so a
 * page whose only interaction is the header ships no React. Started by the layout's one page script.
 */
import { whenIdleAfterLoad } from '../../lib/after-load.ts';
import { $bagCount, ensureBagCount, restoreBagCount } from './bag-store.ts';

function render(count: number): void {
  for (const badge of document.querySelectorAll<HTMLElement>('[data-bag-badge]')) {
    badge.hidden = count === 0;
    const digits = badge.querySelector('[data-bag-badge-count]');
    const label = badge.querySelector('[data-bag-badge-label]');
    if (digits) digits.textContent = count > 99 ? '99+' : String(count);
    if (label) label.textContent = (badge.dataset.label ?? '{count}').replace('{count}', String(count));
  }
}

/** Shows the bag count on the page's badges, if it has any. */
export function startBagBadges(): void {
  if (!document.querySelector('[data-bag-badge]')) return;
  restoreBagCount();
  $bagCount.subscribe(({ count }) => render(count));
  // The stored count shows at once; the server's is asked for once the page and its pictures have loaded.
  whenIdleAfterLoad(ensureBagCount);
  // A page restored from the back-forward cache shows the count the tab has now, not the one it left with.
  addEventListener('pageshow', (event) => {
    if (event.persisted) restoreBagCount();
  });
}

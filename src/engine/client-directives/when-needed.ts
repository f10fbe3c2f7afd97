/**
 * `client:when-needed`: an island that wakes (loads its framework and hydrates) only when the visitor needs
 * it. The area and brand lists come with page 1 in the HTML, so until the shopper nears the list's end or
 * touches the island there is nothing for React to do; yet React with Astro's renderer is most of such a
 * page's JavaScript and of its main-thread work (docs/performance.md). This directive wakes the island:
 *
 * - at once when the visitor has stored state for it (sessionStorage, the `session` key's `lists[list]`,
 *   src/features/catalogue/area-list-store.ts): a returning shopper's loaded pages and place come back as
 *   before;
 * - when an element marked `data-wake-near` (the list's end) comes within WAKE_MARGIN_PX of the screen, so
 *   the next page is on its way before the shopper reaches the end, as with an island awake from the start;
 * - on the first pointerdown, focusin or keydown inside it;
 * - at once without IntersectionObserver (old browsers), where the island's own button loads the next pages.
 *
 * A click before the island is awake would do nothing (a React button has no behaviour yet): it is held and
 * given again, as pointerdown then click, to the same element once the island has hydrated. Links and
 * `<summary>` work without scripts, so their clicks go through at once. An island inside another (the area's
 * brand filter inside its list) wakes with it, as a touch inside it is inside both, and hydrates after it.
 *
 * Registered by client-directives.ts beside it; Astro inlines it, bundled, in the pages that use it.
 */
import type { ClientDirective } from 'astro';

/** What a page gives the directive: where the island's stored state would be. */
export interface WhenNeededOptions {
  /** The sessionStorage key of the stored lists. */
  session: string;
  /** This island's key in the stored value's `lists`. */
  list: string;
}

declare global {
  namespace Astro {
    interface ClientDirectives {
      'client:when-needed'?: WhenNeededOptions;
    }
  }
}

/** How far below the screen (px) the list's end wakes the island: its code arrives before the end does. */
export const WAKE_MARGIN_PX = 1000;

/** The interactions that wake the island. */
const INTERACTIONS = ['pointerdown', 'focusin', 'keydown'] as const;

/** Clicks that need no script: they are never held. */
const WORKS_WITHOUT_SCRIPT = 'a[href], summary';

/** True when sessionStorage holds state for the list (any value; the list's store judges it). */
export function hasStoredState(options: WhenNeededOptions | undefined): boolean {
  if (!options) return false;
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(options.session) ?? 'null');
    const lists = (stored as { lists?: unknown } | null)?.lists;
    return typeof lists === 'object' && lists !== null && Object.hasOwn(lists, options.list);
  } catch {
    // No storage (blocked) or not JSON: nothing to restore.
    return false;
  }
}

const whenNeeded: ClientDirective = (load, { value }, el) => {
  const options = typeof value === 'object' ? (value as WhenNeededOptions | null) : null;
  let state: 'asleep' | 'waking' | 'awake' = 'asleep';
  let held: HTMLElement | undefined;
  let observer: IntersectionObserver | undefined;

  async function wake(): Promise<void> {
    if (state !== 'asleep') return;
    state = 'waking';
    for (const type of INTERACTIONS) el.removeEventListener(type, wake, true);
    observer?.disconnect();
    try {
      const hydrate = await load();
      await hydrate();
      // An island inside another hydrates only after the one around it (Astro waits for that island's
      // `astro:hydrate`): the tap is given again once this one has.
      if (el.hasAttribute('ssr')) {
        await new Promise((resolve) => el.addEventListener('astro:hydrate', resolve, { once: true }));
      }
    } finally {
      state = 'awake';
      el.removeEventListener('click', hold, true);
      const target = held;
      held = undefined;
      if (target?.isConnected) {
        // The tap again, as the browser gives it: pointerdown first. React, finding its hydration still
        // under way, finishes it synchronously on that discrete event, so the click that follows toggles a
        // checkbox React already tracks (a click first would toggle it mid-hydration, and the change be lost).
        target.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, composed: true }));
        target.click();
      }
    }
  }

  function hold(event: MouseEvent): void {
    const target = event.target;
    if (state === 'awake' || !(target instanceof HTMLElement) || target.closest(WORKS_WITHOUT_SCRIPT)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    held = target;
    void wake();
  }

  el.addEventListener('click', hold, true);
  for (const type of INTERACTIONS) el.addEventListener(type, wake, { capture: true, passive: true });

  if (hasStoredState(options ?? undefined) || typeof IntersectionObserver === 'undefined') {
    void wake();
    return;
  }
  observer = new IntersectionObserver(
    (entries) => {
      if (entries.some((entry) => entry.isIntersecting)) void wake();
    },
    { rootMargin: `0px 0px ${WAKE_MARGIN_PX}px 0px` },
  );
  for (const marker of el.querySelectorAll('[data-wake-near]')) observer.observe(marker);
};

export default whenNeeded;

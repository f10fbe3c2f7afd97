/**
 * The first-visit check every page runs (started by the layout's one page script): only a visitor who has
 * not seen the dialog loads its code (onboarding-dialog.ts), after the page has loaded and when the main
 * thread is idle, never in the way of the first paint.
 */
// Built as a module of its own (it imports nothing), loaded by URL: no preload helper on every page.

import { whenIdleAfterLoad } from '../../lib/after-load.ts';
import dialogUrl from './onboarding-dialog.ts?worker&url';
import { ONBOARDING_SEEN_EVENT } from './onboarding-events.ts';
import { markOnboardingSeen, shouldOfferOnboarding } from './onboarding-store.ts';

export function startOnboarding(): void {
  if (!shouldOfferOnboarding(location.pathname)) return;
  addEventListener(ONBOARDING_SEEN_EVENT, markOnboardingSeen, { once: true });
  // The dialog opens when its module runs.
  whenIdleAfterLoad(() => import(/* @vite-ignore */ dialogUrl));
}

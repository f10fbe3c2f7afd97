/**
 * The onboarding dialog's seen flag: the dialog appears on a first visit, the flag is kept in
 * localStorage, and it is set at once on the chat, cart, qr, order and address routes. Layouts decide with
 * `shouldOfferOnboarding(location.pathname)` whether to load the dialog's code at all; this module stays
 * tiny because every page runs it.
 */
import { atom } from 'nanostores';
import { readStored, writeStored } from '../../lib/storage.ts';

export const ONBOARDING_KEY = 'onboarding-seen:v1';

/**
 * Routes that mark the dialog seen at once (and never show it): the bag, QR, order and address screens, and
 * every chat page (the dialog is the Japanese catalogue's welcome; chat greets in the visitor's language).
 */
const SEEN_AT_ONCE = /^\/(?:chat|cart|qr|order|address)(?:\/|$)/;

const isTrue = (value: unknown): value is true => value === true;

/** True once the visitor has seen the dialog. */
export const $onboardingSeen = atom<boolean>(false);

/** Reads the stored flag. */
export function hasSeenOnboarding(): boolean {
  const seen = readStored('local', ONBOARDING_KEY, isTrue, false);
  $onboardingSeen.set(seen);
  return seen;
}

/** Marks the dialog seen, for good. */
export function markOnboardingSeen(): void {
  writeStored('local', ONBOARDING_KEY, true);
  $onboardingSeen.set(true);
}

/** True on the routes that mark the dialog seen at once (they carry no dialog: BaseLayout.astro). */
export function marksOnboardingSeen(pathname: string): boolean {
  return SEEN_AT_ONCE.test(pathname);
}

/**
 * Whether this page should load the dialog: not on the routes that mark it seen (which mark it now), not
 * once seen.
 */
export function shouldOfferOnboarding(pathname: string): boolean {
  if (marksOnboardingSeen(pathname)) {
    markOnboardingSeen();
    return false;
  }
  return !hasSeenOnboarding();
}

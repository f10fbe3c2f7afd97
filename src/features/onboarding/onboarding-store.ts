/**
 * The onboarding dialog's seen flag, kept in localStorage: its inline script (onboarding-open.ts) reads it
 * and sets it when the dialog closes, and the chat, cart, qr, order and address routes, which carry no
 * dialog, set it at once. Every page runs `markSeenAtOnce`, so this module stays tiny.
 */
import { writeStored } from '../../lib/storage.ts';

export const ONBOARDING_KEY = 'onboarding-seen:v1';

/**
 * Routes that mark the dialog seen at once (and never show it): the bag, QR, order and address screens, and
 * every chat page (the dialog is the Japanese catalogue's welcome; chat greets in the visitor's language).
 */
const SEEN_AT_ONCE = /^\/(?:chat|cart|qr|order|address)(?:\/|$)/;

/** True on the routes that mark the dialog seen at once (they carry no dialog: BaseLayout.astro). */
export function marksOnboardingSeen(pathname: string): boolean {
  return SEEN_AT_ONCE.test(pathname);
}

/** Marks the dialog seen, for good, on the routes that mark it at once; elsewhere leaves the flag alone. */
export function markSeenAtOnce(pathname: string): void {
  if (marksOnboardingSeen(pathname)) writeStored('local', ONBOARDING_KEY, true);
}

/**
 * The terms-agreed flag (SPEC §3 client state): set when the shopper agrees in the final-confirmation
 * dialog, kept in localStorage under a versioned key, validated on read.
 */
import { atom } from 'nanostores';
import { readStored, writeStored } from '../../lib/storage.ts';

export const TERMS_KEY = 'terms-agreed:v1';

const isTrue = (value: unknown): value is true => value === true;

/** True once the shopper has agreed to the terms on this device. */
export const $termsAgreed = atom<boolean>(false);

/** Reads the stored flag (call on page load; the server render always starts from false). */
export function restoreTermsAgreed(): void {
  $termsAgreed.set(readStored('local', TERMS_KEY, isTrue, false));
}

/** Records the agreement. */
export function agreeToTerms(): void {
  $termsAgreed.set(true);
  writeStored('local', TERMS_KEY, true);
}

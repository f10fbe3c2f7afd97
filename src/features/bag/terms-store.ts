/**
 * The terms-agreed flag: set when the shopper agrees in the final-confirmation dialog, kept in localStorage
 * under a versioned key, validated when read. The server render has no storage and starts from false; no
 * markup depends on the flag, so the browser reading it at once causes no hydration mismatch.
 */
import { atom } from 'nanostores';
import { readStored, writeStored } from '../../lib/storage.ts';

const TERMS_KEY = 'terms-agreed:v1';

const isTrue = (value: unknown): value is true => value === true;

/** True once the shopper has agreed to the terms on this device. */
export const $termsAgreed = atom<boolean>(readStored('local', TERMS_KEY, isTrue, false));

/** Records the agreement. */
export function agreeToTerms(): void {
  $termsAgreed.set(true);
  writeStored('local', TERMS_KEY, true);
}

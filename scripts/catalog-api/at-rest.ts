/**
 * How the secrets visitors hold are kept in the database: never as given out. A session id or an alias
 * (each 192 or 256 random bits) is stored as its SHA-256 and looked up by it, so a copy of the database
 * opens no bag, order or address. Where one link must lead to another (the QR's draft to the order it
 * became, an order to its shipments, a shipment to its order, a counter code to its draft and back), the
 * other is stored sealed (AES-256-GCM) with a key derived from the link that leads to it: only a holder of
 * that link opens it.
 * No salt or key stretching is needed: the values are random and as long as the hash. The counter code
 * (counter-code.ts) is the exception, 40 bits: what it opens is the draft alias, which the QR shows to
 * anyone at the counter, and its columns are cleared once the draft is no longer pending.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/** What a sealed alias is, for the key: which link opens it. */
export type SealPurpose =
  | 'order-of-draft'
  | 'shipment-of-order'
  | 'order-of-shipment'
  | 'draft-of-counter-code'
  | 'counter-code-of-draft';

/** The stored form of a session id or an alias: its SHA-256, base64url (43 characters). */
export function atRest(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url');
}

function keyOf(purpose: SealPurpose, link: string): Buffer {
  return createHash('sha256').update(`gift-catalogue seal v1\0${purpose}\0${link}`).digest();
}

/** `value` sealed so that only a holder of `link` opens it: base64url of IV, ciphertext and tag. */
export function seal(purpose: SealPurpose, link: string, value: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(purpose, link), iv);
  const body = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
}

/** The value sealed with `link`, or null when it was not (another link, or damaged). */
export function unseal(purpose: SealPurpose, link: string, sealed: string): string | null {
  const bytes = Buffer.from(sealed, 'base64url');
  if (bytes.length < 12 + 16) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(purpose, link), bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(bytes.length - 16));
    return Buffer.concat([decipher.update(bytes.subarray(12, bytes.length - 16)), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return null;
  }
}

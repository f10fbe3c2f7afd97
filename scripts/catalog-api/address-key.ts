/**
 * Delivery addresses sealed at rest: AES-256-GCM under a key the database never holds. The keys come from
 * CATALOG_ADDRESS_KEYS (`id:key,…`, each key 32 random bytes in base64 or base64url, made by
 * `npm run api -- --new-address-key`); the first seals, every one listed opens, so a key is rotated by
 * putting a new one first, running `npm run api -- --rotate-address-keys` (every address sealed again with
 * the first key), then dropping the old one. Each sealed address names its key and is bound to its shipment
 * (the shipment's stored alias is the authenticated data): a sealed address copied onto another shipment
 * does not open.
 *
 * A copy of the database without the keys holds no address in plain text: only each shipment's summary
 * (prefecture, municipality, what anyone holding the shipment's link sees), kept after the address itself
 * is deleted some days after shipping (CATALOG_ADDRESS_RETENTION_DAYS, orders.ts).
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Store } from './store.ts';

const KEY_ID = /^[A-Za-z0-9_-]{1,16}$/;
const FORMAT = 'a1';

export interface AddressKey {
  id: string;
  key: Buffer;
}

/** A new key line for CATALOG_ADDRESS_KEYS, named `id`. */
export function newAddressKey(id: string): string {
  if (!KEY_ID.test(id)) throw new Error('a key id is 1–16 of A–Z a–z 0–9 _ -');
  return `${id}:${randomBytes(32).toString('base64url')}`;
}

/** Parses CATALOG_ADDRESS_KEYS; throws naming the entry at fault, never a key. */
export function parseAddressKeys(raw: string): AddressKey[] {
  const keys: AddressKey[] = [];
  for (const entry of raw.split(',').map((part) => part.trim())) {
    if (entry === '') continue;
    const colon = entry.indexOf(':');
    const id = colon < 0 ? '' : entry.slice(0, colon);
    if (!KEY_ID.test(id)) {
      throw new Error('CATALOG_ADDRESS_KEYS: each entry is id:key, the id 1–16 of A–Z a–z 0–9 _ -');
    }
    const key = Buffer.from(
      entry
        .slice(colon + 1)
        .replace(/\+/g, '-')
        .replace(/\//g, '_'),
      'base64url',
    );
    if (key.length !== 32) {
      throw new Error(
        `CATALOG_ADDRESS_KEYS: the key "${id}" is not 32 bytes in base64 (npm run api -- --new-address-key)`,
      );
    }
    if (keys.some((k) => k.id === id))
      throw new Error(`CATALOG_ADDRESS_KEYS: the id "${id}" is listed twice`);
    keys.push({ id, key });
  }
  return keys;
}

export class AddressVault {
  readonly #keys: AddressKey[];

  constructor(keys: AddressKey[]) {
    if (keys.length === 0) throw new Error('an address vault needs at least one key');
    this.#keys = keys;
  }

  get currentKeyId(): string {
    return (this.#keys[0] as AddressKey).id;
  }

  /** `value` sealed with the first key, bound to `binding` (the shipment's stored alias). */
  seal(value: string, binding: string): string {
    const { id, key } = this.#keys[0] as AddressKey;
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(Buffer.from(`${FORMAT}\0${id}\0${binding}`));
    const body = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
    return `${FORMAT}.${id}.${Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url')}`;
  }

  /** The sealed value, or null: another binding, an unknown key, or damaged. */
  open(sealed: string, binding: string): string | null {
    const [format, id, data] = sealed.split('.');
    const key = this.#keys.find((k) => k.id === id)?.key;
    if (format !== FORMAT || key === undefined || data === undefined) return null;
    const bytes = Buffer.from(data, 'base64url');
    if (bytes.length < 12 + 16) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
      decipher.setAAD(Buffer.from(`${FORMAT}\0${id}\0${binding}`));
      decipher.setAuthTag(bytes.subarray(bytes.length - 16));
      return Buffer.concat([
        decipher.update(bytes.subarray(12, bytes.length - 16)),
        decipher.final(),
      ]).toString('utf8');
    } catch {
      return null;
    }
  }

  /** The id of the key a sealed value names. */
  static keyIdOf(sealed: string): string | undefined {
    return sealed.split('.')[1];
  }
}

/**
 * Seals every stored address again with the vault's first key (after a new key was put first). Returns
 * how many were sealed again and how many already were; throws when one opens with none of the keys,
 * having changed none after it.
 */
export async function rotateAddressKeys(
  store: Store,
  vault: AddressVault,
): Promise<{ resealed: number; current: number }> {
  let resealed = 0;
  let current = 0;
  for (const row of await store.shipmentsWithAddress()) {
    if (row.address === null) continue;
    if (AddressVault.keyIdOf(row.address) === vault.currentKeyId) {
      current += 1;
      continue;
    }
    const opened = vault.open(row.address, row.alias);
    if (opened === null) {
      throw new Error(
        'an address opens with none of the keys in CATALOG_ADDRESS_KEYS: keep the key it was sealed with listed',
      );
    }
    await store.updateShipment(row.alias, { address: vault.seal(opened, row.alias) });
    resealed += 1;
  }
  return { resealed, current };
}

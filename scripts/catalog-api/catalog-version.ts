/**
 * The catalogue's version: a counter and the time it last moved, kept in the meta table. Anything a page
 * shows moves it (a stock change at the counter, an editor's change to a product), so a scheduled rebuild
 * can tell an idle catalogue (no build needed) from a changed one; each product changed is marked with the
 * version it changed in, so every API instance can tell which assembled products it holds are stale
 * (catalog.ts, `sync`).
 */
import type { components } from '../../src/lib/catalog/schema.gen.ts';
import type { Store } from './store.ts';

export type CatalogVersion = components['schemas']['CatalogVersion'];

const KEY = 'catalog_version';

interface Stored {
  n: number;
  at: number;
}

function parse(value: string | undefined): Stored | null {
  if (value === undefined) return null;
  try {
    const parsed = JSON.parse(value) as Partial<Stored>;
    if (Number.isSafeInteger(parsed.n) && Number.isFinite(parsed.at)) return parsed as Stored;
  } catch {
    // rewritten on the next change
  }
  return null;
}

/** The version's counter as stored (1 for a database where nothing has moved it yet). */
export async function catalogVersionNumber(store: Store): Promise<number> {
  return parse(await store.metaValue(KEY))?.n ?? 1;
}

/** The current version; a database where nothing has moved it yet is at 1, since the first call. */
export async function catalogVersion(store: Store, now: number): Promise<CatalogVersion> {
  let stored = parse(await store.metaValue(KEY));
  if (stored === null) {
    stored = { n: 1, at: now };
    await store.setMeta(KEY, JSON.stringify(stored));
  }
  return { version: String(stored.n), updatedAt: new Date(stored.at).toISOString() };
}

/**
 * Moves the version on and marks the products that changed with it. Call inside the transaction that
 * changed them: on PostgreSQL the version's row stays locked until it commits, so two instances moving it
 * at once move it twice.
 */
export async function bumpCatalogVersion(
  store: Store,
  now: number,
  productIds: readonly number[],
): Promise<number> {
  const stored = parse((await store.metaValueForUpdate(KEY))?.value);
  const n = (stored?.n ?? 1) + 1;
  await store.setMeta(KEY, JSON.stringify({ n, at: now }));
  await store.markProductsChanged(productIds, n);
  return n;
}

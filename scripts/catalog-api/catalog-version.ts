/**
 * The catalogue's version: a counter and the time it last moved, kept in the meta table. Anything a page
 * shows moves it (a stock change at the counter, an editor's change to a product), so a scheduled rebuild
 * can tell an idle catalogue (no build needed) from a changed one.
 */
import type { DatabaseSync } from 'node:sqlite';
import type { components } from '../../src/lib/catalog/schema.gen.ts';

export type CatalogVersion = components['schemas']['CatalogVersion'];

const KEY = 'catalog_version';

interface Stored {
  n: number;
  at: number;
}

function read(db: DatabaseSync): Stored | null {
  const row = db.prepare('SELECT value FROM meta WHERE key = ?').get(KEY) as { value: string } | undefined;
  if (!row) return null;
  try {
    const parsed = JSON.parse(row.value) as Partial<Stored>;
    if (Number.isSafeInteger(parsed.n) && Number.isFinite(parsed.at)) return parsed as Stored;
  } catch {
    // rewritten below
  }
  return null;
}

function write(db: DatabaseSync, stored: Stored): void {
  db.prepare(
    'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
  ).run(KEY, JSON.stringify(stored));
}

/** The current version; a database from before versions starts at 1, now. */
export function catalogVersion(db: DatabaseSync, now: number): CatalogVersion {
  let stored = read(db);
  if (stored === null) {
    stored = { n: 1, at: now };
    write(db, stored);
  }
  return { version: String(stored.n), updatedAt: new Date(stored.at).toISOString() };
}

/** Moves the version on (call inside the transaction that changed the catalogue). */
export function bumpCatalogVersion(db: DatabaseSync, now: number): void {
  const stored = read(db);
  write(db, { n: (stored?.n ?? 1) + 1, at: now });
}

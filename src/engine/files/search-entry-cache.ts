/**
 * The last build's entries of chat's search index in one language, each under a digest of everything it
 * was made of: the product as the API gave it in that language (after the catalogue's URL rule), its
 * Japanese title and its English title. A rebuild makes again only the entries of products that changed,
 * and takes the others from here: making an entry (the description's first paragraph sanitised, the
 * everyday words, the other spellings) is most of the index's work.
 *
 * One file per language in the build's cache folder, written whole after the index is, holding only this
 * build's entries. A file made by other code (the build's inputs, as the snapshot's derived text is keyed,
 * snapshot.ts) or unreadable lends nothing.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { ProductEntry } from '../../features/chat/search-index.ts';
import type { Product } from '../../lib/catalog/types.ts';

interface CacheFile {
  /** The build inputs that made the entries. */
  inputs: string;
  entries: Record<string, ProductEntry>;
}

/** What an entry is made of, as one digest. */
export function entryKey(
  product: Product,
  japaneseTitle: string | undefined,
  englishTitle: string | undefined,
) {
  return createHash('sha1')
    .update(JSON.stringify([product, japaneseTitle ?? null, englishTitle ?? null]))
    .digest('base64url');
}

export class SearchEntryCache {
  readonly #file: string;
  readonly #inputs: string;
  readonly #last: Map<string, ProductEntry>;
  readonly #next = new Map<string, ProductEntry>();
  #reused = 0;

  private constructor(file: string, inputs: string, last: Map<string, ProductEntry>) {
    this.#file = file;
    this.#inputs = inputs;
    this.#last = last;
  }

  /** The entries kept in `file` by a build with the same `inputs`; none when it has other inputs or is unreadable. */
  static open(file: string, inputs: string): SearchEntryCache {
    let last = new Map<string, ProductEntry>();
    try {
      const kept = JSON.parse(readFileSync(file, 'utf8')) as Partial<CacheFile> | null;
      if (kept?.inputs === inputs && kept.entries && typeof kept.entries === 'object') {
        last = new Map(Object.entries(kept.entries));
      }
    } catch {
      // No file yet, or a damaged one: every entry is made.
    }
    return new SearchEntryCache(file, inputs, last);
  }

  /** The entry under `key`: the last build's, or `make`'s. Kept for the next build either way. */
  entry(key: string, make: () => ProductEntry): ProductEntry {
    const kept = this.#last.get(key);
    if (kept) this.#reused++;
    const entry = kept ?? make();
    this.#next.set(key, entry);
    return entry;
  }

  /** Entries taken from the last build so far. */
  get reused(): number {
    return this.#reused;
  }

  /** Writes this build's entries (only those asked for) for the next build, replacing the file whole. */
  save(): void {
    const file: CacheFile = { inputs: this.#inputs, entries: Object.fromEntries(this.#next) };
    mkdirSync(dirname(this.#file), { recursive: true });
    const temporary = `${this.#file}.tmp`;
    writeFileSync(temporary, JSON.stringify(file));
    renameSync(temporary, this.#file);
  }
}

/**
 * The build's own copy of the checked catalogue, one file in Astro's cache folder: written once after every
 * list passed its checks (loaders.ts), read by the pages and by the writer of the product pages' payload
 * files. The products live here rather than in a content collection because Astro serialises a collection
 * into its data store and inlines that store into the server bundle, which at 100,000 products is parsed
 * twice and held three times in memory.
 *
 * Each product comes with what the pages derive from its description (sanitised HTML, plain text) and a
 * digest of its JSON as the API gave it. A product whose digest is the same as in the previous snapshot
 * takes its derived text from there instead of sanitising again, so a rebuild after a small change
 * re-processes only the products that changed.
 *
 * The pages hold only what their lists show of each product (snapshotIndex) and read a whole product from
 * the file (readEntry) while its own page renders.
 *
 * Format, one JSON value per line: the header (build id, counts), the areas, the tenants, the tenants' names
 * in chat's languages, then one product
 * entry per line. A file written by another build is refused, so a page never shows a catalogue other than
 * the one this build fetched and checked.
 */
import { createHash } from 'node:crypto';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import { dirname } from 'node:path';
import { handedOn, required } from '../../lib/build-info.ts';
import type { Area, Product, Tenant } from '../../lib/catalog/types.ts';
import { cutText, plainTextOf, type SafeHtml, sanitizeDescription, storeSiteUrl } from '../../lib/html.ts';
import { FileWindow } from '../pages/file-window.ts';
import type { Catalogue } from './catalogue-check.ts';
import { waitForCatalogue } from './catalogue-load.ts';
import type { TenantNames } from './tenant-names.ts';

interface Header {
  buildId: string;
  areas: number;
  tenants: number;
  tenantNames: number;
  products: number;
  /** What derived the products' text (derivedWith): another build's code may sanitise differently. */
  derivedWith: string;
}

/**
 * What the products' derived text (sanitised description, plain text, meta description) depends on besides
 * the product: the build's inputs (its source, among them the sanitiser's rules; BUILD_INPUTS, set by
 * src/engine/storefront.ts). A snapshot made with other inputs lends no text: a rule tightened since must apply to
 * every product, changed or not.
 */
function derivedWith(env: Record<string, string | undefined> = process.env): string {
  return handedOn('buildInputs', env) ?? '';
}

/** A product with what is derived from its description once per product (not once per page). */
export interface PreparedProduct {
  /** Hash of the product's JSON: the same digest means the same product. */
  digest: string;
  /** The description, sanitised (what richTextHtml writes). */
  safeHtml: SafeHtml;
  /** The description as plain text, whitespace collapsed (JSON-LD, the fold). */
  plain: string;
  /** The plain text cut to the meta description's length. */
  meta: string;
  product: Product;
}

/** Where this build keeps its snapshot: `CATALOGUE_SNAPSHOT`, set by src/engine/storefront.ts in the cache folder. */
function snapshotPath(env: Record<string, string | undefined> = process.env): string {
  return required('snapshotPath', env);
}

const digestOf = (json: string) => createHash('sha1').update(json).digest('base64url');

/** Bytes read from the file at a time. */
const CHUNK = 1 << 20;

/** One line of a file: its text and where its bytes are. */
interface Line {
  text: string;
  /** Byte offset of the line in the file. */
  offset: number;
  /** Its length in bytes, without the newline. */
  length: number;
}

/**
 * The lines of a file, read a chunk at a time and decoded one by one: never the whole file in memory
 * (at 100,000 products it is a few hundred MB). With `prefix`, only each line's first `prefix` bytes are
 * decoded (as Latin-1: for ASCII fields at the start of a line).
 */
function* lines(path: string, prefix?: number): Generator<Line> {
  const decode = (buffer: Buffer, start: number, end: number) =>
    prefix === undefined
      ? buffer.toString('utf8', start, end)
      : buffer.toString('latin1', start, Math.min(end, start + prefix));
  const fd = openSync(path, 'r');
  try {
    let buffer = Buffer.alloc(CHUNK);
    let filled = 0;
    // The file offset of buffer[0].
    let base = 0;
    for (;;) {
      if (filled === buffer.length) {
        // A line longer than the buffer: grow it.
        const larger = Buffer.alloc(buffer.length * 2);
        buffer.copy(larger, 0, 0, filled);
        buffer = larger;
      }
      const read = readSync(fd, buffer, filled, buffer.length - filled, null);
      filled += read;
      let start = 0;
      for (;;) {
        const end = buffer.indexOf(10, start);
        if (end === -1 || end >= filled) break;
        if (end > start) {
          yield { text: decode(buffer, start, end), offset: base + start, length: end - start };
        }
        start = end + 1;
      }
      if (read === 0) {
        if (start < filled) {
          yield { text: decode(buffer, start, filled), offset: base + start, length: filled - start };
        }
        return;
      }
      buffer.copy(buffer, 0, start, filled);
      filled -= start;
      base += start;
    }
  } finally {
    closeSync(fd);
  }
}

/**
 * Opens a snapshot file: its header, areas and brands read, the product lines left to read one at a time.
 * `buildId`, when given, must be the build that wrote it.
 */
function openSnapshot(path: string, buildId?: string) {
  // A build loading its catalogue on its own thread: the snapshot is read only once written and checked.
  waitForCatalogue();
  const all = lines(path);
  const next = () => {
    const line = all.next();
    if (line.done) throw new Error(`${path} is cut short`);
    return JSON.parse(line.value.text) as unknown;
  };
  const header = next() as Header;
  if (buildId !== undefined && header.buildId !== buildId) {
    all.return(undefined);
    throw new Error(
      `${path} holds the catalogue of build ${header.buildId}, not of this build (${buildId}): the catalogue was not loaded`,
    );
  }
  const areas = next() as Area[];
  const tenants = next() as Tenant[];
  const tenantNames = next() as TenantNames[];
  /** The product lines, each checked to be there: a file with fewer than its header counts is refused. */
  function* productLines(): Generator<Line> {
    let count = 0;
    for (const line of all) {
      count++;
      yield line;
    }
    if (count !== header.products) {
      throw new Error(`${path} is cut short: ${count} of ${header.products} products`);
    }
  }
  if (
    areas.length !== header.areas ||
    tenants.length !== header.tenants ||
    tenantNames.length !== header.tenantNames
  ) {
    all.return(undefined);
    throw new Error(`${path} is cut short`);
  }
  return { areas, tenants, tenantNames, productLines: productLines() };
}

type DerivedText = Pick<PreparedProduct, 'safeHtml' | 'plain' | 'meta'>;

/** Where a line is in a file. */
interface Place {
  /** Byte offset of the line. */
  offset: number;
  /** Its length in bytes, without the newline. */
  length: number;
}

/** How every product entry of a snapshot starts, before its digest. */
const DIGEST_FIRST = '{"digest":"';

/**
 * Where each product's entry is in the previous snapshot, by digest; none when there is no usable file.
 * Only places are kept, and only the digests decoded: an unchanged product's text is read back when its
 * line is made, so the previous catalogue's texts are never all held beside the new one (at 100,000
 * products they were a few hundred MB of a rebuild's peak).
 */
function previousEntries(path: string): Map<string, Place> {
  const entries = new Map<string, Place>();
  if (!existsSync(path)) return entries;
  try {
    const reading = lines(path);
    const first = reading.next();
    reading.return(undefined);
    const header = first.done ? undefined : (JSON.parse(first.value.text) as Partial<Header>);
    if (header?.derivedWith !== derivedWith()) return entries;
    let index = 0;
    for (const { text, offset, length } of lines(path, DIGEST_FIRST.length + 64)) {
      // The header, the areas, the tenants and their names come first.
      if (index++ < 4) continue;
      const end = text.indexOf('"', DIGEST_FIRST.length);
      if (!text.startsWith(DIGEST_FIRST) || end === -1) throw new Error(`${path} is not a snapshot`);
      entries.set(text.slice(DIGEST_FIRST.length, end), { offset, length });
    }
  } catch {
    // A damaged file is only a cache: every product is processed again.
    entries.clear();
  }
  return entries;
}

/**
 * The derived text of the previous snapshot's product with `digest`, read from the file; none when it has
 * no such product or its entry is unusable (damaged, or written before the meta description was kept).
 */
function previousText(
  file: FileWindow,
  entries: Map<string, Place>,
  digest: string,
): DerivedText | undefined {
  const place = entries.get(digest);
  if (!place) return undefined;
  try {
    const entry = JSON.parse(
      file.read(place.offset, place.length).toString('utf8'),
    ) as Partial<PreparedProduct>;
    const { safeHtml, plain, meta } = entry;
    const whole = typeof safeHtml === 'string' && typeof plain === 'string' && typeof meta === 'string';
    return entry.digest === digest && whole ? { safeHtml, plain, meta } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Turns products into their snapshot lines, deriving each product's text or reusing it from the snapshot
 * already at `path` (the previous build's). A line is UTF-8 bytes: at 100,000 products the lines are held
 * outside the JavaScript heap until the file is written, and the products they came from are not held.
 * `close` lets go of the previous snapshot once every line is made.
 */
export function snapshotLines(path: string = snapshotPath()) {
  const previous = previousEntries(path);
  const previousFile = new FileWindow(path);
  // Where an editor's path links lead (one of the build's inputs, so a change derives every text again).
  const storeSite = storeSiteUrl();
  let processed = 0;
  return {
    /** The product's line (digest, derived text, the product). */
    line(product: Product): Buffer {
      const json = JSON.stringify(product);
      const digest = digestOf(json);
      let text = previousText(previousFile, previous, digest);
      if (!text) {
        processed++;
        const safeHtml = sanitizeDescription(product.descriptionHtml, storeSite);
        const plain = plainTextOf(safeHtml);
        text = { safeHtml, plain, meta: cutText(plain) };
      }
      return Buffer.from(
        `{"digest":${JSON.stringify(digest)},"safeHtml":${JSON.stringify(text.safeHtml)},"plain":${JSON.stringify(text.plain)},"meta":${JSON.stringify(text.meta)},"product":${json}}\n`,
      );
    },
    /** Products whose text was derived rather than reused so far. */
    get processed() {
      return processed;
    },
    close() {
      previousFile.close();
    },
  };
}

/**
 * This build's snapshot file, written as its product lines come, in the catalogue's order, into a temporary
 * file that becomes the snapshot only when `commit` runs: a reader never sees half a file, and a build whose
 * lists fail their checks leaves the last snapshot as it was (`abandon`). The lines are not held until then,
 * which at 100,000 products would be hundreds of megabytes kept for the rest of the build.
 */
export class SnapshotWriter {
  #path: string;
  #temporary: string;
  #fd: number | undefined;
  #expected: number;
  #written = 0;

  /**
   * Starts the file of build `buildId` with its header, areas, tenants and the tenants' names; `products`
   * lines must follow.
   */
  constructor(
    catalogue: {
      areas: readonly Area[];
      tenants: readonly Tenant[];
      tenantNames?: readonly TenantNames[];
      products: number;
    },
    buildId: string,
    path: string = snapshotPath(),
  ) {
    const header: Header = {
      buildId,
      areas: catalogue.areas.length,
      tenants: catalogue.tenants.length,
      tenantNames: (catalogue.tenantNames ?? []).length,
      products: catalogue.products,
      derivedWith: derivedWith(),
    };
    this.#path = path;
    this.#expected = catalogue.products;
    mkdirSync(dirname(path), { recursive: true });
    this.#temporary = `${path}.${process.pid}.tmp`;
    this.#fd = openSync(this.#temporary, 'w');
    writeSync(
      this.#fd,
      `${[header, catalogue.areas, catalogue.tenants, catalogue.tenantNames ?? []].map((value) => JSON.stringify(value)).join('\n')}\n`,
    );
  }

  /** Appends product lines (snapshotLines), in the catalogue's order. */
  add(lines: readonly Buffer[]): void {
    if (this.#fd === undefined) throw new Error('the snapshot file is closed');
    if (lines.length === 0) return;
    writeSync(this.#fd, lines.length === 1 ? (lines[0] as Buffer) : Buffer.concat(lines));
    this.#written += lines.length;
  }

  /** Makes the file this build's snapshot; fails unless it holds as many products as its header says. */
  commit(): void {
    if (this.#written !== this.#expected) {
      this.abandon();
      throw new Error(`the snapshot has ${this.#written} of ${this.#expected} products: not written`);
    }
    this.#close();
    renameSync(this.#temporary, this.#path);
  }

  /** Removes the temporary file: the snapshot already in place stays. */
  abandon(): void {
    this.#close();
    rmSync(this.#temporary, { force: true });
  }

  #close(): void {
    if (this.#fd !== undefined) closeSync(this.#fd);
    this.#fd = undefined;
  }
}

/**
 * Writes the checked catalogue of build `buildId` from its product lines (snapshotLines), atomically: a
 * reader never sees half a file.
 */
function writeSnapshotFile(
  catalogue: {
    areas: readonly Area[];
    tenants: readonly Tenant[];
    tenantNames?: readonly TenantNames[];
    lines: readonly Buffer[];
  },
  buildId: string,
  path: string = snapshotPath(),
): void {
  const { lines, ...lists } = catalogue;
  const file = new SnapshotWriter({ ...lists, products: lines.length }, buildId, path);
  try {
    for (let start = 0; start < lines.length; start += 1000) file.add(lines.slice(start, start + 1000));
  } catch (error) {
    file.abandon();
    throw error;
  }
  file.commit();
}

/**
 * Writes the checked catalogue of build `buildId` (atomically), deriving each product's text or reusing
 * it from the previous snapshot. Returns how many products were processed.
 */
export function writeSnapshot(
  catalogue: Catalogue,
  buildId: string,
  path: string = snapshotPath(),
): { products: number; processed: number } {
  const lines = snapshotLines(path);
  let made: Buffer[];
  try {
    made = catalogue.products.map((product) => lines.line(product));
  } finally {
    lines.close();
  }
  writeSnapshotFile({ ...catalogue, lines: made }, buildId, path);
  return { products: catalogue.products.length, processed: lines.processed };
}

/**
 * Whether a product is in an area. One that is in none has no page (product pages are per area), so no
 * reader of the snapshot sees it: it is left out of every list, payload, index and link, and the load
 * named it in a warning (noAreaWarning, catalogue-check.ts).
 */
const placed = (product: Pick<Product, 'areas'>): boolean => product.areas.length > 0;

/**
 * The areas, brands and products of build `buildId`'s snapshot, the products one at a time (never all in
 * memory at once): for work done once per product, such as writing each product page's payload file.
 */
export function snapshotProducts(
  buildId: string,
  path: string = snapshotPath(),
): { areas: Area[]; tenants: Tenant[]; tenantNames: TenantNames[]; products: Iterable<PreparedProduct> } {
  const { areas, tenants, tenantNames, productLines } = openSnapshot(path, buildId);
  function* products(): Generator<PreparedProduct> {
    for (const line of productLines) {
      const entry = JSON.parse(line.text) as PreparedProduct;
      if (placed(entry.product)) yield entry;
    }
  }
  return { areas, tenants, tenantNames, products: products() };
}

/** Where a product's entry is in the snapshot file, and which entry it is: what its pages read it by. */
export interface EntryRef extends Place {
  id: number;
  digest: string;
}

/** The snapshot as the pages hold it: areas, brands, and for each product what `keep` kept of it. */
export interface SnapshotIndex<T> {
  buildId: string;
  areas: Area[];
  tenants: Tenant[];
  /** Each tenant's names in chat's languages. */
  tenantNames: TenantNames[];
  products: T[];
}

/** What the pages keep of each product while the build renders, with where to read the whole of it. */
export type Keep<T> = (product: Product, ref: EntryRef) => T;

/**
 * Reads build `buildId`'s snapshot, keeping of each product only what `keep` makes of it (with where its
 * entry is): the pages hold that for every product, and read a whole product (readEntry) only while
 * its own page renders.
 */
function indexSnapshot<T>(buildId: string, keep: Keep<T>, path: string): SnapshotIndex<T> {
  const { areas, tenants, tenantNames, productLines } = openSnapshot(path, buildId);
  const products: T[] = [];
  for (const { text, offset, length } of productLines) {
    const { digest, product } = JSON.parse(text) as PreparedProduct;
    if (placed(product)) products.push(keep(product, { id: product.id, digest, offset, length }));
  }
  return { buildId, areas, tenants, tenantNames, products };
}

/**
 * The index read in this process, with what it was read from and by: the catalogue is read once per
 * build (the pages share one copy of this module).
 */
let cached: { path: string; mtimeMs: number; keep: Keep<unknown>; index: SnapshotIndex<unknown> } | undefined;

/**
 * The snapshot the pages read whole products from (readEntry), kept open for the build. A snapshot written
 * again is a new file: the reader of the old one is closed when the index is read again, so an entry is
 * read from the file its index was read from or refused.
 */
let entries: FileWindow | undefined;

/**
 * Build `buildId`'s snapshot as `keep` keeps each product, read once per process (again when the file
 * changes: a test writes it anew).
 */
export function snapshotIndex<T>(
  buildId: string,
  keep: Keep<T>,
  path: string = snapshotPath(),
): SnapshotIndex<T> {
  // Before the file is looked at: it is replaced when this build's snapshot is written.
  waitForCatalogue();
  const { mtimeMs } = statSync(path);
  if (
    cached?.path === path &&
    cached.mtimeMs === mtimeMs &&
    cached.keep === keep &&
    cached.index.buildId === buildId
  ) {
    return cached.index as SnapshotIndex<T>;
  }
  const index = indexSnapshot(buildId, keep, path);
  entries?.close();
  entries = undefined;
  cached = { path, mtimeMs, keep: keep as Keep<unknown>, index };
  return index;
}

/**
 * One product's entry, read from the snapshot where `ref` says it is. Throws when the entry there is not
 * that product as it was indexed (the file was written again since its index was read).
 */
export function readEntry(ref: EntryRef, path: string = snapshotPath()): PreparedProduct {
  if (entries?.path !== path) {
    entries?.close();
    entries = new FileWindow(path);
  }
  let entry: PreparedProduct | undefined;
  try {
    entry = JSON.parse(entries.read(ref.offset, ref.length).toString('utf8')) as PreparedProduct;
  } catch {
    // Not a whole line: reported below.
  }
  if (entry?.digest !== ref.digest || entry.product.id !== ref.id) {
    throw new Error(`${path} changed since it was read: product ${ref.id} is no longer where it was`);
  }
  return entry;
}

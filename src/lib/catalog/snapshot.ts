/**
 * The build's own copy of the checked catalogue, one file in Astro's cache folder: written once by the
 * content loader after every list passed its checks (loaders.ts), read by the pages and by the writer of
 * the product pages' payload files. The products live here rather than in a content collection because
 * Astro serialises a collection into its data store and inlines that store into the server bundle: at
 * 100,000 products that is 170 MB of JSON, parsed twice and held three times in memory
 * (docs/performance.md).
 *
 * Each product comes with what the pages derive from its description (sanitised HTML, plain text) and a
 * digest of its JSON as the API gave it. A product whose digest is the same as in the previous snapshot
 * takes its derived text from there instead of sanitising again: a rebuild after a small change
 * re-processes only the products that changed.
 *
 * Format, one JSON value per line: the header (build id, counts), the areas, the tenants, then one product
 * entry per line. A file written by another build is refused, so a page never shows a catalogue other than
 * the one this build fetched and checked.
 */
import { createHash } from 'node:crypto';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  statSync,
  writeSync,
} from 'node:fs';
import { dirname } from 'node:path';
import { buildInfo } from '../build-info.ts';
import { plainText, type SafeHtml, sanitizeDescription } from '../html.ts';
import type { Catalogue } from './catalog-check.ts';
import type { Area, Product, Tenant } from './types.ts';

interface Header {
  buildId: string;
  areas: number;
  tenants: number;
  products: number;
}

/** A product with what is derived from its description once per product (not once per page). */
export interface PreparedProduct {
  /** Hash of the product's JSON: the same digest means the same product. */
  digest: string;
  /** The description, sanitised (what RichText renders). */
  safeHtml: SafeHtml;
  /** The description as plain text, whitespace collapsed (meta description, JSON-LD, the fold). */
  plain: string;
  product: Product;
}

/** The checked catalogue of one build. */
export interface Snapshot {
  buildId: string;
  areas: Area[];
  tenants: Tenant[];
  products: PreparedProduct[];
}

/** Where this build keeps its snapshot: `CATALOG_SNAPSHOT`, set by astro.config.mjs in the cache folder. */
function snapshotPath(env: Record<string, string | undefined> = process.env): string {
  const path = env.CATALOG_SNAPSHOT;
  if (!path) throw new Error('CATALOG_SNAPSHOT is not set: astro.config.mjs names the snapshot file');
  return path;
}

const digestOf = (json: string) => createHash('sha1').update(json).digest('base64url');

/** The lines of a file, one at a time, decoded one by one (never the whole file as one string). */
function* lines(buffer: Buffer): Generator<string> {
  let start = 0;
  while (start < buffer.length) {
    let end = buffer.indexOf(10, start);
    if (end === -1) end = buffer.length;
    if (end > start) yield buffer.toString('utf8', start, end);
    start = end + 1;
  }
}

/** Reads a snapshot file; `buildId`, when given, must be the build that wrote it. */
export function readSnapshot(path: string, buildId?: string): Snapshot {
  const all = lines(readFileSync(path));
  const next = () => {
    const line = all.next();
    if (line.done) throw new Error(`${path} is cut short`);
    return JSON.parse(line.value) as unknown;
  };
  const header = next() as Header;
  if (buildId !== undefined && header.buildId !== buildId) {
    throw new Error(
      `${path} holds the catalogue of build ${header.buildId}, not of this build (${buildId}): the catalogue was not loaded`,
    );
  }
  const areas = next() as Area[];
  const tenants = next() as Tenant[];
  const products: PreparedProduct[] = [];
  for (const line of all) products.push(JSON.parse(line) as PreparedProduct);
  if (
    areas.length !== header.areas ||
    tenants.length !== header.tenants ||
    products.length !== header.products
  ) {
    throw new Error(`${path} is cut short: ${products.length} of ${header.products} products`);
  }
  return { buildId: header.buildId, areas, tenants, products };
}

/** The derived text of the previous snapshot's products, by digest; none when there is no usable file. */
function previousTexts(path: string): Map<string, Pick<PreparedProduct, 'safeHtml' | 'plain'>> {
  const texts = new Map<string, Pick<PreparedProduct, 'safeHtml' | 'plain'>>();
  if (!existsSync(path)) return texts;
  try {
    for (const { digest, safeHtml, plain } of readSnapshot(path).products)
      texts.set(digest, { safeHtml, plain });
  } catch {
    // A damaged or cut file is only a cache: every product is processed again.
  }
  return texts;
}

/**
 * Writes the checked catalogue of build `buildId` (atomically: a reader never sees half a file), deriving
 * each product's text or reusing it from the previous snapshot. Returns how many products were processed.
 */
export function writeSnapshot(
  catalogue: Catalogue,
  buildId: string,
  path: string = snapshotPath(),
): { products: number; processed: number } {
  const previous = previousTexts(path);
  let processed = 0;
  const header: Header = {
    buildId,
    areas: catalogue.areas.length,
    tenants: catalogue.tenants.length,
    products: catalogue.products.length,
  };
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  const file = openSync(temporary, 'w');
  try {
    let batch = [JSON.stringify(header), JSON.stringify(catalogue.areas), JSON.stringify(catalogue.tenants)];
    for (const product of catalogue.products) {
      const json = JSON.stringify(product);
      const digest = digestOf(json);
      let text = previous.get(digest);
      if (!text) {
        processed++;
        const html = product.descriptionHtml;
        text = { safeHtml: sanitizeDescription(html), plain: plainText(html) };
      }
      batch.push(
        `{"digest":${JSON.stringify(digest)},"safeHtml":${JSON.stringify(text.safeHtml)},"plain":${JSON.stringify(text.plain)},"product":${json}}`,
      );
      if (batch.length >= 1000) {
        writeSync(file, `${batch.join('\n')}\n`);
        batch = [];
      }
    }
    if (batch.length) writeSync(file, `${batch.join('\n')}\n`);
  } finally {
    closeSync(file);
  }
  renameSync(temporary, path);
  return { products: catalogue.products.length, processed };
}

/**
 * The areas and the products of build `buildId`'s snapshot, the products one at a time (never all in
 * memory at once): for work done once per product outside the pages.
 */
export function streamSnapshot(
  buildId: string,
  path: string = snapshotPath(),
): { areas: Area[]; products: Iterable<PreparedProduct> } {
  const all = lines(readFileSync(path));
  const next = () => {
    const line = all.next();
    if (line.done) throw new Error(`${path} is cut short`);
    return JSON.parse(line.value) as unknown;
  };
  const header = next() as Header;
  if (header.buildId !== buildId) {
    throw new Error(`${path} holds the catalogue of build ${header.buildId}, not of this build (${buildId})`);
  }
  const areas = next() as Area[];
  next();
  function* products(): Generator<PreparedProduct> {
    let count = 0;
    for (const line of all) {
      count++;
      yield JSON.parse(line) as PreparedProduct;
    }
    if (count !== header.products)
      throw new Error(`${path} is cut short: ${count} of ${header.products} products`);
  }
  return { areas, products: products() };
}

let cached: { path: string; mtimeMs: number; snapshot: Snapshot } | undefined;

/** The snapshot of build `buildId`, read once per process (again when the file changes, as in `astro dev`). */
export function buildSnapshot(buildId: string, path: string = snapshotPath()): Snapshot {
  const { mtimeMs } = statSync(path);
  if (cached?.path !== path || cached.mtimeMs !== mtimeMs || cached.snapshot.buildId !== buildId) {
    cached = { path, mtimeMs, snapshot: readSnapshot(path, buildId) };
  }
  return cached.snapshot;
}

/** This build's snapshot. */
export function catalogueSnapshot(): Snapshot {
  return buildSnapshot(buildInfo().buildId);
}

/**
 * The last build's reusable pages, kept in one file in the build cache: each page's bytes with the path and
 * key it was rendered for (the key names everything the page is made of, so an equal key means equal bytes
 * but for the build id). A build reads the last pack and writes its own; the next build reads that one.
 * One file rather than a file per page, which would be as many more files and folders to create as the
 * site itself. The pack is written in order, once, and read by offset.
 *
 * A pack is made of `pages-<build id>.bin` (the bytes) and `pages.json` (the index: which file, and for each
 * page its path, key, offset, length and CRC-32). The index is written last, by rename, and names its own
 * bytes file, so the index on disk always describes a whole file: a build that stops half-way leaves the
 * last complete pack in place. A page whose bytes do not check (length, CRC) is not reused.
 */
import {
  closeSync,
  fstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
  writev,
} from 'node:fs';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { FileWindow } from './file-window.ts';

const INDEX = 'pages.json';
const VERSION = 1;
const BYTES_FILE = /^pages-[0-9A-Za-z-]{1,66}\.bin$/;

/** The bytes file the pack in `dir` names, if it has a readable index. */
function lastPackFile(dir: string): string | undefined {
  try {
    const file: unknown = JSON.parse(readFileSync(join(dir, INDEX), 'utf8'))?.file;
    return typeof file === 'string' ? file : undefined;
  } catch {
    return undefined;
  }
}

type Entry = [path: string, key: string, offset: number, length: number, crc: number];
interface Index {
  version: number;
  file: string;
  pages: Entry[];
}

/** Paths are compared without their trailing slash: Astro's request URL has it, its path list may not. */
export const pagePath = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);

function isEntry(value: unknown): value is Entry {
  return (
    Array.isArray(value) &&
    value.length === 5 &&
    typeof value[0] === 'string' &&
    typeof value[1] === 'string' &&
    [value[2], value[3], value[4]].every((n) => Number.isSafeInteger(n) && n >= 0)
  );
}

/** The index of the pack in `dir`, when it is readable and whole; else undefined. */
function readIndex(dir: string): Index | undefined {
  let index: Index;
  try {
    index = JSON.parse(readFileSync(join(dir, INDEX), 'utf8'));
  } catch {
    return undefined;
  }
  if (index?.version !== VERSION || typeof index.file !== 'string' || !BYTES_FILE.test(index.file)) {
    return undefined;
  }
  if (!Array.isArray(index.pages) || !index.pages.every(isEntry)) return undefined;
  return index;
}

/** A page of a pack as its index lists it: its bytes' length and CRC-32, which name its content. */
export interface PackedPage {
  length: number;
  crc: number;
}

/**
 * What the pack in `dir` holds, without reading its bytes: each page by path (`/area/1/products/2`).
 * Undefined when there is no readable index, or when the build `buildId` did not write it. The site check
 * takes a page's links from what it found in the same bytes before (scripts/publisher/link-memo.ts).
 */
export function packListing(dir: string, buildId: string): Map<string, PackedPage> | undefined {
  const index = readIndex(dir);
  // The writer's name for the bytes file of that build (PagePackWriter).
  if (!index || (index.file !== `pages-${buildId}.bin` && index.file !== `pages-${buildId}-1.bin`)) {
    return undefined;
  }
  return new Map(index.pages.map(([path, , , length, crc]) => [path, { length, crc }]));
}

/**
 * The last build's pack, read page by page through one open file and a window of it (the next build asks
 * for its pages in about the order this one wrote them).
 */
export class PagePack {
  #file: FileWindow;
  #size: number;
  #pages: Map<string, Entry>;

  private constructor(path: string, fd: number, pages: Map<string, Entry>) {
    this.#size = fstatSync(fd).size;
    this.#file = new FileWindow(path, { fd });
    this.#pages = pages;
  }

  /** The pack in `dir`, or undefined when there is none or its index is unreadable (nothing is reused). */
  static open(dir: string): PagePack | undefined {
    const index = readIndex(dir);
    if (!index) return undefined;
    const path = join(dir, index.file);
    let fd: number;
    try {
      fd = openSync(path, 'r');
    } catch {
      return undefined;
    }
    return new PagePack(path, fd, new Map(index.pages.map((entry) => [entry[0], entry])));
  }

  get size(): number {
    return this.#pages.size;
  }

  /**
   * The bytes of the page at `path` when it was rendered for `key` and they check; else undefined. The
   * bytes are a view of the window the pack reads into: use or copy them before the next call. A page a
   * build reuses is one allocation less, and at 100,000 reused pages the allocations of page-sized buffers
   * were what set off most of V8's full collections.
   */
  page(path: string, key: string): Buffer | undefined {
    const entry = this.#pages.get(pagePath(path));
    if (!entry || entry[1] !== key) return undefined;
    const [, , offset, length, crc] = entry;
    if (offset + length > this.#size) return undefined;
    const bytes = this.#file.read(offset, length);
    if (bytes.length !== length || crc32(bytes) !== crc) return undefined;
    return bytes;
  }

  close(): void {
    this.#file.close();
  }
}

/** What of `buffers` is left after a write of `written` bytes of them. */
function unwritten(buffers: Uint8Array[], written: number): Uint8Array[] {
  let skipped = 0;
  for (let i = 0; i < buffers.length; i++) {
    const buffer = buffers[i] as Uint8Array;
    if (skipped + buffer.length > written) {
      return [buffer.subarray(written - skipped), ...buffers.slice(i + 1)];
    }
    skipped += buffer.length;
  }
  return [];
}

/** Pages gathered before one write: a megabyte, or as many buffers as one call writes. */
const BATCH_BYTES = 1 << 20;
const BATCH_PAGES = 256;

/**
 * This build's pack, written as its pages render; the next build reads it once `commit` has run. Pages
 * are gathered and written a megabyte at a time through the thread pool while the build goes on, not a
 * write per page on the main thread.
 */
export class PagePackWriter {
  #dir: string;
  #file: string;
  #fd: number | undefined;
  #offset = 0;
  #pages: Entry[] = [];
  /** Pages added and not yet handed to a write, from file offset `#batchStart`. */
  #batch: Uint8Array[] = [];
  #batchBytes = 0;
  #batchStart = 0;
  #writing = 0;
  #failure: Error | undefined;
  /** Who waits for the background writes to end (`close`). */
  #waiting: (() => void)[] = [];

  /**
   * Starts `pages-<buildId>.bin` in `dir` (made if missing), or `pages-<buildId>-1.bin` when the other is the
   * last build's pack: a build with the same id as the last (a fixed BUILD_ID, as the golden output and the
   * staleness test set) must not empty the pack it reuses pages from.
   */
  constructor(dir: string, buildId: string) {
    this.#dir = dir;
    const last = lastPackFile(dir);
    this.#file = last === `pages-${buildId}.bin` ? `pages-${buildId}-1.bin` : `pages-${buildId}.bin`;
    if (!BYTES_FILE.test(this.#file)) throw new Error(`not a build id for a page pack: ${buildId}`);
    mkdirSync(dir, { recursive: true });
    this.#fd = openSync(join(dir, this.#file), 'w');
  }

  /**
   * Adds the page at `path`, rendered for `key`. Bytes that are `owned` (nobody changes them afterwards)
   * are kept until written; any others are copied.
   */
  add(path: string, key: string, bytes: Uint8Array, { owned = false }: { owned?: boolean } = {}): void {
    if (this.#fd === undefined) throw new Error('the page pack is closed');
    if (this.#failure) throw this.#failure;
    if (this.#batch.length === 0) this.#batchStart = this.#offset;
    this.#batch.push(owned ? bytes : Uint8Array.prototype.slice.call(bytes));
    this.#batchBytes += bytes.length;
    this.#pages.push([pagePath(path), key, this.#offset, bytes.length, crc32(bytes)]);
    this.#offset += bytes.length;
    if (this.#batchBytes >= BATCH_BYTES || this.#batch.length >= BATCH_PAGES) this.#flush(this.#fd);
  }

  /** Hands the gathered pages to one write. */
  #flush(fd: number): void {
    if (this.#batch.length === 0) return;
    const batch = this.#batch;
    this.#batch = [];
    this.#batchBytes = 0;
    this.#writeInBackground(fd, batch, this.#batchStart);
  }

  #writeInBackground(fd: number, buffers: Uint8Array[], position: number): void {
    this.#writing++;
    writev(fd, buffers, position, (error, written) => {
      if (error) this.#failure ??= error;
      else {
        const rest = unwritten(buffers, written);
        if (rest.length > 0) this.#writeInBackground(fd, rest, position + written);
      }
      this.#writing--;
      if (this.#writing === 0) for (const resolve of this.#waiting.splice(0)) resolve();
    });
  }

  /**
   * Once the writes handed to the thread pool so far have ended (their pages' bytes are then let go): a
   * caller adding pages in one synchronous run would otherwise hold every page until it yields.
   */
  async settled(): Promise<void> {
    if (this.#writing > 0) await new Promise<void>((resolve) => this.#waiting.push(resolve));
  }

  /**
   * Stops writing once every page handed over is on disk; fails if one could not be written. The pack is
   * not the one the next build reads unless `commit` follows.
   */
  async close(): Promise<void> {
    if (this.#fd !== undefined && !this.#failure) this.#flush(this.#fd);
    if (this.#writing > 0) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    if (this.#fd !== undefined) closeSync(this.#fd);
    this.#fd = undefined;
    if (this.#failure)
      throw new Error(`the page pack could not be written: ${this.#failure.message}`, {
        cause: this.#failure,
      });
  }

  /**
   * Makes this pack the one the next build reads, and removes every other bytes file in the folder (the
   * last build's, and any a stopped build left). Call only after every page of the build was written and
   * `close` has returned.
   */
  async commit(): Promise<void> {
    await this.close();
    const index: Index = { version: VERSION, file: this.#file, pages: this.#pages };
    const temporary = join(this.#dir, `${INDEX}.tmp`);
    writeFileSync(temporary, JSON.stringify(index));
    renameSync(temporary, join(this.#dir, INDEX));
    for (const name of readdirSync(this.#dir)) {
      if (BYTES_FILE.test(name) && name !== this.#file) rmSync(join(this.#dir, name), { force: true });
    }
  }
}

/**
 * Reads of one file at given places, through a window of it held in memory. A build reads one entry of a
 * file per product page (the catalogue snapshot's product, the last build's page), in the order the file
 * was written: one read of the next megabyte answers the next pages instead of a system call for each on
 * the build's main thread.
 *
 * A read that is not just ahead of the window (pages asked for out of order, as `astro dev` does) reads
 * only what it asks for, so reading at random costs what it would without the window.
 */
import { closeSync, openSync, readSync } from 'node:fs';

/** How much of the file a read moving forward through it brings in at once. */
const WINDOW_BYTES = 1 << 20;

export class FileWindow {
  readonly path: string;
  readonly #windowBytes: number;
  #fd: number | undefined;
  #buffer: Buffer;
  /** The file offset of the window's first byte, and how many bytes of the file it holds. */
  #start = 0;
  #filled = 0;

  /** `fd`: the file already open for reading (closed by `close`); else it is opened at the first read. */
  constructor(path: string, { windowBytes = WINDOW_BYTES, fd }: { windowBytes?: number; fd?: number } = {}) {
    this.path = path;
    this.#fd = fd;
    this.#windowBytes = windowBytes;
    this.#buffer = Buffer.allocUnsafeSlow(windowBytes);
  }

  /**
   * The `length` bytes of the file at `offset`, fewer when the file ends before them. They are the window's
   * own: valid until the next read, and a caller that keeps them copies them.
   */
  read(offset: number, length: number): Buffer {
    const end = this.#start + this.#filled;
    if (offset >= this.#start && offset + length <= end) {
      return this.#buffer.subarray(offset - this.#start, offset - this.#start + length);
    }
    this.#fd ??= openSync(this.path, 'r');
    // Moving forward from the window, or starting: the window is filled from here. Elsewhere: what is asked.
    const ahead = this.#filled === 0 || (offset >= this.#start && offset <= end + this.#windowBytes);
    const want = ahead ? Math.max(length, this.#windowBytes) : length;
    if (this.#buffer.length < want) this.#buffer = Buffer.allocUnsafeSlow(want);
    let filled = 0;
    while (filled < want) {
      const read = readSync(this.#fd, this.#buffer, filled, want - filled, offset + filled);
      if (read === 0) break;
      filled += read;
    }
    this.#start = offset;
    this.#filled = filled;
    return this.#buffer.subarray(0, Math.min(length, filled));
  }

  close(): void {
    if (this.#fd !== undefined) closeSync(this.#fd);
    this.#fd = undefined;
    this.#filled = 0;
  }
}

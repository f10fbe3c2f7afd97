/**
 * What the site check found in the pages it read before, so that it need not read them again: a rebuild
 * writes most of its pages from the last build's page pack (src/engine/pages/page-reuse.ts), the same bytes
 * the last check read. For each page of the build's pack, the memo keeps the internal links found in it
 * under the length and CRC-32 of its bytes; a later check takes a page's links from there only when the
 * pack says the build wrote the same bytes at the same path. Every link is still resolved against the
 * files of the build being checked.
 *
 * One file in the build's cache folder, written whole after a check, holding only the pages of the pack of
 * the build it checked. A memo that is missing, unreadable or of another shape lends nothing.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { type PackedPage, packListing, pagePath } from '../../src/engine/pages/page-pack.ts';

/** A page's internal links, in the page's order: the site path each leads to, and whether an editor wrote it. */
export type PageLinks = [target: string, content: boolean][];

const VERSION = 1;

/**
 * The file: each page's length, CRC-32 and links, a link as twice the index of its site path in `paths`,
 * plus one for an editor's (a site has a few thousand paths linked from a hundred thousand pages).
 */
interface MemoFile {
  version: number;
  paths: string[];
  pages: Record<string, number[]>;
}

/** The page path the pack lists an HTML file of the build under: `area/1/index.html` → `/area/1`. */
const pagePathOf = (file: string) => pagePath(`/${file.replace(/(^|\/)index\.html$/, '')}`);

function readMemo(file: string): MemoFile | undefined {
  try {
    const memo = JSON.parse(readFileSync(file, 'utf8')) as Partial<MemoFile> | null;
    if (memo?.version !== VERSION || !Array.isArray(memo.paths) || typeof memo.pages !== 'object')
      return undefined;
    if (!memo.paths.every((path) => typeof path === 'string') || memo.pages === null) return undefined;
    return memo as MemoFile;
  } catch {
    return undefined;
  }
}

export class LinkMemo {
  readonly #file: string;
  readonly #packed: Map<string, PackedPage>;
  readonly #last: MemoFile | undefined;
  readonly #next = new Map<string, PageLinks>();

  private constructor(file: string, packed: Map<string, PackedPage>, last: MemoFile | undefined) {
    this.#file = file;
    this.#packed = packed;
    this.#last = last;
  }

  /**
   * The memo kept in `cacheDir` for a check of the build `buildId`, whose pack is in the same folder; none
   * when that build left no pack of its own there (nothing to take links from, nothing to keep).
   */
  static open(cacheDir: string, buildId: string): LinkMemo | undefined {
    const packed = packListing(join(cacheDir, 'pages'), buildId);
    if (!packed) return undefined;
    const file = join(cacheDir, 'site-check', 'links.json');
    return new LinkMemo(file, packed, readMemo(file));
  }

  /** Whether the HTML file `file` (`area/1/index.html`) is a page of the pack: its links are kept. */
  keeps(file: string): boolean {
    return this.#packed.has(pagePathOf(file));
  }

  /** The links found before in the bytes the build wrote at `file`, if a check read the same bytes there. */
  links(file: string): PageLinks | undefined {
    const path = pagePathOf(file);
    const packed = this.#packed.get(path);
    const kept = this.#last?.pages[path];
    if (!packed || !Array.isArray(kept) || kept[0] !== packed.length || kept[1] !== packed.crc)
      return undefined;
    const paths = this.#last?.paths ?? [];
    const links: PageLinks = [];
    for (const code of kept.slice(2)) {
      const target = Number.isSafeInteger(code) && code >= 0 ? paths[code >> 1] : undefined;
      if (target === undefined) return undefined;
      links.push([target, (code & 1) === 1]);
    }
    this.#next.set(path, links);
    return links;
  }

  /** Keeps the links read from the bytes of `file`, a page of the pack. */
  record(file: string, links: PageLinks): void {
    const path = pagePathOf(file);
    if (this.#packed.has(path)) this.#next.set(path, links);
  }

  /** Writes the links of the pack's pages seen by this check, replacing the file whole. */
  save(): void {
    const index = new Map<string, number>();
    const pages: Record<string, number[]> = {};
    for (const [path, links] of this.#next) {
      const packed = this.#packed.get(path);
      if (!packed) continue;
      const codes = [packed.length, packed.crc];
      for (const [target, content] of links) {
        let at = index.get(target);
        if (at === undefined) {
          at = index.size;
          index.set(target, at);
        }
        codes.push(at * 2 + (content ? 1 : 0));
      }
      pages[path] = codes;
    }
    const memo: MemoFile = { version: VERSION, paths: [...index.keys()], pages };
    mkdirSync(dirname(this.#file), { recursive: true });
    const temporary = `${this.#file}.tmp`;
    writeFileSync(temporary, JSON.stringify(memo));
    renameSync(temporary, this.#file);
  }
}

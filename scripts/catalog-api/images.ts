/**
 * The image host: deterministic originals drawn as SVG (no downloads, no text, so no CJK fonts needed),
 * rendered and resized by sharp on request, like a commerce CDN.
 *
 *   GET /images/{kind}/{id}.{ext}?width=&height=&format=
 *   kind: products (an image id), areas (an area id), tenants (a tenant id: the logo)
 *
 * Only what the site's picture writer asks for is rendered (`siteRenders`: the display sizes of
 * `PICTURE_SIZES` in every render of `pictureRenders`, src/lib/picture-sizes.ts): a square of one of its
 * kind's sizes (width and height equal, cropped to cover) in one of that size's formats; or, with no size at
 * all, the original (the drawing at its own size, at most 1600 px a side) in the extension's format or
 * `format` (jpeg, png, webp, avif). Any other size, format or fit is 400 naming what is offered.
 *
 * Rendered results are cached in memory (LRU by bytes) and on disk (when a directory is configured), with a
 * strong ETag and `Cache-Control: public, max-age=31536000, immutable`. A cached render is named after the
 * drawing it came from, so a picture whose drawing changes is rendered afresh, never served old.
 *
 * Ahead of any request, `renderAhead` puts on disk every standard render of the catalogue's pictures: the
 * sizes and formats the site's picture writer asks for (`PICTURE_SIZES` and `pictureRenders` in
 * src/lib/picture-sizes.ts), the formats browsers fetch first. It is a background queue that never delays an answer:
 * its own render slot (one by default), taken only while no request is loading a picture; a render a request
 * already made (or is making) is skipped; the plan is walked lazily, and no further than the disk cache
 * holds, so its own renders never push each other out.
 *
 * The renders on offer are a bounded set, yet each costs CPU: the output is at most 2048×2048 whatever is
 * asked, the disk cache keeps at most a number of files and bytes (the oldest go first), renders run a few
 * at a time with a bounded queue (503 with Retry-After past it), and each client may have a number of
 * pictures rendered on request a minute (`rendersPerClient`, counted in the database as `render:<client>`;
 * 429 with Retry-After past it). A picture served from the disk or memory cache, or joining a render under
 * way, is not counted.
 */
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { readdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { PICTURE_SIZES, pictureRenders } from '../../src/lib/picture-sizes.ts';
import { badRequest } from './errors.ts';
import { overLimit } from './limits.ts';
import { mulberry32 } from './seed.ts';
import type { Store } from './store.ts';

export type ImageKind = 'products' | 'areas' | 'tenants';
export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'avif';

/** One render of a picture: a square of `size` px, cropped to cover, or the original when `size` is null. */
export interface ImageParams {
  size: number | null;
  format: ImageFormat;
}

interface RenderedImage {
  body: Buffer;
  contentType: string;
  etag: string;
}

/** Where an answered picture came from: the memory cache, the disk cache, or a render for this request. */
type ImageSource = 'memory' | 'disk' | 'render';

/** A picture as `ImageService.get` answers it: the render and where it came from. */
export interface ServedImage extends RenderedImage {
  source: ImageSource;
}

const CONTENT_TYPES: Record<ImageFormat, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
};

const FORMATS = new Set<string>(['jpeg', 'png', 'webp', 'avif']);
const EXT_FORMAT: Record<string, ImageFormat> = {
  jpg: 'jpeg',
  jpeg: 'jpeg',
  png: 'png',
  webp: 'webp',
  avif: 'avif',
};
/** The longest side of any render, whatever is asked: the renderer refuses or shrinks to it. */
const MAX_DIMENSION = 2048;
/**
 * Bump when the way drawings are rendered changes (quality, sizing, an encoder's settings), so disk caches
 * do not serve old pictures; a changed drawing changes the digest in its renders' names by itself.
 */
const DRAWING_VERSION = 3;

/**
 * Every render the site's picture writer asks for of a kind of picture: each of the kind's display sizes
 * (`PICTURE_SIZES`) in each of its renders (`pictureRenders`). The only sized renders the API makes.
 */
export function siteRenders(kind: ImageKind): { size: number; format: ImageFormat }[] {
  return PICTURE_SIZES[kind].flatMap((size) => pictureRenders(size));
}

/** Per kind, the formats each size is offered in (`siteRenders`). */
const OFFERED: Record<ImageKind, ReadonlyMap<number, ReadonlySet<ImageFormat>>> = {
  products: offeredOf('products'),
  areas: offeredOf('areas'),
  tenants: offeredOf('tenants'),
};

function offeredOf(kind: ImageKind): Map<number, Set<ImageFormat>> {
  const offered = new Map<number, Set<ImageFormat>>();
  for (const { size, format } of siteRenders(kind)) {
    const formats = offered.get(size) ?? new Set();
    offered.set(size, formats.add(format));
  }
  return offered;
}

/** What is offered of a kind, in words: `256, 768 px in jpeg; 256, 512, 768, 1536 px in avif or webp`. */
function offeredInWords(kind: ImageKind): string {
  const sizesByFormat = new Map<ImageFormat, number[]>();
  for (const [size, formats] of OFFERED[kind]) {
    for (const format of formats) sizesByFormat.set(format, [...(sizesByFormat.get(format) ?? []), size]);
  }
  const formatsBySizes = new Map<string, ImageFormat[]>();
  for (const [format, sizes] of sizesByFormat) {
    const key = sizes.sort((a, b) => a - b).join(', ');
    formatsBySizes.set(key, [...(formatsBySizes.get(key) ?? []), format]);
  }
  return [...formatsBySizes].map(([sizes, formats]) => `${sizes} px in ${formats.join(' or ')}`).join('; ');
}

/** Parses `{id}.{ext}`; null when it is not an image file name. */
export function parseImageFile(file: string): { id: number; ext: ImageFormat } | null {
  const match = /^([1-9]\d{0,9})\.(jpg|jpeg|png|webp|avif)$/.exec(file);
  if (!match?.[1] || !match[2]) return null;
  const ext = EXT_FORMAT[match[2]];
  const id = Number(match[1]);
  // Ids are 32-bit integers in the database: a longer number names no picture.
  return ext === undefined || id > 2_147_483_647 ? null : { id, ext };
}

function dimension(name: string, raw: string | undefined): number | null {
  if (raw === undefined) return null;
  if (!/^\d{1,4}$/.test(raw) || Number(raw) < 1 || Number(raw) > MAX_DIMENSION) {
    throw badRequest(`${name} must be an integer from 1 to ${MAX_DIMENSION}`);
  }
  return Number(raw);
}

/**
 * The render an image request asks for: one the site's picture writer asks for (`siteRenders`), or the
 * original when neither width nor height is given; 400 naming what is offered for anything else. Unknown
 * parameters are ignored.
 */
export function parseImageParams(
  kind: ImageKind,
  query: Record<string, string | undefined>,
  ext: ImageFormat,
): ImageParams {
  const { format, fit } = query;
  if (format !== undefined && !FORMATS.has(format))
    throw badRequest('format must be one of webp, avif, jpeg, png');
  if (fit !== undefined && fit !== 'cover')
    throw badRequest('fit must be cover (pictures are cropped to the square asked for), or left out');
  const chosen = (format as ImageFormat | undefined) ?? ext;
  const width = dimension('width', query.width);
  const height = dimension('height', query.height);
  if (width === null && height === null) return { size: null, format: chosen };
  if (width === null || width !== height || !OFFERED[kind].get(width)?.has(chosen)) {
    throw badRequest(
      `${kind} pictures are rendered as squares, width and height equal: ${offeredInWords(kind)}; ` +
        'or as the original, with neither width nor height',
    );
  }
  return { size: width, format: chosen };
}

// ---------------------------------------------------------------------------------------------------------
// Drawings

interface Palette {
  bg: string;
  pattern: string;
  box: string;
  lid: string;
  ribbon: string;
}

const FIRST_PALETTE: Palette = {
  bg: '#f3e7d9',
  pattern: '#e7d3bb',
  box: '#b8474d',
  lid: '#a23a40',
  ribbon: '#f0c24f',
};
const PALETTES: readonly Palette[] = [
  FIRST_PALETTE,
  { bg: '#e4efe6', pattern: '#cfe0d2', box: '#3f6f5a', lid: '#335c4a', ribbon: '#f4efe2' },
  { bg: '#e9e6f2', pattern: '#d6d0e6', box: '#5a4f8c', lid: '#4a4076', ribbon: '#e9b7c1' },
  { bg: '#f6ece3', pattern: '#ecd9c8', box: '#c9743f', lid: '#b16334', ribbon: '#2f4a6d' },
  { bg: '#e6eef4', pattern: '#d0dfea', box: '#2f5d86', lid: '#264d70', ribbon: '#f2d27a' },
  { bg: '#f4eef0', pattern: '#e8d8de', box: '#d98ea0', lid: '#c97b8e', ribbon: '#ffffff' },
  { bg: '#efefe6', pattern: '#dfdfcf', box: '#6b6b3d', lid: '#5a5a32', ribbon: '#e0a96d' },
  { bg: '#f2ebe1', pattern: '#e3d6c3', box: '#333333', lid: '#222222', ribbon: '#dd807f' },
];

function paletteAt(index: number): Palette {
  return PALETTES[index % PALETTES.length] ?? FIRST_PALETTE;
}

/** A background pattern in the style of a Japanese textile (waves, checks, dots, stripes, hemp leaf). */
function pattern(kind: number, colour: string, size: number): string {
  const s = size;
  switch (kind % 5) {
    case 0: // seigaiha (waves)
      return `<pattern id="p" width="${s}" height="${s / 2}" patternUnits="userSpaceOnUse">
        <g fill="none" stroke="${colour}" stroke-width="${s / 24}">
          <circle cx="${s / 2}" cy="${s / 2}" r="${s / 2.2}"/><circle cx="${s / 2}" cy="${s / 2}" r="${s / 3.2}"/>
          <circle cx="${s / 2}" cy="${s / 2}" r="${s / 6}"/>
          <circle cx="0" cy="0" r="${s / 2.2}"/><circle cx="${s}" cy="0" r="${s / 2.2}"/>
        </g></pattern>`;
    case 1: // ichimatsu (checks)
      return `<pattern id="p" width="${s}" height="${s}" patternUnits="userSpaceOnUse">
        <rect width="${s / 2}" height="${s / 2}" fill="${colour}"/>
        <rect x="${s / 2}" y="${s / 2}" width="${s / 2}" height="${s / 2}" fill="${colour}"/></pattern>`;
    case 2: // mizutama (dots)
      return `<pattern id="p" width="${s}" height="${s}" patternUnits="userSpaceOnUse">
        <circle cx="${s / 4}" cy="${s / 4}" r="${s / 9}" fill="${colour}"/>
        <circle cx="${(3 * s) / 4}" cy="${(3 * s) / 4}" r="${s / 9}" fill="${colour}"/></pattern>`;
    case 3: // shima (stripes)
      return `<pattern id="p" width="${s}" height="${s}" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
        <rect width="${s / 3}" height="${s}" fill="${colour}"/></pattern>`;
    default: // asanoha-like (hemp leaf)
      return `<pattern id="p" width="${s}" height="${s}" patternUnits="userSpaceOnUse">
        <g stroke="${colour}" stroke-width="${s / 30}" fill="none">
          <path d="M0 0L${s} ${s}M${s} 0L0 ${s}M${s / 2} 0V${s}M0 ${s / 2}H${s}"/></g></pattern>`;
  }
}

/** A gift box with a ribbon on a patterned ground, 1200×1200. */
export function productSvg(imageId: number, style: number): string {
  const rng = mulberry32(style * 31 + imageId);
  const p = paletteAt(Math.floor(rng() * PALETTES.length));
  const patternKind = Math.floor(rng() * 5);
  const tile = 80 + Math.floor(rng() * 4) * 20;
  const w = 520 + Math.floor(rng() * 160);
  const h = 360 + Math.floor(rng() * 160);
  const x = 600 - w / 2;
  const y = 680 - h / 2;
  const lidH = 90;
  const tilt = Math.floor(rng() * 9) - 4;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1200" viewBox="0 0 1200 1200">
  <defs>${pattern(patternKind, p.pattern, tile)}
    <radialGradient id="shade" cx="50%" cy="40%" r="70%"><stop offset="0" stop-color="#fff" stop-opacity=".35"/>
    <stop offset="1" stop-color="#000" stop-opacity=".08"/></radialGradient></defs>
  <rect width="1200" height="1200" fill="${p.bg}"/>
  <rect width="1200" height="1200" fill="url(#p)"/>
  <ellipse cx="600" cy="${y + h + 40}" rx="${w / 1.7}" ry="50" fill="#000" opacity=".12"/>
  <g transform="rotate(${tilt} 600 680)">
    <rect x="${x}" y="${y}" width="${w}" height="${h}" rx="10" fill="${p.box}"/>
    <rect x="${x - 24}" y="${y - lidH + 20}" width="${w + 48}" height="${lidH}" rx="10" fill="${p.lid}"/>
    <rect x="${600 - 30}" y="${y - lidH + 20}" width="60" height="${h + lidH - 20}" fill="${p.ribbon}"/>
    <rect x="${x}" y="${y + h / 2 - 26}" width="${w}" height="52" fill="${p.ribbon}" opacity=".9"/>
    <path d="M600 ${y - lidH + 30} C ${520} ${y - lidH - 120}, ${400} ${y - lidH - 30}, 600 ${y - lidH + 30} Z"
      fill="${p.ribbon}" stroke="${p.lid}" stroke-width="6"/>
    <path d="M600 ${y - lidH + 30} C ${680} ${y - lidH - 120}, ${800} ${y - lidH - 30}, 600 ${y - lidH + 30} Z"
      fill="${p.ribbon}" stroke="${p.lid}" stroke-width="6"/>
    <circle cx="600" cy="${y - lidH + 30}" r="26" fill="${p.ribbon}" stroke="${p.lid}" stroke-width="6"/>
    <rect x="${x}" y="${y}" width="${w}" height="${h}" rx="10" fill="url(#shade)"/>
  </g>
</svg>`;
}

/** A floor of the store: a stylised building front under a sky, 1600×900. */
export function areaSvg(areaId: number): string {
  const rng = mulberry32(areaId * 7919);
  const p = paletteAt(areaId * 3);
  const buildings: string[] = [];
  let x = 0;
  while (x < 1600) {
    const bw = 140 + Math.floor(rng() * 160);
    const bh = 260 + Math.floor(rng() * 340);
    buildings.push(
      `<rect x="${x}" y="${900 - bh}" width="${bw - 12}" height="${bh}" fill="${p.lid}" opacity=".85"/>`,
    );
    for (let wy = 900 - bh + 30; wy < 860; wy += 60) {
      for (let wx = x + 20; wx < x + bw - 40; wx += 44) {
        if (rng() < 0.6)
          buildings.push(
            `<rect x="${wx}" y="${wy}" width="22" height="30" fill="${p.ribbon}" opacity=".8"/>`,
          );
      }
    }
    x += bw;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="900" viewBox="0 0 1600 900">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.bg}"/>
  <stop offset="1" stop-color="${p.pattern}"/></linearGradient></defs>
  <rect width="1600" height="900" fill="url(#sky)"/>
  <circle cx="${300 + areaId * 250}" cy="220" r="110" fill="${p.box}" opacity=".85"/>
  ${buildings.join('\n  ')}
  <rect y="860" width="1600" height="40" fill="${p.box}"/>
</svg>`;
}

/** A round crest-like mark, 600×600 on white. */
export function tenantSvg(tenantId: number): string {
  const rng = mulberry32(tenantId * 104729);
  const p = paletteAt(tenantId);
  const petals = 3 + ((tenantId * 5) % 6);
  const turn = Math.floor(rng() * 60);
  const shapes: string[] = [];
  for (let i = 0; i < petals; i++) {
    const angle = (360 / petals) * i;
    shapes.push(
      `<ellipse cx="300" cy="190" rx="${40 + (tenantId % 3) * 12}" ry="90" fill="${p.ribbon}" transform="rotate(${angle + turn} 300 300)"/>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 600 600">
  <rect width="600" height="600" fill="#ffffff"/>
  <circle cx="300" cy="300" r="270" fill="${p.box}"/>
  <circle cx="300" cy="300" r="240" fill="none" stroke="${p.ribbon}" stroke-width="8"/>
  ${shapes.join('\n  ')}
  <circle cx="300" cy="300" r="46" fill="${p.box}" stroke="${p.ribbon}" stroke-width="10"/>
</svg>`;
}

// ---------------------------------------------------------------------------------------------------------
// Rendering and caching

class ByteLru {
  readonly #max: number;
  #bytes = 0;
  readonly #map = new Map<string, RenderedImage>();

  constructor(maxBytes: number) {
    this.#max = maxBytes;
  }

  get(key: string): RenderedImage | undefined {
    const hit = this.#map.get(key);
    if (hit) {
      this.#map.delete(key);
      this.#map.set(key, hit);
    }
    return hit;
  }

  set(key: string, value: RenderedImage): void {
    const old = this.#map.get(key);
    if (old) {
      this.#bytes -= old.body.byteLength;
      this.#map.delete(key);
    }
    this.#map.set(key, value);
    this.#bytes += value.body.byteLength;
    for (const [k, v] of this.#map) {
      if (this.#bytes <= this.#max) break;
      this.#map.delete(k);
      this.#bytes -= v.body.byteLength;
    }
  }
}

export interface ImageLimits {
  /** Files and bytes the disk cache may hold; the oldest renders are deleted past either. */
  diskEntries: number;
  diskBytes: number;
  /** Renders at once, and renders waiting; past both the request is refused with 503. */
  concurrentRenders: number;
  queuedRenders: number;
  /** Renders at once of the ahead-of-time queue (`renderAhead`), beside the requests' own. */
  aheadRenders: number;
  /**
   * Pictures one client may have rendered on request a minute (cached ones are not counted), sized for a
   * store's shared Wi-Fi: many shoppers behind one address, each page a few dozen pictures.
   */
  rendersPerClient: number;
}

const DEFAULT_LIMITS: ImageLimits = {
  diskEntries: 20_000,
  diskBytes: 512 * 1024 * 1024,
  concurrentRenders: 2,
  queuedRenders: 64,
  aheadRenders: 1,
  rendersPerClient: 300,
};

/** Who asks for a picture, for the per-client limit: the client (http.ts, `clientOf`) and the time. */
export interface Asker {
  client: string;
  now: number;
}

const RENDER_WINDOW_MS = 60_000;

/** One render of one picture. */
export interface PlannedRender {
  kind: ImageKind;
  id: number;
  params: ImageParams;
}

/** What `renderAhead` did: rendered, found already rendered (on disk, in memory or under way), or left. */
export interface AheadSummary {
  rendered: number;
  present: number;
  /** Renders past the disk cache's size, not planned (they render on request). */
  left: number;
}

/** The formats of the standard renders, in the picture writer's order: its best `<source>` first. */
const STANDARD_FORMATS: readonly ImageFormat[] = [
  ...new Set(pictureRenders(1).map((render) => render.format)),
];

/**
 * The formats current browsers fetch, rendered first: the best `<source>` (every current browser reads
 * AVIF) and JPEG, the `<img src>` that a video's poster and share previews use too.
 */
export const BROWSERS_FORMATS: readonly ImageFormat[] = [STANDARD_FORMATS[0] ?? 'avif', 'jpeg'];
/** The other formats: fallbacks for older browsers only (WebP), rendered after. */
export const FALLBACK_FORMATS: readonly ImageFormat[] = STANDARD_FORMATS.filter(
  (format) => !BROWSERS_FORMATS.includes(format),
);

/** The kinds of picture in the order they are rendered ahead: the few shown on many pages first. */
const KINDS_FIRST_TO_LAST: readonly ImageKind[] = ['areas', 'tenants', 'products'];

/**
 * Every standard render in `formats` of the catalogue's pictures (products' images, areas' pictures, brands'
 * logos), as the site asks for them (src/lib/picture-sizes.ts): format by format, then by display size, smallest
 * first (list pages show thumbnails and logos before anyone opens a product), then by kind (areas and logos
 * first) and id. Lazy: nothing is listed before it is taken.
 */
export function* standardRenders(
  ids: Record<ImageKind, readonly number[]>,
  formats: readonly ImageFormat[] = [...BROWSERS_FORMATS, ...FALLBACK_FORMATS],
): Generator<PlannedRender> {
  const sizes = [...new Set(KINDS_FIRST_TO_LAST.flatMap((kind) => PICTURE_SIZES[kind]))].sort(
    (a, b) => a - b,
  );
  for (const format of formats) {
    for (const size of sizes) {
      const renders = pictureRenders(size).filter((render) => render.format === format);
      for (const kind of KINDS_FIRST_TO_LAST) {
        if (!(PICTURE_SIZES[kind] as readonly number[]).includes(size)) continue;
        for (const id of ids[kind]) {
          for (const render of renders) {
            yield { kind, id, params: { size: render.size, format } };
          }
        }
      }
    }
  }
}

/** Draws a picture from its SVG original (`render` below; tests hold it to see the queue at rest). */
export type Renderer = (svg: string, params: ImageParams) => Promise<Buffer>;

/** Too many renders already waiting: the caller answers 503 with Retry-After. */
export class RenderQueueFull extends Error {}

/** The client has had its renders on request for this minute: the caller answers 429 with Retry-After. */
export class RenderLimited extends Error {
  readonly retryAfterMs: number;

  constructor(retryAfterMs: number) {
    super('too many pictures rendered for this client');
    this.retryAfterMs = retryAfterMs;
  }
}

/** The disk cache's files, oldest first, read once from the directory and kept up to date. */
class DiskIndex {
  readonly #dir: string;
  readonly #limits: ImageLimits;
  #entries: Map<string, number> | null = null;
  #bytes = 0;

  constructor(dir: string, limits: ImageLimits) {
    this.#dir = dir;
    this.#limits = limits;
  }

  async #load(): Promise<Map<string, number>> {
    if (this.#entries) return this.#entries;
    const found: { name: string; size: number; mtime: number }[] = [];
    for (const name of await readdir(this.#dir).catch(() => [] as string[])) {
      if (name.endsWith('.tmp')) continue;
      const info = await stat(join(this.#dir, name)).catch(() => null);
      if (info?.isFile()) found.push({ name, size: info.size, mtime: info.mtimeMs });
    }
    found.sort((a, b) => a.mtime - b.mtime);
    this.#entries ??= new Map(found.map((file) => [file.name, file.size]));
    this.#bytes = [...this.#entries.values()].reduce((sum, size) => sum + size, 0);
    return this.#entries;
  }

  /** Whether the cache holds the file. */
  async has(name: string): Promise<boolean> {
    return (await this.#load()).has(name);
  }

  /** Records a new file and deletes the oldest while over a limit. */
  async added(name: string, size: number): Promise<void> {
    const entries = await this.#load();
    this.#bytes -= entries.get(name) ?? 0;
    entries.delete(name);
    entries.set(name, size);
    this.#bytes += size;
    for (const [oldest, oldSize] of entries) {
      if (entries.size <= this.#limits.diskEntries && this.#bytes <= this.#limits.diskBytes) break;
      entries.delete(oldest);
      this.#bytes -= oldSize;
      await unlink(join(this.#dir, oldest)).catch(() => undefined);
    }
  }
}

export class ImageService {
  readonly #store: Store;
  readonly #cacheDir: string | null;
  readonly #memory = new ByteLru(64 * 1024 * 1024);
  readonly #inflight = new Map<string, Promise<ServedImage>>();
  readonly #limits: ImageLimits;
  readonly #disk: DiskIndex | null;
  #rendering = 0;
  readonly #waiting: (() => void)[] = [];
  /** Requests' loads under way (read from disk, rendering, or waiting for a render slot). */
  #loading = 0;
  /** Renders planned ahead so far, by every run: never more than the disk cache holds. */
  #aheadPlanned = 0;
  /** Ahead-of-time renders waiting for the requests' loads to be over. */
  readonly #idleWaiters: (() => void)[] = [];
  readonly #render: Renderer;

  constructor(
    store: Store,
    cacheDir: string | null,
    limits: Partial<ImageLimits> = {},
    renderer: Renderer = render,
  ) {
    this.#store = store;
    this.#render = renderer;
    this.#cacheDir = cacheDir;
    this.#limits = { ...DEFAULT_LIMITS, ...limits };
    this.#disk = cacheDir === null ? null : new DiskIndex(cacheDir, this.#limits);
    // Made once, here: a write that was under way as the process ended (a temporary folder is removed then)
    // must fail, not make the folder again.
    if (cacheDir !== null) mkdirSync(cacheDir, { recursive: true });
  }

  /** Runs a request's render when a slot is free; refuses at once when the queue is full. */
  async #withRenderSlot<T>(work: () => Promise<T>): Promise<T> {
    if (this.#rendering >= this.#limits.concurrentRenders) {
      if (this.#waiting.length >= this.#limits.queuedRenders) throw new RenderQueueFull();
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    } else {
      this.#rendering += 1;
    }
    try {
      return await work();
    } finally {
      const next = this.#waiting.shift();
      if (next) next();
      else this.#rendering -= 1;
    }
  }

  /** Resolves when no request is loading a picture (from disk or by rendering it) or waiting to. */
  async #requestsIdle(): Promise<void> {
    if (this.#loading === 0) return;
    await new Promise<void>((resolve) => this.#idleWaiters.push(resolve));
  }

  /** The SVG original of an image, or null when there is no such image. */
  async original(kind: ImageKind, id: number): Promise<string | null> {
    switch (kind) {
      case 'products': {
        const row = await this.#store.image(id);
        return row ? productSvg(row.id, row.style) : null;
      }
      case 'areas':
        return (await this.#areaIds()).includes(id) ? areaSvg(id) : null;
      case 'tenants':
        return (await this.#tenantIds()).includes(id) ? tenantSvg(id) : null;
    }
  }

  /** The areas' and tenants' ids, read once: they are seeded and never change while servers run. */
  #areaIdList: Promise<number[]> | undefined;
  #tenantIdList: Promise<number[]> | undefined;
  #areaIds(): Promise<number[]> {
    this.#areaIdList ??= this.#store.areas().then((rows) => rows.map((row) => row.id));
    return this.#areaIdList;
  }
  #tenantIds(): Promise<number[]> {
    this.#tenantIdList ??= this.#store.tenants().then((rows) => rows.map((row) => row.id));
    return this.#tenantIdList;
  }

  /** The ids of every picture the catalogue has, by kind (what `standardRenders` plans). */
  async pictureIds(): Promise<Record<ImageKind, number[]>> {
    return {
      areas: await this.#areaIds(),
      tenants: await this.#tenantIds(),
      products: await this.#store.imageIds(),
    };
  }

  /**
   * The rendered image, or null when the image does not exist. A request counts as loading from the
   * moment it is made (its original is read from the database first), so the queue waits for it. With an
   * `asker`, a picture that must be rendered counts towards that client's renders of the minute
   * (`RenderLimited` past them); one from the memory or disk cache, or joining a render under way, does not.
   * A request that joins a load under way (the queue's render, another request's) has that load's source.
   */
  async get(kind: ImageKind, id: number, params: ImageParams, asker?: Asker): Promise<ServedImage | null> {
    this.#loading += 1;
    try {
      const svg = await this.original(kind, id);
      if (svg === null) return null;
      const key = cacheKey(kind, id, svg, params);
      for (;;) {
        const hit = this.#memory.get(key);
        if (hit) return { ...hit, source: 'memory' };
        const pending = this.#inflight.get(key);
        if (pending) {
          try {
            return await pending;
          } catch (error) {
            // The client that started it was past its limit: this request tries on its own account.
            if (error instanceof RenderLimited) continue;
            throw error;
          }
        }
        const job = this.#load(key, svg, params, asker).finally(() => this.#inflight.delete(key));
        this.#inflight.set(key, job);
        return await job;
      }
    } finally {
      this.#loading -= 1;
      if (this.#loading === 0) for (const resume of this.#idleWaiters.splice(0)) resume();
    }
  }

  async #load(key: string, svg: string, params: ImageParams, asker?: Asker): Promise<ServedImage> {
    const contentType = CONTENT_TYPES[params.format];
    if (this.#cacheDir !== null) {
      try {
        const body = await readFile(join(this.#cacheDir, key));
        const image = { body, contentType, etag: etagOf(body) };
        this.#memory.set(key, image);
        return { ...image, source: 'disk' };
      } catch {
        // not cached on disk yet
      }
    }
    if (asker) await this.#countRender(asker);
    const body = await this.#withRenderSlot(() => this.#render(svg, params));
    const image = { body, contentType, etag: etagOf(body) };
    this.#memory.set(key, image);
    this.#keep(key, body).catch((error: unknown) =>
      console.warn(`image cache: could not write ${key}: ${String(error)}`),
    );
    return { ...image, source: 'render' };
  }

  /** Counts a render on request towards the client's renders of the minute; throws past the limit. */
  async #countRender({ client, now }: Asker): Promise<void> {
    const { rendersPerClient } = this.#limits;
    const limit = await overLimit(this.#store, `render:${client}`, rendersPerClient, RENDER_WINDOW_MS, now);
    if (limit.over) throw new RenderLimited(limit.retryAfterMs);
  }

  /** Writes a render to the disk cache (when there is one). */
  async #keep(key: string, body: Buffer): Promise<void> {
    if (this.#cacheDir === null) return;
    const tmp = join(this.#cacheDir, `${key}.${process.pid}.tmp`);
    await writeFile(tmp, body);
    await rename(tmp, join(this.#cacheDir, key));
    await this.#disk?.added(key, body.byteLength);
  }

  /**
   * Puts every render of `plan` on disk that is not there yet, in the background: see the head of this
   * file. All runs together plan no more renders than the disk cache holds. Resolves when the plan is done;
   * without a disk cache there is nowhere to keep them, and nothing is done.
   */
  async renderAhead(plan: Iterable<PlannedRender>): Promise<AheadSummary> {
    const summary: AheadSummary = { rendered: 0, present: 0, left: 0 };
    if (this.#cacheDir === null) return summary;
    const jobs = plan[Symbol.iterator]();
    const next = (): PlannedRender | null => {
      for (let step = jobs.next(); !step.done; step = jobs.next()) {
        if (this.#aheadPlanned < this.#limits.diskEntries) {
          this.#aheadPlanned += 1;
          return step.value;
        }
        summary.left += 1;
      }
      return null;
    };
    const worker = async () => {
      for (let job = next(); job !== null; job = next()) {
        if (await this.#renderOneAhead(job)) summary.rendered += 1;
        else summary.present += 1;
      }
    };
    await Promise.all(Array.from({ length: this.#limits.aheadRenders }, worker));
    return summary;
  }

  /** Renders one planned render onto disk; false when it was there already (or is under way, or is gone). */
  async #renderOneAhead({ kind, id, params }: PlannedRender): Promise<boolean> {
    await this.#requestsIdle();
    const svg = await this.original(kind, id);
    if (svg === null) return false;
    const key = cacheKey(kind, id, svg, params);
    if (this.#memory.get(key) || this.#inflight.has(key) || (await this.#disk?.has(key))) return false;
    // Checked again: a request may have started this render while the disk was asked.
    if (this.#inflight.has(key)) return false;
    const job = (async () => {
      const body = await this.#render(svg, params);
      await this.#keep(key, body);
      return {
        body,
        contentType: CONTENT_TYPES[params.format],
        etag: etagOf(body),
        source: 'render' as const,
      };
    })().finally(() => this.#inflight.delete(key));
    this.#inflight.set(key, job);
    await job;
    return true;
  }
}

/** The cache's name of a render: the kind, id and a digest of the drawing, then the parameters. */
function cacheKey(kind: ImageKind, id: number, svg: string, params: ImageParams): string {
  const drawing = createHash('sha1').update(svg).digest('base64url').slice(0, 10);
  const side = params.size ?? 0;
  return `v${DRAWING_VERSION}-${kind}-${id}-${drawing}-${side}x${side}-cover.${params.format}`;
}

function etagOf(body: Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;
}

/**
 * Renders a drawing: a square of `size` px cropped to cover, or the original at its own size. Either way at
 * most `MAX_DIMENSION` a side: a larger size is refused, a larger drawing shrunk.
 */
async function render(svg: string, params: ImageParams): Promise<Buffer> {
  const { size } = params;
  if (size !== null && !(Number.isInteger(size) && size >= 1 && size <= MAX_DIMENSION)) {
    throw new RangeError(`a render is 1 to ${MAX_DIMENSION} px a side, not ${size}`);
  }
  let pipeline = sharp(Buffer.from(svg), { density: 72 });
  pipeline =
    size === null
      ? pipeline.resize({
          width: MAX_DIMENSION,
          height: MAX_DIMENSION,
          fit: 'inside',
          withoutEnlargement: true,
        })
      : pipeline.resize({ width: size, height: size, fit: 'cover' });
  switch (params.format) {
    case 'jpeg':
      pipeline = pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: 82, mozjpeg: true });
      break;
    case 'png':
      pipeline = pipeline.png({ compressionLevel: 8 });
      break;
    case 'webp':
      pipeline = pipeline.webp({ quality: 80 });
      break;
    case 'avif':
      // Effort 1: half the CPU of effort 2 for a few per cent more bytes (docs/performance.md, "Pictures
      // after a fresh `npm start`"); a fresh start or a CI runner renders some 1,600 of them.
      pipeline = pipeline.avif({ quality: 50, effort: 1 });
      break;
  }
  return pipeline.toBuffer();
}

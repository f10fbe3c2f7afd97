/**
 * The one image helper. Catalogue images come from the image host with size parameters: nothing is
 * processed at build time, so a 10,000-product build stays O(pages).
 *
 * An image on the site's own origin (the catalog API's images through the site's `/api` proxy) is written
 * root-relative, `/api/images/…`, so pages work at whatever origin they are opened (127.0.0.1 rather than
 * localhost, a deploy preview) and their policy's `img-src 'self'` allows it. What must be absolute (Open
 * Graph, JSON-LD) resolves these against the page's canonical URL.
 */

/** Image sizes: 256×256 thumbnails, 768×768 main images. */
export const THUMBNAIL_SIZE = 256;
export const MAIN_SIZE = 768;
/** Shown when a product has no image: the fallback logo image. */
export const FALLBACK_IMAGE_SRC = '/images/fallback-logo.svg';

export type ImageFormat = 'avif' | 'webp' | 'jpeg';

/** The `<source>` formats of a picture, best first; the `<img src>` is JPEG. */
export const SOURCE_FORMATS = [
  { format: 'avif', type: 'image/avif' },
  { format: 'webp', type: 'image/webp' },
] as const;

/**
 * Stand-ins for the size and the format in a source's URL template: characters a query string keeps as they
 * are, so each appears in the serialised URL exactly as written.
 */
const SIZE_MARK = '_size_';
const FORMAT_MARK = '_format_';

/**
 * Per source, its URL with the size and format parameters set to the marks: a product page asks for each
 * image in up to seven sizes and formats, and parsing the URL each time showed in a large build's profile
 * (docs/performance.md). Bounded: the pages rendering at once share few sources.
 */
const templates = new Map<string, string | null>();
const TEMPLATES_KEPT = 512;

function resized(src: string, size: string, format: string): string {
  const url = new URL(src);
  url.searchParams.set('width', size);
  url.searchParams.set('height', size);
  url.searchParams.set('format', format);
  return url.toString();
}

/**
 * A source URL that parsing gives back as it is (the catalogue's image URLs): http(s); a host of
 * lower-case labels each starting with a letter (so never an IPv4 address, which parsing would rewrite);
 * a port, if any, that is a port and not the scheme's own; a path of one or more segments of characters a
 * URL keeps as they are, none starting with a dot (so no `.` or `..` segment); no query, no fragment. Its
 * template is the source with the parameters appended; any other source is parsed.
 */
const CANONICAL_SOURCE =
  /^(https?):\/\/[a-z][a-z0-9-]*(?:\.[a-z][a-z0-9-]*)*(?::([1-9][0-9]{0,4}))?(?:\/[A-Za-z0-9_~-][A-Za-z0-9._~-]*)+$/;

function isCanonical(src: string): boolean {
  const match = CANONICAL_SOURCE.exec(src);
  if (!match) return false;
  const [, scheme, port] = match;
  return port === undefined || (Number(port) <= 65_535 && port !== (scheme === 'http' ? '80' : '443'));
}

/** How many times `mark` is in `text`. */
const count = (text: string, mark: string) => text.split(mark).length - 1;

/**
 * `src`'s URL template, or null when the URL holds a mark of its own (written so, or percent-encoded in the
 * source): then each of its URLs is made afresh.
 */
function template(src: string): string | null {
  let made = templates.get(src);
  if (made === undefined) {
    // On the server only (the build's pages): a browser's bundle leaves the check out.
    const marked =
      import.meta.env.SSR && isCanonical(src)
        ? `${src}?width=${SIZE_MARK}&height=${SIZE_MARK}&format=${FORMAT_MARK}`
        : resized(src, SIZE_MARK, FORMAT_MARK);
    made = count(marked, SIZE_MARK) === 2 && count(marked, FORMAT_MARK) === 1 ? marked : null;
    if (templates.size >= TEMPLATES_KEPT) templates.clear();
    templates.set(src, made);
  }
  return made;
}

/** The site's own origin followed by `/` (Astro's `site`, in the build and in the browser's bundles). */
const SITE_PREFIX = siteOrigin(import.meta.env?.SITE);

function siteOrigin(site: string | undefined): string | undefined {
  try {
    return site ? `${new URL(site).origin}/` : undefined;
  } catch {
    return undefined;
  }
}

/** `url` root-relative when it is on the site's own origin; any other URL as it is. */
export function onThisSite(url: string, prefix = SITE_PREFIX): string {
  return prefix !== undefined && url.startsWith(prefix) ? url.slice(prefix.length - 1) : url;
}

/** The URL of `src` resized to a square of `size` px (cover) in `format`. */
export function imageUrl(src: string, size: number, format: ImageFormat = 'jpeg'): string {
  if (src === FALLBACK_IMAGE_SRC) return src;
  const made = template(src);
  if (made === null) return freshImageUrl(src, size, format);
  return onThisSite(made.replaceAll(SIZE_MARK, String(size)).replace(FORMAT_MARK, format));
}

/** `url 1x, url 2x` for a square display size. */
function imageSrcset(src: string, size: number, format: ImageFormat): string {
  return `${imageUrl(src, size, format)} 1x, ${imageUrl(src, size * 2, format)} 2x`;
}

/** `url 768w, url 1536w`: the browser picks by the `sizes` the image is shown at and the screen density. */
function imageSrcsetByWidth(src: string, size: number, format: ImageFormat): string {
  return `${imageUrl(src, size, format)} ${size}w, ${imageUrl(src, size * 2, format)} ${size * 2}w`;
}

export interface ResponsiveImage {
  /** The `<img src>`: JPEG at 1x, for browsers that take no `<source>`. */
  src: string;
  /** `<source>` candidates, best format first. */
  sources: { type: string; srcset: string }[];
  width: number;
  height: number;
}

/**
 * Everything a `<picture>` needs for a square catalogue image; the fallback image when `src` is missing.
 * With `sizes` (the `sizes` attribute the image gets), candidates are by width, so a phone at 1.75x showing
 * the image at 360 px takes the 1x file instead of the 2x one; without, they are 1x and 2x.
 */
export function responsiveImage(
  src: string | null | undefined,
  size: number,
  sizes?: string,
): ResponsiveImage {
  if (!src || src === FALLBACK_IMAGE_SRC)
    return { src: FALLBACK_IMAGE_SRC, sources: [], width: size, height: size };
  const srcset = sizes ? imageSrcsetByWidth : imageSrcset;
  return {
    src: imageUrl(src, size, 'jpeg'),
    sources: SOURCE_FORMATS.map(({ format, type }) => ({ type, srcset: srcset(src, size, format) })),
    width: size,
    height: size,
  };
}

/**
 * imageUrl's URL made afresh, keeping no template: for a script that makes a few and must stay small (the
 * bag page's first script, held-bag.ts). Not for the fallback image.
 */
export function freshImageUrl(src: string, size: number, format: ImageFormat = 'jpeg'): string {
  return onThisSite(resized(src, String(size), format));
}

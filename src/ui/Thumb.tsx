/** A product thumbnail from the image host (the 256 px size the catalogue lists share), or the fallback logo. */
import { FALLBACK_IMAGE_SRC, imageUrl, THUMBNAIL_SIZE } from '../lib/images.ts';

/**
 * The sizes a thumbnail is shown at, as classes: a `style` attribute in markup is refused by the page's
 * policy (`style-src-attr`), and the bag page draws the bag it holds from markup (held-bag.ts).
 */
const SIZE_CLASS = { 56: 'h-14 w-14', 80: 'h-20 w-20' } as const;

export function Thumb({ src, size }: { src: string | null | undefined; size: keyof typeof SIZE_CLASS }) {
  if (!src) {
    return (
      <img
        src={FALLBACK_IMAGE_SRC}
        width={size}
        height={size}
        alt=""
        className={`${SIZE_CLASS[size]} shrink-0 rounded bg-neutral-100 object-contain p-2`}
      />
    );
  }
  return (
    <picture className="shrink-0">
      <source type="image/avif" srcSet={imageUrl(src, THUMBNAIL_SIZE, 'avif')} />
      <source type="image/webp" srcSet={imageUrl(src, THUMBNAIL_SIZE, 'webp')} />
      <img
        src={imageUrl(src, THUMBNAIL_SIZE, 'jpeg')}
        width={size}
        height={size}
        alt=""
        loading="lazy"
        decoding="async"
        className={`${SIZE_CLASS[size]} rounded bg-neutral-100 object-cover`}
      />
    </picture>
  );
}

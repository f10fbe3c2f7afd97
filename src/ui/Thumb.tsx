/** A product thumbnail from the image host (the 256 px size the catalogue lists share), or the fallback logo. */
import { FALLBACK_IMAGE_SRC, imageUrl, THUMBNAIL_SIZE } from '../lib/images.ts';

export function Thumb({ src, size = 72 }: { src: string | null | undefined; size?: number }) {
  if (!src) {
    return (
      <img
        src={FALLBACK_IMAGE_SRC}
        width={size}
        height={size}
        alt=""
        className="shrink-0 rounded bg-neutral-100 object-contain p-2"
        style={{ width: size, height: size }}
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
        className="rounded bg-neutral-100 object-cover"
        style={{ width: size, height: size }}
      />
    </picture>
  );
}

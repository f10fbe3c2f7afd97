/**
 * A square catalogue image in React: AVIF/WebP/JPEG at 1x and 2x, or by width with `sizes` (the fallback
 * image when `src` is null).
 * The DOM tree of catalogue-image-html.ts, which every server-side writer uses (catalogue-picture.test.tsx).
 */
import { responsiveImage } from '../lib/images.ts';
import { type PicturePriority, pictureLoading } from './picture-loading.ts';

interface Props {
  src: string | null | undefined;
  /** Display size in CSS px (256 thumbnails, 768 main). */
  size: number;
  alt: string;
  /** The page's LCP image (`true`), or one behind the page's own picture (`'low'`): pictureLoading. */
  priority?: PicturePriority;
  className?: string;
  /** The `sizes` attribute, for an image whose displayed width depends on the viewport (width candidates). */
  sizes?: string | undefined;
}

export function CataloguePicture({ src, size, alt, priority = false, className, sizes }: Props) {
  const image = responsiveImage(src, size, sizes);
  const { loading, decoding, fetchPriority } = pictureLoading(priority);
  return (
    <picture>
      {image.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcset} sizes={sizes} />
      ))}
      <img
        src={image.src}
        width={image.width}
        height={image.height}
        alt={alt}
        className={className}
        loading={loading}
        decoding={decoding}
        fetchPriority={fetchPriority}
      />
    </picture>
  );
}

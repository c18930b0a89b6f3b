/**
 * A gallery photo in the size the layout needs: the browser picks AVIF or WebP where it can, JPEG
 * otherwise, and the smallest width that fills `sizes` on its screen. Width/height keep the page
 * from jumping.
 *
 * The blurred placeholder shows until the photo arrives only under a photo loaded at once (the
 * first screen's portrait or cover, the lightbox's photo). Each placeholder is an image the phone
 * decodes while it works out the page's styles, before the first paint: the twelve thumbnails'
 * placeholders were 40% of that work on a 40-photo memorial. A thumbnail waits on its quiet tile.
 */
import type { MediaItem, MediaVariant } from '@/shared/media';
import { cn } from '@/client/lib/cn';

const FORMATS = [
  ['avif', 'image/avif'],
  ['webp', 'image/webp'],
] as const;

/** What a picture needs of a photo: a gallery item, or a shared memory's photo. */
export type PictureSource = Pick<MediaItem, 'width' | 'height' | 'placeholder'> & { variants: Pick<MediaVariant, 'url' | 'width' | 'format'>[] };

const srcSet = (item: PictureSource, format: string) =>
  item.variants
    .filter((variant) => variant.format === format)
    .map((variant) => `${variant.url} ${variant.width}w`)
    .join(', ');

interface PictureProps {
  item: PictureSource;
  /** The CSS width the image takes, e.g. "(min-width: 768px) 33vw, 50vw". */
  sizes: string;
  alt: string;
  className?: string;
  /** The first screen's photo loads at once; the rest when they come near. */
  eager?: boolean;
}

export function Picture({ item, sizes, alt, className, eager }: PictureProps) {
  const jpegs = item.variants.filter((variant) => variant.format === 'jpeg');
  const fallback = jpegs[Math.min(1, jpegs.length - 1)];
  if (!fallback) return null;
  return (
    <picture>
      {FORMATS.map(([format, type]) => (
        <source key={format} type={type} srcSet={srcSet(item, format)} sizes={sizes} />
      ))}
      <img
        src={fallback.url}
        srcSet={srcSet(item, 'jpeg')}
        sizes={sizes}
        alt={alt}
        width={item.width ?? undefined}
        height={item.height ?? undefined}
        loading={eager ? 'eager' : 'lazy'}
        // The first screen's photo is the page's largest paint: ask for it before the scripts.
        fetchPriority={eager ? 'high' : undefined}
        decoding="async"
        className={cn('bg-cover bg-center', className)}
        style={eager && item.placeholder ? { backgroundImage: `url("${item.placeholder}")` } : undefined}
      />
    </picture>
  );
}

/**
 * A person's round photo, or their initials on a warm disc when there is none. The browser picks
 * AVIF or WebP where it can and the smallest width that fills `size` px (the server keeps a few).
 */
import { cn } from '@/client/lib/cn';
import type { TreePerson } from '@/shared/family-tree-api';
import { initials, personName } from './words';

const srcSet = (photo: NonNullable<TreePerson['photo']>, format: string) =>
  photo.variants
    .filter((variant) => variant.format === format)
    .map((variant) => `${variant.url} ${variant.width}w`)
    .join(', ');

/** `decorative`: inside a link or button that already says the name. */
export function PersonPhoto({ person, size, className, decorative = false }: { person: TreePerson; size: number; className?: string; decorative?: boolean }) {
  const { photo } = person;
  const jpeg = photo?.variants.find((variant) => variant.format === 'jpeg');
  return (
    <span
      aria-hidden={photo && !decorative ? undefined : true}
      className={cn('flex shrink-0 items-center justify-center overflow-hidden rounded-full border-2 border-card bg-gold-soft font-serif text-gold-text ring-1 ring-gold/40', className)}
      style={{ width: size, height: size, fontSize: size * 0.36 }}
    >
      {photo && jpeg ? (
        <picture>
          {(['avif', 'webp'] as const).map((format) => (
            <source key={format} type={`image/${format}`} srcSet={srcSet(photo, format)} sizes={`${size}px`} />
          ))}
          <img
            src={jpeg.url}
            srcSet={srcSet(photo, 'jpeg')}
            sizes={`${size}px`}
            alt={decorative ? '' : `Foto af ${personName(person)}`}
            width={size}
            height={size}
            loading="lazy"
            decoding="async"
            className="size-full bg-cover object-cover"
            style={photo.placeholder ? { backgroundImage: `url("${photo.placeholder}")` } : undefined}
          />
        </picture>
      ) : (
        initials(person)
      )}
    </span>
  );
}

/**
 * The memorial's photos and films as a calm grid; a tap opens the item large in the lightbox.
 * Thumbnails are asked for in the size the grid gives them (two columns on a phone, three wider).
 * The "mosaic" variant (the enhanced layout) lets the first item take two columns and two rows,
 * in a wider container, so it asks for larger files for that one. The lightbox (and Radix Dialog
 * with it) loads on the first tap: most visitors only look at the page.
 *
 * Each photo has its caption under it (and as its text alternative, or "Billede 3 af Karen Jensen"
 * without one); the mosaic's large first photo carries it on the photo.
 *
 * A large gallery shows its first rows (twelve items, or nine beside the mosaic's large first one)
 * and a button for the rest (docs/decisions/0011-gallery-first-rows.md): the visitor at the grave
 * gets a calm page that a weak phone draws quickly, and the lightbox still steps through every item.
 */
import { lazy, Suspense, useRef, useState } from 'react';
import { Images, Play } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { cn } from '@/client/lib/cn';
import type { MediaItem } from '@/shared/media';
import { Picture } from './Picture';

const Lightbox = lazy(() => import('./Lightbox'));

const THUMB_SIZES = '(min-width: 768px) 224px, 45vw';
/** The enhanced layout's container is at most 64rem wide (EnhancedMemorial.tsx). */
const MOSAIC_SIZES = '(min-width: 1024px) 320px, (min-width: 768px) 31vw, 45vw';
const FEATURED_SIZES = '(min-width: 1024px) 650px, (min-width: 768px) 64vw, calc(100vw - 2.5rem)';

/**
 * Items shown before "Vis alle": whole rows, six on a phone (two columns) and four on a wide
 * screen (three). The mosaic's first item fills four cells, so it shows fewer items in as many rows.
 */
const GALLERY_FIRST_SHOWN = { grid: 12, mosaic: 9 } as const;
/** A button that would reveal only a few more items is not worth the tap: then all are shown at once. */
const FEWEST_HIDDEN = 4;

/** "Vis alle 40 billeder", "Vis alle 3 film" or "Vis alle 40 billeder og film". */
function showAllLabel(items: MediaItem[]): string {
  const photos = items.filter((item) => item.kind === 'photo').length;
  const what = photos === items.length ? 'billeder' : photos === 0 ? 'film' : 'billeder og film';
  return `Vis alle ${items.length} ${what}`;
}

/** How an item is named to a screen reader: on its thumbnail ("Vis billede 3 af 40: ...") and in the lightbox. */
export function itemLabel(item: MediaItem, position: number, total: number, memorialName: string): string {
  const what = item.kind === 'photo' ? 'Billede' : 'Film';
  return `${what} ${position + 1} af ${total}${item.caption ? `: ${item.caption}` : ` fra mindesiden for ${memorialName}`}`;
}

/** A photo's own description: its caption, or which photo of whom it is. */
export function photoAlt(item: MediaItem, position: number, memorialName: string): string {
  return item.caption || `Billede ${position + 1} af ${memorialName}`;
}

interface GalleryProps {
  items: MediaItem[];
  memorialName: string;
  variant?: 'grid' | 'mosaic';
}

export function Gallery({ items, memorialName, variant = 'grid' }: GalleryProps) {
  const [open, setOpen] = useState<number | null>(null);
  // Once opened, the lightbox stays mounted, so it can close with its animation and give focus back.
  const [loaded, setLoaded] = useState(false);
  const opener = useRef<HTMLButtonElement | null>(null);
  const [showAll, setShowAll] = useState(false);
  const list = useRef<HTMLUListElement | null>(null);
  if (!items.length) return null;
  const firstShown = GALLERY_FIRST_SHOWN[variant];
  const shown = showAll || items.length - firstShown < FEWEST_HIDDEN ? items : items.slice(0, firstShown);
  return (
    <section aria-labelledby="galleri">
      <h2 id="galleri" className="text-center text-3xl">
        Billeder og film
      </h2>
      <ul ref={list} className={cn('mt-8 grid grid-cols-2 gap-3 md:grid-cols-3', variant === 'mosaic' && 'sm:gap-4')}>
        {shown.map((item, index) => {
          const featured = variant === 'mosaic' && index === 0;
          return (
            <li key={item.id} className={featured ? 'col-span-2 row-span-2' : undefined}>
              <button
                type="button"
                onClick={(event) => {
                  opener.current = event.currentTarget;
                  setLoaded(true);
                  setOpen(index);
                }}
                aria-label={`Vis ${itemLabel(item, index, items.length, memorialName).replace(/^./, (c) => c.toLowerCase())}`}
                className="group relative block aspect-square w-full cursor-pointer overflow-hidden rounded-lg border border-border bg-muted focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring"
              >
                {item.kind === 'photo' ? (
                  <Picture item={item} sizes={featured ? FEATURED_SIZES : variant === 'mosaic' ? MOSAIC_SIZES : THUMB_SIZES} alt={photoAlt(item, index, memorialName)} className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.03]" />
                ) : (
                  <span className="flex size-full flex-col items-center justify-center gap-2 p-3 text-center text-muted-foreground">
                    <span className="flex size-14 items-center justify-center rounded-full bg-card text-foreground shadow-sm">
                      <Play className="size-6" aria-hidden="true" />
                    </span>
                    <span className="line-clamp-2 text-sm">{item.caption || (item.kind === 'youtube' ? 'Film fra YouTube' : 'Film')}</span>
                  </span>
                )}
                {featured && item.kind === 'photo' && item.caption ? (
                  <span aria-hidden="true" className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/70 via-black/35 to-transparent px-4 pt-12 pb-3 text-left font-serif text-lg text-white sm:px-5 sm:pb-4 sm:text-xl">
                    {item.caption}
                  </span>
                ) : null}
              </button>
              {/* The featured photo carries its caption on it; the others under them. */}
              {item.kind === 'photo' && item.caption && !featured ? <p className="mt-2 line-clamp-3 text-sm leading-snug text-muted-foreground dark:text-foreground/80">{item.caption}</p> : null}
            </li>
          );
        })}
      </ul>
      {shown.length < items.length ? (
        <div className="mt-8 flex justify-center">
          <Button
            variant="secondary"
            onClick={() => {
              setShowAll(true);
              // Keyboard and screen-reader users go on from the first item they had not seen.
              requestAnimationFrame(() => list.current?.querySelectorAll('button')[shown.length]?.focus());
            }}
          >
            <Images aria-hidden="true" />
            {showAllLabel(items)}
          </Button>
        </div>
      ) : null}
      {loaded ? (
        <Suspense fallback={null}>
          <Lightbox
            items={items}
            index={open}
            onIndexChange={setOpen}
            label={(index) => itemLabel(items[index]!, index, items.length, memorialName)}
            memorialName={memorialName}
            returnFocusTo={() => opener.current}
          />
        </Suspense>
      ) : null}
    </section>
  );
}

/**
 * The memorial's photos and films as a calm grid; a tap opens the item large in the lightbox.
 * Thumbnails are asked for in the size the grid gives them (two columns on a phone, three wider).
 */
import { useRef, useState } from 'react';
import { Play } from 'lucide-react';
import type { MediaItem } from '@/shared/media';
import { Lightbox, itemLabel } from './Lightbox';
import { Picture } from './Picture';

const THUMB_SIZES = '(min-width: 768px) 224px, 45vw';

export function Gallery({ items, memorialName }: { items: MediaItem[]; memorialName: string }) {
  const [open, setOpen] = useState<number | null>(null);
  const opener = useRef<HTMLButtonElement | null>(null);
  if (!items.length) return null;
  return (
    <section aria-labelledby="galleri">
      <h2 id="galleri" className="text-center text-3xl">
        Billeder og film
      </h2>
      <ul className="mt-8 grid grid-cols-2 gap-3 md:grid-cols-3">
        {items.map((item, index) => (
          <li key={item.id}>
            <button
              type="button"
              onClick={(event) => {
                opener.current = event.currentTarget;
                setOpen(index);
              }}
              aria-label={`Vis ${itemLabel(item, index, items.length, memorialName).replace(/^./, (c) => c.toLowerCase())}`}
              className="group relative block aspect-square w-full cursor-pointer overflow-hidden rounded-lg border border-border bg-muted focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              {item.kind === 'photo' ? (
                <Picture item={item} sizes={THUMB_SIZES} alt="" className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.03]" />
              ) : (
                <span className="flex size-full flex-col items-center justify-center gap-2 p-3 text-center text-muted-foreground">
                  <span className="flex size-14 items-center justify-center rounded-full bg-card text-foreground shadow-sm">
                    <Play className="size-6" aria-hidden="true" />
                  </span>
                  <span className="line-clamp-2 text-sm">{item.caption || (item.kind === 'youtube' ? 'Film fra YouTube' : 'Film')}</span>
                </span>
              )}
            </button>
          </li>
        ))}
      </ul>
      <Lightbox items={items} index={open} onIndexChange={setOpen} memorialName={memorialName} returnFocusTo={() => opener.current} />
    </section>
  );
}

/**
 * One gallery item at a time, as large as the screen allows: photos, uploaded videos and YouTube
 * films. Arrow keys and the buttons move between items; Escape or "Luk" closes and gives focus
 * back to the thumbnail (Radix Dialog). Loaded by Gallery.tsx on the first tap on a thumbnail.
 */
import { useEffect } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Dialog, DialogContent, DialogTitle } from '@/client/components/ui/dialog';
import type { MediaItem } from '@/shared/media';
import { Picture } from './Picture';

const STEP =
  'inline-flex size-12 shrink-0 cursor-pointer items-center justify-center rounded-full border border-border bg-card text-foreground hover:bg-secondary focus-visible:outline-3 focus-visible:outline-ring';

interface LightboxProps {
  items: MediaItem[];
  index: number | null;
  onIndexChange: (index: number | null) => void;
  /** The item's name for a screen reader (Gallery's itemLabel). */
  label: (index: number) => string;
  memorialName: string;
  /** Where focus goes when the lightbox closes: the thumbnail that opened it. */
  returnFocusTo: () => HTMLElement | null | undefined;
}

export default function Lightbox({ items, index, onIndexChange, label, memorialName, returnFocusTo }: LightboxProps) {
  const item = index === null ? undefined : items[index];
  const go = (step: number) => index !== null && onIndexChange((index + step + items.length) % items.length);

  useEffect(() => {
    if (index === null) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'ArrowRight') go(1);
      if (event.key === 'ArrowLeft') go(-1);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  return (
    <Dialog open={item !== undefined} onOpenChange={(open) => !open && onIndexChange(null)}>
      <DialogContent
        className="max-w-5xl! p-3! sm:p-5!"
        aria-describedby={undefined}
        // Focus the lightbox itself: its first tabbable element may be a YouTube frame, and keys
        // pressed inside that frame (Escape, the arrows) never reach this page.
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          (event.currentTarget as HTMLElement | null)?.focus();
        }}
        onCloseAutoFocus={(event) => {
          // Radix would look for a trigger; the lightbox has many openers.
          event.preventDefault();
          returnFocusTo()?.focus();
        }}
      >
        {item ? (
          <>
            <DialogTitle className="sr-only">{label(index!)}</DialogTitle>
            <figure className="mt-12 sm:mt-10">
              <div className="flex max-h-[72dvh] items-center justify-center overflow-hidden rounded-lg bg-muted">
                {item.kind === 'photo' ? (
                  <Picture item={item} sizes="(min-width: 1024px) 960px, 100vw" alt={item.caption || `Billede fra mindesiden for ${memorialName}`} eager className="max-h-[72dvh] w-auto object-contain" />
                ) : item.kind === 'video' && item.videoUrl ? (
                  <video src={item.videoUrl} controls playsInline className="max-h-[72dvh] w-full" aria-label={item.caption || 'Film'} />
                ) : item.youtubeId ? (
                  <iframe
                    src={`https://www.youtube-nocookie.com/embed/${item.youtubeId}?rel=0`}
                    title={item.caption || 'Film fra YouTube'}
                    allow="encrypted-media; picture-in-picture; fullscreen"
                    className="aspect-video w-full"
                  />
                ) : null}
              </div>
              <figcaption className="flex min-h-14 items-center justify-between gap-3 px-1 pt-3">
                <button type="button" onClick={() => go(-1)} className={STEP} aria-label="Forrige">
                  <ChevronLeft className="size-6" aria-hidden="true" />
                </button>
                <span className="text-center text-base text-muted-foreground">
                  {item.caption ? <span className="block font-serif text-lg text-foreground">{item.caption}</span> : null}
                  {index! + 1} af {items.length}
                </span>
                <button type="button" onClick={() => go(1)} className={STEP} aria-label="Næste">
                  <ChevronRight className="size-6" aria-hidden="true" />
                </button>
              </figcaption>
            </figure>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}


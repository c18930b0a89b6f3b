/**
 * The book's photos, chosen from the gallery: a card per photo with a checkbox, the whole card
 * the checkbox's label (a large target on a phone, Space to tick it from the keyboard). The book
 * prints them in the order they are ticked; each ticked card shows its number in the book.
 */
import { Check } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/client/components/ui/button';
import { cn } from '@/client/lib/cn';
import type { MediaItem } from '@/shared/media';
import { BOOK_MAX_PHOTOS } from '@/shared/memorial-book';
import { Picture } from '../../Picture';

const THUMB_SIZES = '(min-width: 1024px) 180px, (min-width: 640px) 30vw, 45vw';

interface BookPhotoPickerProps {
  photos: MediaItem[];
  /** The chosen photos' ids, in the book's order. */
  chosen: string[];
  onChange: (chosen: string[]) => void;
}

export function BookPhotoPicker({ photos, chosen, onChange }: BookPhotoPickerProps) {
  const id = useId();
  const full = chosen.length >= BOOK_MAX_PHOTOS;
  const toggle = (photo: MediaItem) =>
    onChange(chosen.includes(photo.id) ? chosen.filter((other) => other !== photo.id) : full ? chosen : [...chosen, photo.id]);

  return (
    <fieldset aria-describedby={`${id}-hint`}>
      <legend className="text-xl font-semibold">Billeder i bogen</legend>
      <p id={`${id}-hint`} className="mt-2 text-muted-foreground">
        Billederne kommer i bogen i den rækkefølge, I sætter flueben ved dem. Vil I have en anden rækkefølge, så fravælg alle og vælg dem igen i den orden, de skal stå
        i. Der er plads til højst {BOOK_MAX_PHOTOS} billeder.
      </p>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <Button variant="secondary" onClick={() => onChange(photos.slice(0, BOOK_MAX_PHOTOS).map((photo) => photo.id))} disabled={chosen.length === Math.min(photos.length, BOOK_MAX_PHOTOS)}>
          Vælg alle
        </Button>
        <Button variant="secondary" onClick={() => onChange([])} disabled={chosen.length === 0}>
          Fravælg alle
        </Button>
        <p aria-live="polite" className="text-muted-foreground">
          {chosen.length === 0 ? 'Ingen billeder valgt' : chosen.length === 1 ? '1 billede valgt' : `${chosen.length} billeder valgt`}
        </p>
      </div>
      <ul className="mt-5 grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-4">
        {photos.map((photo, index) => {
          const place = chosen.indexOf(photo.id);
          const checked = place >= 0;
          const name = photo.caption || `Billede ${index + 1} i galleriet`;
          return (
            <li key={photo.id}>
              <label
                className={cn(
                  'flex h-full cursor-pointer flex-col overflow-hidden rounded-xl border bg-card shadow-xs transition-colors',
                  'has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
                  checked ? 'border-primary ring-2 ring-primary' : 'border-input/70 hover:border-foreground/40',
                  !checked && full && 'cursor-not-allowed opacity-60',
                )}
              >
                <input
                  type="checkbox"
                  checked={checked}
                  disabled={!checked && full}
                  onChange={() => toggle(photo)}
                  aria-describedby={checked ? `${id}-${photo.id}-place` : undefined}
                  className="sr-only"
                />
                <span className="relative block aspect-[4/3] bg-muted">
                  <Picture item={photo} sizes={THUMB_SIZES} alt="" className="absolute inset-0 size-full object-cover" />
                  <span
                    aria-hidden="true"
                    className={cn(
                      'absolute top-2 left-2 flex size-8 items-center justify-center rounded-full border-2 text-sm font-bold shadow-sm',
                      checked ? 'border-primary bg-primary text-primary-foreground' : 'border-white bg-black/35',
                    )}
                  >
                    {checked ? place + 1 : null}
                  </span>
                </span>
                <span className="flex min-h-12 items-start gap-2 px-3 py-2.5 text-sm">
                  {checked ? <Check className="mt-0.5 size-4 shrink-0 text-primary" strokeWidth={3} aria-hidden="true" /> : null}
                  <span className="min-w-0 break-words">{name}</span>
                </span>
                {checked ? (
                  <span id={`${id}-${photo.id}-place`} className="sr-only">
                    Nummer {place + 1} i bogen
                  </span>
                ) : null}
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

/**
 * A photo's or film's caption, saved when the person leaves the field or presses Enter, with a
 * quiet "Gemt" beside it: no save button to forget. Escape puts back what was saved. The text
 * being written is kept until the server has it, so a failed save loses nothing.
 */
import { useEffect, useId, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Check } from 'lucide-react';
import { Input } from '@/client/components/ui/input';
import { apiRequest, errorMessage } from '@/client/lib/request';
import { CAPTION_MAX, type MediaItem } from '@/shared/media';
import { useGalleryCache, withItem } from './gallery-cache';

/** How long "Gemt" stays before it fades out of the way. */
const SAVED_SHOWN_MS = 3000;

interface CaptionFieldProps {
  memorialId: string;
  item: MediaItem;
  /** "billede 2": the field's name for a screen reader, since every card has one. */
  itemRef: string;
}

export function CaptionField({ memorialId, item, itemRef }: CaptionFieldProps) {
  const id = useId();
  const cache = useGalleryCache(memorialId);
  // null: showing what the server holds; a string: what the person is writing.
  const [draft, setDraft] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const save = useMutation({
    mutationFn: (caption: string) =>
      apiRequest<MediaItem>('PUT', `/api/memorials/${encodeURIComponent(memorialId)}/media/${item.id}`, { body: { caption } }),
    onSuccess: (updated, caption) => {
      cache.update((memorial) => withItem(memorial, updated));
      // Only forget the draft if nothing new was typed while it was saving.
      setDraft((current) => (current !== null && current.trim() === caption ? null : current));
      setSaved(true);
      void cache.refresh();
    },
  });

  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => setSaved(false), SAVED_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [saved]);

  const value = draft ?? item.caption;
  const commit = () => {
    if (draft === null) return;
    const caption = draft.trim();
    if (caption === item.caption) {
      setDraft(null);
      return;
    }
    save.mutate(caption);
  };
  const left = CAPTION_MAX - value.length;

  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold">
        {item.kind === 'photo' ? 'Billedtekst' : 'Tekst'}
        <span className="sr-only"> til {itemRef}</span>
      </label>
      <Input
        id={id}
        value={value}
        maxLength={CAPTION_MAX}
        placeholder={item.kind === 'photo' ? 'Fx Mor i haven, sommeren 1975' : 'Fx Sølvbrylluppet i 1987'}
        aria-invalid={save.isError ? true : undefined}
        aria-describedby={`${id}-status`}
        onChange={(event) => {
          setDraft(event.target.value);
          setSaved(false);
          if (save.isError) save.reset();
        }}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            commit();
          }
          if (event.key === 'Escape' && draft !== null) {
            event.preventDefault();
            setDraft(null);
            save.reset();
          }
        }}
        className="mt-1.5 min-h-12"
      />
      <div id={`${id}-status`} className="mt-1 min-h-6 text-sm">
        {save.isError ? (
          <p role="alert" className="font-medium text-destructive">
            Teksten blev ikke gemt: {errorMessage(save.error)}
          </p>
        ) : (
          <p role="status" className="flex items-center gap-1.5 text-muted-foreground">
            {save.isPending ? 'Gemmer...' : null}
            {saved && !save.isPending ? (
              <>
                <Check className="size-4 text-gold" aria-hidden="true" />
                Gemt
              </>
            ) : null}
            {!saved && !save.isPending && left <= 50 ? `${left} tegn tilbage` : null}
          </p>
        )}
      </div>
    </div>
  );
}

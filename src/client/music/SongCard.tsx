/**
 * One song as the family tends it: its title and note, its place in the order ("Flyt op" and
 * "Flyt ned", real buttons that work by keyboard and touch, not only by dragging), and deleting it.
 * Every button names the song it acts on, so a screen reader says: Flyt “Altid frejdig” op.
 */
import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, Check, Trash2 } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { TextField } from '@/client/components/ui/text-field';
import { apiRequest, errorMessage } from '@/client/lib/request';
import { HiddenWithoutPremium } from '@/client/memorials/premium/PremiumNote';
import { MADE_WITH_AI } from '@/shared/ai';
import { SONG_NOTE_MAX, SONG_TITLE_MAX, type Song, playTime } from '@/shared/music';

export type MoveStep = -1 | 1;

interface SongCardProps {
  memorialId: string;
  song: Song;
  index: number;
  total: number;
  onMove: (index: number, step: MoveStep) => void;
  onDelete: (song: Song, opener: HTMLButtonElement) => void;
  onSaved: (song: Song) => void;
  /** The move buttons, so focus can follow the song to its new place. */
  moveButtonRef: (id: string, step: MoveStep, button: HTMLButtonElement | null) => void;
}

export function SongCard({ memorialId, song, index, total, onMove, onDelete, onSaved, moveButtonRef }: SongCardProps) {
  const [title, setTitle] = useState(song.title);
  const [note, setNote] = useState(song.note);
  const [saved, setSaved] = useState(false);
  const save = useMutation({
    mutationFn: () => apiRequest<Song>('PUT', `/api/memorials/${encodeURIComponent(memorialId)}/music/${song.id}`, { body: { title, note } }),
    onSuccess: (updated) => {
      setTitle(updated.title);
      setNote(updated.note);
      setSaved(true);
      onSaved(updated);
    },
  });
  const changed = title !== song.title || note !== song.note;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  const what = `“${song.title}”`;

  return (
    <li className="rounded-xl border border-border bg-card p-4 shadow-xs sm:p-5">
      <p className="font-sans text-base font-semibold text-muted-foreground dark:text-foreground/80">
        Sang {index + 1} af {total} · {song.source === 'youtube' ? 'fra YouTube' : song.durationSeconds ? playTime(song.durationSeconds) : 'lydfil'}
        {song.source === 'ai' ? ` · ${MADE_WITH_AI}` : null}
      </p>
      {song.hiddenWithoutPremium ? <HiddenWithoutPremium className="mt-1 text-sm text-muted-foreground" /> : null}
      <form noValidate onSubmit={submit} className="mt-3 flex flex-col gap-4">
        <TextField
          label="Titel"
          value={title}
          maxLength={SONG_TITLE_MAX}
          onChange={(event) => {
            setTitle(event.target.value);
            setSaved(false);
          }}
          error={save.isError ? errorMessage(save.error) : undefined}
        />
        <TextField
          label="Et par ord om sangen"
          value={note}
          maxLength={SONG_NOTE_MAX}
          onChange={(event) => {
            setNote(event.target.value);
            setSaved(false);
          }}
        />
        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" variant="secondary" disabled={!changed || save.isPending} aria-label={`Gem titel og tekst for ${what}`}>
            {save.isPending ? 'Gemmer...' : 'Gem'}
          </Button>
          {saved && !changed ? (
            <span role="status" className="inline-flex items-center gap-1 text-base text-muted-foreground dark:text-foreground/80">
              <Check className="size-5" aria-hidden="true" /> Gemt
            </span>
          ) : null}
        </div>
      </form>
      <div className="mt-4 grid grid-cols-2 gap-3 border-t border-border pt-4 sm:flex">
        <Button ref={(button) => moveButtonRef(song.id, -1, button)} variant="secondary" disabled={index === 0} aria-label={`Flyt ${what} op`} onClick={() => onMove(index, -1)}>
          <ArrowUp aria-hidden="true" />
          Flyt op
        </Button>
        <Button ref={(button) => moveButtonRef(song.id, 1, button)} variant="secondary" disabled={index === total - 1} aria-label={`Flyt ${what} ned`} onClick={() => onMove(index, 1)}>
          <ArrowDown aria-hidden="true" />
          Flyt ned
        </Button>
        <Button variant="quiet" className="col-span-2 text-destructive sm:ml-auto" aria-label={`Slet ${what}`} onClick={(event) => onDelete(song, event.currentTarget)}>
          <Trash2 aria-hidden="true" />
          Slet
        </Button>
      </div>
    </li>
  );
}

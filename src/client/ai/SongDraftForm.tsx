/**
 * The song's second step: the draft, the family's to change as they like (it is sung as they leave
 * it), a title, and "Lav musikken". Also the way back to a new draft while there are drafts left.
 * An instrumental piece tried again has only its title here.
 */
import { type FormEvent, useState } from 'react';
import { Music, PenLine } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { TextAreaField } from '@/client/components/ui/text-area-field';
import { TextField } from '@/client/components/ui/text-field';
import { ApiError, errorMessage } from '@/client/lib/request';
import { AI_MESSAGES, LYRICS_MAX, SONG_LENGTHS, SONG_STYLE_LABELS, type SongLength, type SongStyle } from '@/shared/ai';
import { type Generation, songBody } from '@/shared/ai-api';
import { SONG_TITLE_MAX } from '@/shared/music';
import type { AiCalls } from './api';
import { lengthLabel } from './SongFactsForm';
import { draftsLeftText, triesLeftText } from './words';

type Problems = Partial<Record<'lyrics' | 'title' | 'form', string>>;

interface SongDraftFormProps {
  /** The draft (a lyrics try), or the song tried again (its lyrics as the family left them). */
  source: Generation;
  orderId: string;
  memorialName: string;
  triesLeft: number;
  draftsLeft: number;
  calls: AiCalls;
  onStarted: () => void;
  onNewDraft: () => void;
}

export function SongDraftForm({ source, orderId, memorialName, triesLeft, draftsLeft, calls, onStarted, onNewDraft }: SongDraftFormProps) {
  const style: SongStyle = source.style ?? 'vise';
  const lengthSeconds = ((SONG_LENGTHS as readonly number[]).includes(source.lengthSeconds ?? 0) ? source.lengthSeconds : 120) as SongLength;
  const instrumental = style === 'instrumental';
  const [lyrics, setLyrics] = useState(source.lyrics ?? '');
  const [title, setTitle] = useState(source.title ?? '');
  const [problems, setProblems] = useState<Problems>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = songBody.safeParse({ orderId, title, style, lengthSeconds, lyrics: instrumental ? '' : lyrics });
    if (!parsed.success) {
      const found: Problems = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] === 'lyrics' || issue.path[0] === 'title' ? issue.path[0] : 'form';
        found[key] ??= issue.message;
      }
      return setProblems(found);
    }
    setProblems({});
    calls.song.mutate(parsed.data, {
      onSuccess: onStarted,
      onError: (error) => {
        const field = error instanceof ApiError ? error.field : undefined;
        setProblems(field === 'lyrics' || field === 'title' ? { [field]: errorMessage(error) } : { form: errorMessage(error) });
      },
    });
  };

  return (
    <form noValidate onSubmit={submit} aria-label="Sangteksten" className="space-y-8">
      <div>
        <h3 className="font-serif text-2xl">{instrumental ? 'Giv musikken en titel' : 'Læs og ret teksten'}</h3>
        <p className="mt-2 text-base text-muted-foreground dark:text-foreground/80">
          {SONG_STYLE_LABELS[style]} · {lengthLabel(lengthSeconds)}
          {instrumental ? '' : `. Teksten er et udkast: ret, stryg og skriv til, så den lyder som ${memorialName}. Den bliver sunget, som I efterlader den.`}
        </p>
      </div>
      {instrumental ? null : (
        <div>
          <TextAreaField
            label="Sangtekst"
            rows={16}
            maxLength={LYRICS_MAX}
            className="min-h-96 font-serif text-lg leading-relaxed"
            value={lyrics}
            onChange={(event) => setLyrics(event.target.value)}
            error={problems.lyrics}
          />
          <p className="mt-1 text-right text-sm text-muted-foreground tabular-nums dark:text-foreground/80">
            {lyrics.length} af {LYRICS_MAX} tegn
          </p>
        </div>
      )}
      <TextField label="Titel" hint="Fx “Til mor” eller “Sommer i Skagen”." value={title} maxLength={SONG_TITLE_MAX} onChange={(event) => setTitle(event.target.value)} error={problems.title} />
      {problems.form ? (
        <p role="alert" className="text-base font-semibold text-destructive">
          {problems.form}
        </p>
      ) : null}
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center">
        <Button type="submit" size="lg" disabled={calls.song.isPending || triesLeft <= 0}>
          <Music aria-hidden="true" />
          {calls.song.isPending ? 'Sender...' : 'Lav musikken'}
        </Button>
        <Button type="button" variant="secondary" size="lg" disabled={!instrumental && draftsLeft <= 0} onClick={onNewDraft}>
          <PenLine aria-hidden="true" />
          {instrumental ? 'Vælg igen' : 'Skriv et nyt udkast'}
        </Button>
      </div>
      <p className="text-base text-muted-foreground dark:text-foreground/80">
        {triesLeft > 0 ? triesLeftText(triesLeft) : AI_MESSAGES.noTriesLeft}
        {instrumental ? '' : ` · ${draftsLeft > 0 ? draftsLeftText(draftsLeft) : AI_MESSAGES.noDraftsLeft}`}
      </p>
    </form>
  );
}

/**
 * The song's first step: what it may draw on (the memorial's own facts, each with a glimpse of its
 * text; one the memorial has nothing for is shown but cannot be chosen, and says why), the
 * family's own wishes, a style and a length. Then "Skriv et udkast" asks for lyrics to read and
 * edit; an instrumental piece has no words, so it takes a title and goes straight to the music.
 * Checked with the server's own schemas (shared/ai-api.ts), in Danish.
 */
import { type FormEvent, useState } from 'react';
import { Music, PenLine } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { ChoiceCards } from '@/client/components/ui/choice-cards';
import { TextAreaField } from '@/client/components/ui/text-area-field';
import { TextField } from '@/client/components/ui/text-field';
import { cn } from '@/client/lib/cn';
import { ApiError, errorMessage } from '@/client/lib/request';
import { AI_MESSAGES, SONG_FACT_LABELS, SONG_FACTS, SONG_LENGTHS, SONG_STYLE_LABELS, SONG_STYLES, SONG_WISHES_MAX, type SongFact, type SongLength, type SongStyle } from '@/shared/ai';
import { type AiOverview, lyricsBody, songBody } from '@/shared/ai-api';
import { SONG_TITLE_MAX } from '@/shared/music';
import type { AiCalls } from './api';
import { draftsLeftText, triesLeftText } from './words';

const STEP = 'font-serif text-2xl';

export const STYLE_HINTS: Record<SongStyle, string> = {
  salme: 'Rolig og højtidelig, som en salme i kirken.',
  vise: 'Enkel og varm, til at synge med på.',
  pop: 'Let og nutidig, med et omkvæd.',
  instrumental: 'Kun musik, ingen tekst.',
};

export const lengthLabel = (seconds: number) => (seconds === 60 ? '1 minut' : `${seconds / 60} minutter`);

type Problems = Partial<Record<'facts' | 'wishes' | 'title' | 'form', string>>;

interface SongFactsFormProps {
  overview: AiOverview;
  orderId: string;
  triesLeft: number;
  draftsLeft: number;
  calls: AiCalls;
  /** What was chosen before, when the family starts over. */
  start?: { facts: SongFact[] | null; style: SongStyle | null; lengthSeconds: number | null };
  onStarted: () => void;
  onCancel?: () => void;
}

export function SongFactsForm({ overview, orderId, triesLeft, draftsLeft, calls, start, onStarted, onCancel }: SongFactsFormProps) {
  const textOf = (key: SongFact) => overview.facts.find((fact) => fact.key === key)?.text.trim() ?? '';
  const [facts, setFacts] = useState<SongFact[]>(() => (start?.facts ?? SONG_FACTS).filter((key) => textOf(key) !== ''));
  const [wishes, setWishes] = useState('');
  const [style, setStyle] = useState<SongStyle>(start?.style ?? 'vise');
  const [length, setLength] = useState<SongLength>(((SONG_LENGTHS as readonly number[]).includes(start?.lengthSeconds ?? 0) ? start!.lengthSeconds : 120) as SongLength);
  const [title, setTitle] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const instrumental = style === 'instrumental';
  const pending = calls.lyrics.isPending || calls.song.isPending;

  const failed = (error: unknown) => {
    const field = error instanceof ApiError ? error.field : undefined;
    setProblems(field === 'facts' || field === 'wishes' || field === 'title' ? { [field]: errorMessage(error) } : { form: errorMessage(error) });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (instrumental) {
      const parsed = songBody.safeParse({ orderId, title, style, lengthSeconds: length, lyrics: '' });
      if (!parsed.success) return setProblems({ title: parsed.error.issues.find((issue) => issue.path[0] === 'title')?.message ?? parsed.error.issues[0]?.message });
      setProblems({});
      return calls.song.mutate(parsed.data, { onSuccess: onStarted, onError: failed });
    }
    const parsed = lyricsBody.safeParse({ orderId, facts, style, lengthSeconds: length, wishes });
    if (!parsed.success) {
      const found: Problems = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] === 'facts' || issue.path[0] === 'wishes' ? issue.path[0] : 'form';
        found[key] ??= issue.message;
      }
      return setProblems(found);
    }
    setProblems({});
    calls.lyrics.mutate(parsed.data, { onSuccess: onStarted, onError: failed });
  };

  return (
    <form noValidate onSubmit={submit} aria-label="Hvad skal sangen handle om?" className="space-y-10">
      <fieldset aria-describedby={problems.facts ? 'fakta-fejl' : undefined}>
        <legend className={STEP}>1. Hvad skal sangen bygge på?</legend>
        <p className="mt-2 text-base text-muted-foreground dark:text-foreground/80">Det hentes fra mindesiden. Vælg mindst én ting.</p>
        <ul className="mt-5 grid gap-3 md:grid-cols-2">
          {SONG_FACTS.map((key) => {
            const text = textOf(key);
            const checked = facts.includes(key);
            return (
              <li key={key}>
                <label
                  className={cn(
                    'flex h-full gap-4 rounded-xl border bg-card px-4 py-4 shadow-xs',
                    'has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-ring',
                    text ? 'cursor-pointer hover:border-foreground/40' : 'cursor-not-allowed opacity-75',
                    checked ? 'border-primary ring-1 ring-primary' : 'border-input/70',
                  )}
                >
                  <input
                    type="checkbox"
                    className="mt-1 size-6 shrink-0 accent-primary"
                    checked={checked}
                    disabled={!text}
                    onChange={() => setFacts((old) => (old.includes(key) ? old.filter((each) => each !== key) : SONG_FACTS.filter((each) => each === key || old.includes(each))))}
                  />
                  <span className="min-w-0">
                    <span className="block text-lg font-semibold">{SONG_FACT_LABELS[key]}</span>
                    <span className="mt-1 line-clamp-3 block text-base break-words text-muted-foreground dark:text-foreground/80">
                      {text || 'Mindesiden har ikke noget om det endnu.'}
                    </span>
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
        {problems.facts ? (
          <p id="fakta-fejl" role="alert" className="mt-3 text-base font-semibold text-destructive">
            {problems.facts}
          </p>
        ) : null}
      </fieldset>

      <TextAreaField
        label="Jeres egne ønsker (valgfrit)"
        hint={`Fx “Hun sang altid i køkkenet” eller “Nævn sommerhuset i Skagen”. Højst ${SONG_WISHES_MAX} tegn.`}
        rows={3}
        maxLength={SONG_WISHES_MAX}
        className="min-h-28"
        value={wishes}
        onChange={(event) => setWishes(event.target.value)}
        error={problems.wishes}
      />

      <div>
        <h3 className={STEP}>2. Stil og længde</h3>
        <div className="mt-5 space-y-8">
          <ChoiceCards
            legend="Stil"
            choices={SONG_STYLES.map((value) => ({ value, title: SONG_STYLE_LABELS[value], description: STYLE_HINTS[value] }))}
            value={style}
            onChange={setStyle}
            columns="two"
          />
          <ChoiceCards
            legend="Længde"
            choices={SONG_LENGTHS.map((value) => ({ value: String(value) as `${SongLength}`, title: lengthLabel(value) }))}
            value={String(length) as `${SongLength}`}
            onChange={(value) => setLength(Number(value) as SongLength)}
            columns="three"
          />
        </div>
      </div>

      {instrumental ? (
        <TextField label="Titel" hint="Fx “Til mor” eller “Sommer i Skagen”." value={title} maxLength={SONG_TITLE_MAX} onChange={(event) => setTitle(event.target.value)} error={problems.title} />
      ) : null}

      {problems.form ? (
        <p role="alert" className="text-base font-semibold text-destructive">
          {problems.form}
        </p>
      ) : null}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        {instrumental ? (
          <Button type="submit" size="lg" disabled={pending || triesLeft <= 0}>
            <Music aria-hidden="true" />
            {pending ? 'Sender...' : 'Lav musikken'}
          </Button>
        ) : (
          <Button type="submit" size="lg" disabled={pending || draftsLeft <= 0}>
            <PenLine aria-hidden="true" />
            {pending ? 'Sender...' : 'Skriv et udkast'}
          </Button>
        )}
        {onCancel ? (
          <Button type="button" variant="quiet" size="lg" onClick={onCancel}>
            Fortryd
          </Button>
        ) : null}
        <p className="text-base text-muted-foreground dark:text-foreground/80">
          {instrumental ? (triesLeft > 0 ? triesLeftText(triesLeft) : AI_MESSAGES.noTriesLeft) : draftsLeft > 0 ? draftsLeftText(draftsLeft) : AI_MESSAGES.noDraftsLeft}
        </p>
      </div>
    </form>
  );
}

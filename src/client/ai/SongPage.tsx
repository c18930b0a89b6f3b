/**
 * /memorial/{id}/song: the family makes the song they bought. They choose what it draws on, a
 * style and a length, and get a draft of the lyrics; they read it and change it as they like, and
 * the music is made from their words (an instrumental piece skips the words). The finished song
 * is heard here first, with its lyrics beside it, and joins the memorial's music only when the
 * family says so. The page asks every few seconds while something is made, and may be closed.
 *
 * Where an order stands is read from its tries, newest first: something under way shows its
 * progress; a finished draft is the text to edit; a finished song is the result; a failed try
 * says so and leads back to the step it came from.
 */
import { useRef, useState } from 'react';
import { useParams } from 'react-router';
import { AI_FAILED_FOR_FAMILY, MADE_WITH_AI } from '@/shared/ai';
import type { Generation } from '@/shared/ai-api';
import { playTime } from '@/shared/music';
import { Button } from '@/client/components/ui/button';
import { Notice } from '@/client/components/ui/notice';
import { AiFrame } from './AiFrame';
import { underWay, useAiCalls } from './api';
import { OrderStatus, Progress } from './Progress';
import { type ResultWords, ResultActions } from './ResultActions';
import { SongDraftForm } from './SongDraftForm';
import { SongFactsForm } from './SongFactsForm';
import { type OrderProps, type ResultProps, madeAt, orderLabel, progressText } from './words';

const WORDS: ResultWords = {
  noun: 'sangen',
  publish: 'Føj til mindesidens musik',
  published: 'Ligger i mindesidens musik',
  unpublish: 'Fjern fra musikken',
  publishedToast: 'Sangen er lagt i mindesidens musik',
  unpublishedToast: 'Sangen er fjernet fra mindesidens musik',
  deleteText: 'Sangen og dens tekst slettes.',
};

export default function SongPage() {
  const { id = '' } = useParams();
  return (
    <AiFrame
      page="song"
      idOrSlug={id}
      lead="En sang om jeres kære, bygget på det, mindesiden fortæller. I læser og retter teksten, før musikken bliver lavet."
      Order={SongOrder}
      Result={SongResult}
    />
  );
}

/** Where the family is: choosing (facts), editing a text (draft), waiting, a result or a failure. */
type Step = { step: 'facts'; from?: Generation } | { step: 'draft'; source: Generation } | { step: 'progress'; generation: Generation } | { step: 'failed'; generation: Generation } | { step: 'result'; generation: Generation };

function derive(latest: Generation | undefined, lastDraft: Generation | undefined): Step {
  if (!latest) return { step: 'facts' };
  if (underWay(latest)) return { step: 'progress', generation: latest };
  if (latest.status === 'failed') return { step: 'failed', generation: latest };
  if (latest.status === 'succeeded') return latest.kind === 'song' ? { step: 'result', generation: latest } : { step: 'draft', source: latest };
  // Cancelled: back to the last draft, or to the start.
  return lastDraft ? { step: 'draft', source: lastDraft } : { step: 'facts' };
}

function SongOrder({ idOrSlug, overview, order, numbered }: OrderProps) {
  const calls = useAiCalls(idOrSlug, overview.memorial.id);
  const latest = order.generations[0];
  const lastDraft = order.generations.find((generation) => generation.kind === 'lyrics' && generation.status === 'succeeded');
  // The family's own move ("Prøv igen", "Skriv et nyt udkast"), for as long as the newest try is the one they moved from.
  const [moved, setMoved] = useState<{ after: string | undefined; to: Step } | null>(null);
  const step = moved && moved.after === latest?.id ? moved.to : derive(latest, lastDraft);
  const move = (to: Step) => setMoved({ after: latest?.id, to });
  const heading = useRef<HTMLHeadingElement | null>(null);
  const started = () => {
    setMoved(null);
    heading.current?.focus();
  };
  const earlier = order.generations.filter((generation) => generation.kind === 'song' && generation.status === 'succeeded' && generation.id !== latest?.id);

  return (
    <section aria-labelledby={`sang-${order.orderId}`} className="space-y-8">
      <h2 id={`sang-${order.orderId}`} ref={heading} tabIndex={-1} className={numbered ? 'text-3xl' : 'sr-only'}>
        {numbered ? orderLabel('song', order.number) : 'Jeres sang'}
      </h2>
      <OrderStatus text={latest && !moved ? statusText(latest) : ''} />
      {step.step === 'facts' ? (
        <div className="rounded-2xl border border-border bg-card px-5 py-7 sm:px-8">
          <SongFactsForm
            overview={overview}
            orderId={order.orderId}
            triesLeft={order.triesLeft}
            draftsLeft={order.draftsLeft}
            calls={calls}
            start={step.from ? { facts: step.from.facts, style: step.from.style, lengthSeconds: step.from.lengthSeconds } : undefined}
            onStarted={started}
            onCancel={moved ? () => setMoved(null) : undefined}
          />
        </div>
      ) : step.step === 'draft' ? (
        <div className="rounded-2xl border border-border bg-card px-5 py-7 sm:px-8">
          <SongDraftForm
            key={step.source.id}
            source={step.source}
            orderId={order.orderId}
            memorialName={overview.memorial.name}
            triesLeft={order.triesLeft}
            draftsLeft={order.draftsLeft}
            calls={calls}
            onStarted={started}
            onNewDraft={() => move({ step: 'facts', from: step.source })}
          />
        </div>
      ) : step.step === 'progress' ? (
        <Progress generation={step.generation} title={step.generation.kind === 'lyrics' ? 'Teksten bliver skrevet' : 'Musikken bliver lavet'} />
      ) : step.step === 'failed' ? (
        <div className="space-y-4">
          <Notice tone="problem" title={step.generation.kind === 'lyrics' ? 'Teksten blev ikke skrevet' : 'Sangen blev ikke lavet'}>
            {step.generation.failure ?? AI_FAILED_FOR_FAMILY}
          </Notice>
          <Button
            size="lg"
            onClick={() => {
              const failed = step.generation;
              move(failed.kind === 'song' ? { step: 'draft', source: failed } : { step: 'facts', from: failed });
            }}
          >
            Prøv igen
          </Button>
        </div>
      ) : (
        <SongResult
          generation={step.generation}
          calls={calls}
          triesLeft={order.triesLeft}
          onTryAgain={() => move({ step: 'draft', source: step.generation })}
          onDeleted={() => heading.current?.focus()}
        />
      )}

      {earlier.length ? (
        <div className="border-t border-border pt-8">
          <h3 className="text-2xl">Tidligere sange</h3>
          <ul className="mt-5 space-y-8">
            {earlier.map((generation) => (
              <li key={generation.id}>
                <SongResult generation={generation} calls={calls} triesLeft={order.triesLeft} onDeleted={() => heading.current?.focus()} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

function statusText(generation: Generation): string {
  if (underWay(generation)) return progressText(generation);
  if (generation.status === 'failed') return generation.failure ?? AI_FAILED_FOR_FAMILY;
  if (generation.status === 'succeeded') return generation.kind === 'lyrics' ? 'Udkastet er skrevet. Læs det, og ret det, som I vil.' : 'Sangen er færdig. Lyt til den, før I lægger den i mindesidens musik.';
  return '';
}

/** A finished song, privately: the player, its lyrics beside it (under it on a phone), and what to do with it. */
function SongResult({ generation, calls, triesLeft, onTryAgain, onDeleted }: ResultProps) {
  const { result } = generation;
  const title = generation.title ?? 'Sangen';
  return (
    <article aria-label={title} className="rounded-2xl border border-border bg-card px-5 py-6 shadow-xs sm:px-8 sm:py-8">
      <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <div className="min-w-0 space-y-5">
          <p className="text-sm font-semibold tracking-[0.12em] text-gold-text uppercase">{generation.publishedAt ? MADE_WITH_AI : `Kun for jer indtil videre · ${MADE_WITH_AI}`}</p>
          <h3 className="font-serif text-3xl leading-snug break-words">{title}</h3>
          <p className="text-base text-muted-foreground dark:text-foreground/80">
            {[generation.style === 'instrumental' ? 'Instrumental' : null, result?.durationSeconds ? playTime(result.durationSeconds) : null, `lavet ${madeAt(generation.finishedAt ?? generation.createdAt)}`]
              .filter(Boolean)
              .join(' · ')}
          </p>
          {result ? <audio controls preload="none" src={result.url} aria-label={`Afspil ${title}`} className="w-full" /> : null}
          <ResultActions generation={generation} calls={calls} words={WORDS} triesLeft={triesLeft} onTryAgain={onTryAgain} onDeleted={onDeleted} />
        </div>
        {generation.lyrics ? (
          <div className="min-w-0 border-t border-border pt-6 lg:border-t-0 lg:border-l lg:pt-0 lg:pl-8">
            <h4 className="text-xl">Sangtekst</h4>
            <p className="mt-3 font-serif text-lg leading-relaxed break-words whitespace-pre-line">{generation.lyrics}</p>
          </div>
        ) : null}
      </div>
    </article>
  );
}

/**
 * /memorial/{id}/greeting: the family makes the animated greeting they bought. A portrait from the
 * gallery, a message, their consent; then it waits its turn and is made (the page asks every few
 * seconds and may be closed meanwhile). The finished greeting is seen here first, privately, and
 * shown on the memorial page only when the family says so. The portrait never speaks: the message
 * is text, under the picture, here and on the memorial page.
 */
import { useRef, useState } from 'react';
import { useParams } from 'react-router';
import { AI_FAILED_FOR_FAMILY, MADE_WITH_AI } from '@/shared/ai';
import type { Generation } from '@/shared/ai-api';
import { Button } from '@/client/components/ui/button';
import { Notice } from '@/client/components/ui/notice';
import { AiFrame } from './AiFrame';
import { underWay, useAiCalls } from './api';
import { GreetingForm } from './GreetingForm';
import { OrderStatus, Progress } from './Progress';
import { type ResultWords, ResultActions } from './ResultActions';
import { type OrderProps, type ResultProps, madeAt, orderLabel, progressText, triesLeftText } from './words';

const WORDS: ResultWords = {
  noun: 'hilsenen',
  publish: 'Vis på mindesiden',
  published: 'Vises på mindesiden',
  unpublish: 'Fjern fra mindesiden',
  publishedToast: 'Hilsenen vises nu på mindesiden',
  unpublishedToast: 'Hilsenen er fjernet fra mindesiden',
  deleteText: 'Filmen og hilsenen slettes.',
};

export default function GreetingPage() {
  const { id = '' } = useParams();
  return (
    <AiFrame
      page="greeting"
      idOrSlug={id}
      lead="Et stille portræt, der bliver levende med AI, med jeres hilsen skrevet under. Personen på billedet siger ikke noget."
      Order={GreetingOrder}
      Result={GreetingResult}
    />
  );
}

function GreetingOrder({ idOrSlug, overview, order, numbered }: OrderProps) {
  const calls = useAiCalls(idOrSlug, overview.memorial.id);
  const greetings = order.generations.filter((generation) => generation.kind === 'greeting');
  const latest = greetings[0];
  const earlier = greetings.slice(1).filter((generation) => generation.status === 'succeeded');
  // "Prøv igen" pressed for this try: the form again, filled in as before.
  const [again, setAgain] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement | null>(null);
  const focusHeading = () => heading.current?.focus();
  const trying = latest !== undefined && again === latest.id;
  const showForm = !latest || latest.status === 'cancelled' || trying;

  return (
    <section aria-labelledby={`hilsen-${order.orderId}`} className="space-y-8">
      <h2 id={`hilsen-${order.orderId}`} ref={heading} tabIndex={-1} className={numbered ? 'text-3xl' : 'sr-only'}>
        {numbered ? orderLabel('greeting', order.number) : 'Jeres hilsen'}
      </h2>
      <OrderStatus text={latest && !showForm ? statusText(latest) : ''} />
      {showForm ? (
        <div className="rounded-2xl border border-border bg-card px-5 py-7 sm:px-8">
          <GreetingForm
            overview={overview}
            orderId={order.orderId}
            triesLeft={order.triesLeft}
            calls={calls}
            start={trying ? { portraitMediaId: latest.portraitMediaId, message: latest.message } : undefined}
            onStarted={() => {
              setAgain(null);
              focusHeading();
            }}
            onCancel={trying ? () => setAgain(null) : undefined}
          />
        </div>
      ) : underWay(latest) ? (
        <Progress generation={latest} title="Hilsenen bliver lavet" />
      ) : latest.status === 'failed' ? (
        <div className="space-y-4">
          <Notice tone="problem" title="Hilsenen blev ikke lavet">
            {latest.failure ?? AI_FAILED_FOR_FAMILY}
          </Notice>
          <Button size="lg" disabled={order.triesLeft <= 0} onClick={() => setAgain(latest.id)}>
            Prøv igen
          </Button>
          <p className="text-base text-muted-foreground dark:text-foreground/80">{triesLeftText(order.triesLeft)}</p>
        </div>
      ) : (
        <GreetingResult generation={latest} calls={calls} triesLeft={order.triesLeft} onTryAgain={() => setAgain(latest.id)} onDeleted={focusHeading} />
      )}

      {earlier.length ? (
        <div className="border-t border-border pt-8">
          <h3 className="text-2xl">Tidligere forsøg</h3>
          <ul className="mt-5 space-y-8">
            {earlier.map((generation) => (
              <li key={generation.id}>
                <GreetingResult generation={generation} calls={calls} triesLeft={order.triesLeft} onDeleted={focusHeading} />
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
  if (generation.status === 'succeeded') return 'Hilsenen er færdig. Se den, før I viser den på mindesiden.';
  if (generation.status === 'failed') return generation.failure ?? AI_FAILED_FOR_FAMILY;
  return '';
}

/** A finished greeting, privately: the film as visitors will see it, the message under it, and what to do with it. */
function GreetingResult({ generation, calls, triesLeft, onTryAgain, onDeleted }: ResultProps) {
  const { result } = generation;
  return (
    <article aria-label={`Hilsen lavet ${madeAt(generation.createdAt)}`} className="overflow-hidden rounded-2xl border border-border bg-card shadow-xs">
      <div className="grid gap-0 md:grid-cols-[minmax(0,22rem)_1fr]">
        <div className="bg-secondary/50">
          {result ? (
            <video controls preload="none" playsInline poster={generation.portraitUrl ?? undefined} src={result.url} className="aspect-square w-full bg-black object-contain">
              {result.captionsUrl ? <track kind="captions" srcLang="da" label="Dansk" src={result.captionsUrl} default /> : null}
            </video>
          ) : null}
        </div>
        <div className="space-y-5 px-5 py-6 sm:px-7">
          <p className="text-sm font-semibold tracking-[0.12em] text-gold-text uppercase">
            {generation.publishedAt ? MADE_WITH_AI : `Kun for jer indtil videre · ${MADE_WITH_AI}`}
          </p>
          {generation.message ? <p className="font-serif text-2xl leading-snug break-words whitespace-pre-line">{generation.message}</p> : null}
          <p className="text-base text-muted-foreground dark:text-foreground/80">Lavet {madeAt(generation.finishedAt ?? generation.createdAt)}</p>
          <ResultActions generation={generation} calls={calls} words={WORDS} triesLeft={triesLeft} onTryAgain={onTryAgain} onDeleted={onDeleted} />
        </div>
      </div>
    </article>
  );
}

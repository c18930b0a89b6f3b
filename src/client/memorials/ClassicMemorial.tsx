/**
 * The classic layout: one calm column like a printed memorial card. The name in large serif, the
 * dates written out, the epitaph between hairlines, then the life story, the years that mattered,
 * and where the grave is. The memorial's colour theme tints the page (styles.css, data-memorial-theme).
 */
import type { ReactNode } from 'react';
import { Flame, Ornament } from '@/client/components/ui/ornament';
import { MusicSection } from '@/client/music/MusicSection';
import type { Memorial } from '@/shared/memorials';
import { ageAt } from './dates';
import { Gallery } from './Gallery';
import { LifeSpan } from './LifeSpan';
import { MemorialGreeting } from './MemorialGreeting';
import { Picture } from './Picture';
import { FindGraveLink, graveLine, hasRestingPlace } from './RestingPlace';
import { Timeline } from './Timeline';

/**
 * `notice`: a line shown above the card, inside its colours (the demo page's "this is an example").
 * `children`: what closes the card, in its colours (the page's candles and guestbook, MemorialPage.tsx).
 */
export function ClassicMemorial({ memorial, notice, children }: { memorial: Memorial; notice?: ReactNode; children?: ReactNode }) {
  const age = ageAt(memorial.birthDate, memorial.deathDate);
  const places = [memorial.birthPlace && `Født i ${memorial.birthPlace}`, memorial.deathPlace && `død i ${memorial.deathPlace}`].filter(Boolean).join(', ');
  const { restingPlace } = memorial;
  const grave = graveLine(restingPlace);
  const portrait = memorial.media.find((item) => item.id === memorial.portraitId && item.kind === 'photo');

  return (
    <article data-memorial-theme={memorial.theme} className="memorial-paper">
      {notice}
      <header className="mx-auto max-w-3xl px-5 pt-16 pb-12 text-center sm:pt-24">
        {portrait ? (
          <div className="mx-auto size-40 overflow-hidden rounded-full border-4 border-card shadow-md ring-1 ring-memorial-accent/40 sm:size-48">
            <Picture item={portrait} sizes="192px" alt={`Portræt af ${memorial.name}`} eager className="size-full object-cover" />
          </div>
        ) : (
          <div aria-hidden="true" className="mx-auto flex size-20 items-center justify-center rounded-full border border-memorial-accent/40 bg-card/70 shadow-sm">
            <Flame className="h-10 w-7 text-memorial-accent" />
          </div>
        )}
        <p className="mt-8 text-sm font-semibold tracking-[0.16em] text-memorial-accent-text uppercase">Til minde om</p>
        <h1 className="mt-3 text-4xl leading-tight sm:text-6xl">{memorial.name}</h1>
        <LifeSpan birthDate={memorial.birthDate} deathDate={memorial.deathDate} className="mt-5 font-serif text-xl text-muted-foreground sm:text-2xl" />
        {places || age !== null ? (
          <p className="mt-2 text-muted-foreground">{[places, age !== null ? `${age} år` : ''].filter(Boolean).join(' · ')}</p>
        ) : null}
        {memorial.epitaph ? (
          <figure className="mx-auto mt-10 max-w-xl">
            <Ornament />
            <blockquote className="mt-5 font-serif text-2xl leading-snug text-foreground italic sm:text-3xl">{memorial.epitaph}</blockquote>
          </figure>
        ) : null}
      </header>

      <div className="mx-auto max-w-2xl space-y-14 px-5 pb-24">
        {memorial.lifeStory ? (
          <section aria-labelledby="livshistorie">
            <h2 id="livshistorie" className="text-center text-3xl">
              Livshistorie
            </h2>
            {/* Sanitised on the server against an allow-list (src/server/memorials/life-story.ts). */}
            <div className="memorial-story mt-6" dangerouslySetInnerHTML={{ __html: memorial.lifeStory }} />
          </section>
        ) : null}

        <MemorialGreeting memorial={memorial} headingClassName="text-center text-3xl" centered />

        <Gallery items={memorial.media} memorialName={memorial.name} />

        <MusicSection memorial={memorial} headingClassName="text-center text-3xl" centered />

        {memorial.timeline.length ? (
          <section aria-labelledby="livslinje">
            <h2 id="livslinje" className="text-center text-3xl">
              Livslinje
            </h2>
            <Timeline events={memorial.timeline} />
          </section>
        ) : null}

        {hasRestingPlace(restingPlace) ? (
          <section aria-labelledby="gravsted" className="rounded-xl border border-border bg-card/80 px-6 py-7 text-center shadow-sm">
            <h2 id="gravsted" className="text-2xl">
              Gravsted
            </h2>
            {restingPlace.cemetery ? <p className="mt-3 text-lg">{restingPlace.cemetery}</p> : null}
            {grave ? <p className="text-muted-foreground">{grave}</p> : null}
            <FindGraveLink restingPlace={restingPlace} className="mt-5" />
          </section>
        ) : null}

        {children ? <div className="pt-6">{children}</div> : null}
      </div>
    </article>
  );
}

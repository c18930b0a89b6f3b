/**
 * The enhanced layout: a memorial book opened wide. The cover photo (or, without one, a soft
 * backdrop in the theme's colours) runs the full width, the portrait rests on its lower edge, and
 * below, on a wide screen, the life story and the life line ("livslinje", years in their own
 * column) read beside a card of the facts: born, died, age and where the grave is. The gallery
 * closes the page as a mosaic led by its first photo. On a phone everything falls into one column.
 * The theme (data-memorial-theme, styles.css) tints it all, as in the classic layout.
 */
import type { ReactNode } from 'react';
import { Flame, Ornament } from '@/client/components/ui/ornament';
import { MusicSection } from '@/client/music/MusicSection';
import type { Memorial } from '@/shared/memorials';
import { ageAt, danishDate } from './dates';
import { Gallery } from './Gallery';
import { LifeSpan } from './LifeSpan';
import { MemorialGreeting } from './MemorialGreeting';
import { Picture } from './Picture';
import { FindGraveLink, graveLine, hasRestingPlace } from './RestingPlace';
import { Timeline } from './Timeline';

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="border-t border-border/80 py-4 first:border-t-0 first:pt-0">
      <dt className="text-sm font-semibold tracking-[0.12em] text-memorial-accent-text uppercase">{term}</dt>
      <dd className="mt-1 text-lg leading-snug">{children}</dd>
    </div>
  );
}

/** `children`: what closes the page, in its colours (the candles and guestbook, MemorialPage.tsx). */
export function EnhancedMemorial({ memorial, children }: { memorial: Memorial; children?: ReactNode }) {
  const age = ageAt(memorial.birthDate, memorial.deathDate);
  const { restingPlace } = memorial;
  const grave = graveLine(restingPlace);
  const photo = (id: string | null) => memorial.media.find((item) => item.id === id && item.kind === 'photo');
  const portrait = photo(memorial.portraitId);
  const cover = photo(memorial.coverId);
  const facts = memorial.birthDate || memorial.birthPlace || memorial.deathDate || memorial.deathPlace || age !== null || hasRestingPlace(restingPlace);

  return (
    <article data-memorial-theme={memorial.theme} className="memorial-enhanced pb-24">
      <header>
        <div className="memorial-cover relative h-52 overflow-hidden sm:h-72 lg:h-[26rem]">
          {cover ? (
            <Picture item={cover} sizes="100vw" alt="" eager className="size-full object-cover" />
          ) : (
            <div aria-hidden="true" className="memorial-backdrop size-full" />
          )}
          <div aria-hidden="true" className="absolute inset-x-0 bottom-0 h-1/2 bg-gradient-to-t from-background/90 to-transparent" />
        </div>
        <div className="relative mx-auto -mt-20 flex max-w-5xl flex-col items-center px-5 text-center sm:-mt-24 lg:flex-row lg:items-end lg:gap-10 lg:text-left">
          {portrait ? (
            <div className="size-40 shrink-0 overflow-hidden rounded-full border-[6px] border-background bg-muted shadow-lg ring-1 ring-memorial-accent/40 sm:size-48 lg:size-56">
              <Picture item={portrait} sizes="(min-width: 1024px) 224px, (min-width: 640px) 192px, 160px" alt={`Portræt af ${memorial.name}`} eager className="size-full object-cover" />
            </div>
          ) : (
            <div aria-hidden="true" className="flex size-28 shrink-0 items-center justify-center rounded-full border-[6px] border-background bg-card shadow-lg ring-1 ring-memorial-accent/40 sm:size-32">
              <Flame className="h-12 w-8 text-memorial-accent" />
            </div>
          )}
          <div className="mt-6 min-w-0 lg:mt-0 lg:pb-3">
            <p className="text-sm font-semibold tracking-[0.16em] text-memorial-accent-text uppercase">Til minde om</p>
            <h1 className="mt-2 text-4xl leading-tight break-words sm:text-5xl lg:text-6xl">{memorial.name}</h1>
            <LifeSpan birthDate={memorial.birthDate} deathDate={memorial.deathDate} className="mt-3 font-serif text-xl text-muted-foreground sm:text-2xl" />
          </div>
        </div>
        {memorial.epitaph ? (
          <figure className="mx-auto mt-12 max-w-3xl px-5 text-center">
            <Ornament className="text-memorial-accent" />
            <blockquote className="mt-5 font-serif text-2xl leading-snug italic sm:text-[2rem]">{memorial.epitaph}</blockquote>
          </figure>
        ) : null}
      </header>

      <div className="mx-auto mt-14 grid max-w-5xl gap-12 px-5 lg:grid-cols-[minmax(0,1fr)_19rem] lg:gap-14">
        {facts ? (
          <aside aria-labelledby="livet-kort" className="lg:col-start-2 lg:row-start-1">
            <div className="rounded-xl border border-border bg-card/85 p-6 shadow-sm lg:sticky lg:top-6">
              <h2 id="livet-kort" className="font-serif text-2xl">
                Livet i korte træk
              </h2>
              <dl className="mt-5">
                {memorial.birthDate || memorial.birthPlace ? (
                  <Fact term="Født">{[memorial.birthDate && danishDate(memorial.birthDate), memorial.birthPlace && `i ${memorial.birthPlace}`].filter(Boolean).join(' ')}</Fact>
                ) : null}
                {memorial.deathDate || memorial.deathPlace ? (
                  <Fact term="Død">{[memorial.deathDate && danishDate(memorial.deathDate), memorial.deathPlace && `i ${memorial.deathPlace}`].filter(Boolean).join(' ')}</Fact>
                ) : null}
                {age !== null ? <Fact term="Alder">{age} år</Fact> : null}
                {hasRestingPlace(restingPlace) ? (
                  <Fact term="Hvilested">
                    {restingPlace.cemetery ? <span className="block">{restingPlace.cemetery}</span> : null}
                    {grave ? <span className="block text-base text-muted-foreground">{grave}</span> : null}
                    <FindGraveLink restingPlace={restingPlace} className="mt-4 w-full justify-center" />
                  </Fact>
                ) : null}
              </dl>
            </div>
          </aside>
        ) : null}

        <div className="min-w-0 space-y-16 lg:col-start-1 lg:row-start-1">
          {memorial.lifeStory ? (
            <section aria-labelledby="livshistorie">
              <h2 id="livshistorie" className="text-3xl sm:text-4xl">
                Livshistorie
              </h2>
              <span aria-hidden="true" className="mt-4 block h-0.5 w-16 rounded-full bg-memorial-accent/70" />
              {/* Sanitised on the server against an allow-list (src/server/memorials/life-story.ts). */}
              <div className="memorial-story memorial-story-enhanced mt-6" dangerouslySetInnerHTML={{ __html: memorial.lifeStory }} />
            </section>
          ) : null}

          <MemorialGreeting memorial={memorial} headingClassName="text-3xl sm:text-4xl" />

          {memorial.timeline.length ? (
            <section aria-labelledby="livslinje">
              <h2 id="livslinje" className="text-3xl sm:text-4xl">
                Livslinje
              </h2>
              <span aria-hidden="true" className="mt-4 block h-0.5 w-16 rounded-full bg-memorial-accent/70" />
              <Timeline events={memorial.timeline} variant="years" />
            </section>
          ) : null}

          <MusicSection memorial={memorial} headingClassName="text-3xl sm:text-4xl" />
        </div>
      </div>

      {memorial.media.length ? (
        <div className="mx-auto mt-20 max-w-5xl px-5">
          <Gallery items={memorial.media} memorialName={memorial.name} variant="mosaic" />
        </div>
      ) : null}

      {children ? <div className="mx-auto mt-24 max-w-3xl px-5">{children}</div> : null}
    </article>
  );
}

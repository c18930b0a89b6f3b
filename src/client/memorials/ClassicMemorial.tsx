/**
 * The classic layout: one calm column like a printed memorial card. The name in large serif, the
 * dates written out, the epitaph between hairlines, then the life story, the years that mattered,
 * and where the grave is. The memorial's colour theme tints the page (styles.css, data-memorial-theme).
 */
import { MapPin } from 'lucide-react';
import { Flame, Ornament } from '@/client/components/ui/ornament';
import type { Memorial } from '@/shared/memorials';
import { ageAt, danishDate, lifeSpan } from './dates';
import { Gallery } from './Gallery';
import { Picture } from './Picture';

function graveMapUrl({ latitude, longitude }: Memorial['restingPlace']): string | null {
  if (latitude === null || longitude === null) return null;
  return `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=19/${latitude}/${longitude}`;
}

export function ClassicMemorial({ memorial }: { memorial: Memorial }) {
  const span = lifeSpan(memorial.birthDate, memorial.deathDate);
  const age = ageAt(memorial.birthDate, memorial.deathDate);
  const places = [memorial.birthPlace && `Født i ${memorial.birthPlace}`, memorial.deathPlace && `død i ${memorial.deathPlace}`].filter(Boolean).join(', ');
  const { restingPlace } = memorial;
  const grave = [restingPlace.section && `Afdeling ${restingPlace.section}`, restingPlace.graveNumber && `gravsted ${restingPlace.graveNumber}`].filter(Boolean).join(', ');
  const mapUrl = graveMapUrl(restingPlace);
  const portrait = memorial.media.find((item) => item.id === memorial.portraitId && item.kind === 'photo');

  return (
    <article data-memorial-theme={memorial.theme} className="memorial-paper">
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
        {span ? (
          // Each date kept whole on a narrow phone: the line breaks at the dash, not inside a date.
          <p className="mt-5 font-serif text-xl text-muted-foreground sm:text-2xl">
            {span.split(' – ').map((part, index) => (
              <span key={index}>
                {index > 0 ? ' – ' : null}
                <span className="whitespace-nowrap">{part}</span>
              </span>
            ))}
          </p>
        ) : null}
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

        <Gallery items={memorial.media} memorialName={memorial.name} />

        {memorial.timeline.length ? (
          <section aria-labelledby="livslinje">
            <h2 id="livslinje" className="text-center text-3xl">
              Livslinje
            </h2>
            <ol className="mt-8 space-y-6 border-l-2 border-memorial-accent/30 pl-6">
              {memorial.timeline.map((event, index) => (
                <li key={`${event.date}-${index}`} className="relative">
                  <span aria-hidden="true" className="absolute top-2 -left-[33px] size-3 rounded-full border-2 border-card bg-memorial-accent" />
                  <p className="text-sm font-semibold tracking-wide text-memorial-accent-text">{danishDate(event.date)}</p>
                  <h3 className="mt-1 font-serif text-xl">{event.title}</h3>
                  {event.text ? <p className="mt-1 text-muted-foreground">{event.text}</p> : null}
                </li>
              ))}
            </ol>
          </section>
        ) : null}

        {restingPlace.cemetery || mapUrl ? (
          <section aria-labelledby="gravsted" className="rounded-xl border border-border bg-card/80 px-6 py-7 text-center shadow-sm">
            <h2 id="gravsted" className="text-2xl">
              Gravsted
            </h2>
            {restingPlace.cemetery ? <p className="mt-3 text-lg">{restingPlace.cemetery}</p> : null}
            {grave ? <p className="text-muted-foreground">{grave}</p> : null}
            {mapUrl ? (
              <a
                href={mapUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="mt-5 inline-flex min-h-12 items-center gap-2 rounded-lg border border-input/70 bg-card px-5 font-semibold text-foreground hover:bg-secondary"
              >
                <MapPin className="size-5" aria-hidden="true" />
                Find graven
                <span className="sr-only"> (åbner et kort i en ny fane)</span>
              </a>
            ) : null}
          </section>
        ) : null}
      </div>
    </article>
  );
}

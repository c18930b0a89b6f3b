/**
 * The years that mattered ("Livslinje"), as a line with a dot per event. The classic card keeps
 * the date above each title; the enhanced layout sets the year in its own column beside the line,
 * so the eye can run down a life decade by decade.
 */
import type { TimelineEvent } from '@/shared/memorials';
import { danishDate } from './dates';

export function Timeline({ events, variant = 'classic' }: { events: TimelineEvent[]; variant?: 'classic' | 'years' }) {
  if (variant === 'classic') {
    return (
      <ol className="mt-8 space-y-6 border-l-2 border-memorial-accent/30 pl-6">
        {events.map((event, index) => (
          <li key={`${event.date}-${index}`} className="relative">
            <span aria-hidden="true" className="absolute top-2 -left-[33px] size-3 rounded-full border-2 border-card bg-memorial-accent" />
            <p className="text-sm font-semibold tracking-wide text-memorial-accent-text">{danishDate(event.date)}</p>
            <h3 className="mt-1 font-serif text-xl">{event.title}</h3>
            {event.text ? <p className="mt-1 text-muted-foreground">{event.text}</p> : null}
          </li>
        ))}
      </ol>
    );
  }
  return (
    <ol className="mt-8">
      {events.map((event, index) => {
        const full = danishDate(event.date);
        const year = event.date.slice(0, 4);
        return (
          <li key={`${event.date}-${index}`} className="grid grid-cols-[4.25rem_minmax(0,1fr)] gap-x-4 sm:grid-cols-[5.5rem_minmax(0,1fr)] sm:gap-x-6">
            <p className="pt-0.5 text-right font-serif text-2xl leading-none text-memorial-accent-text tabular-nums sm:text-3xl">
              <span aria-hidden="true">{year}</span>
              <span className="sr-only">{full}</span>
            </p>
            <div className={`relative border-l-2 border-memorial-accent/30 pb-8 pl-6 ${index === events.length - 1 ? 'border-transparent pb-0' : ''}`}>
              <span aria-hidden="true" className="absolute top-1.5 -left-[9px] size-4 rounded-full border-[3px] border-background bg-memorial-accent" />
              <h3 className="font-serif text-xl leading-snug">{event.title}</h3>
              {full !== year ? <p className="text-sm text-muted-foreground">{full}</p> : null}
              {event.text ? <p className="mt-1 text-muted-foreground">{event.text}</p> : null}
            </div>
          </li>
        );
      })}
    </ol>
  );
}

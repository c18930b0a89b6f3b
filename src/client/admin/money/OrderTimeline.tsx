/**
 * "Forløb": the order's steps in the order they were taken, each with its time and what was noted
 * with it (a tracking number, a reason). The step it stands at now is marked (gold, and aria-current).
 */
import { cn } from '@/client/lib/cn';
import { ORDER_STATUS_LABELS } from '@/shared/money';
import { Panel } from '../Panel';
import { danishMoment } from '../people/format';
import type { AdminOrder } from './use-money';

export function OrderTimeline({ order }: { order: AdminOrder }) {
  const events = [...order.events].sort((a, b) => a.at.localeCompare(b.at));
  return (
    <Panel title="Forløb">
      {events.length === 0 ? (
        <p className="text-muted-foreground">Ingen trin endnu.</p>
      ) : (
        <ol className="relative space-y-4 border-l-2 border-border pl-5">
          {events.map((event, index) => {
            const now = index === events.length - 1;
            return (
              <li key={`${event.status}-${event.at}`} className="relative" aria-current={now ? 'step' : undefined}>
                <span
                  aria-hidden="true"
                  className={cn('absolute top-1.5 -left-[1.6rem] size-3 rounded-full border-2 border-card', now ? 'bg-gold' : 'bg-muted-foreground/50')}
                />
                <p className="font-semibold">{ORDER_STATUS_LABELS[event.status]}</p>
                <p className="text-sm text-muted-foreground">
                  <time dateTime={event.at}>{danishMoment(event.at)}</time>
                </p>
                {event.note ? <p className="mt-0.5 break-words whitespace-pre-line">{event.note}</p> : null}
              </li>
            );
          })}
        </ol>
      )}
    </Panel>
  );
}

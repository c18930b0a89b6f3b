/**
 * An order's steps as a timeline: each step it has taken with its date and time (and staff's note,
 * if any), and for a thing to be made and sent, the steps still to come, muted.
 */
import type { ReactNode } from 'react';
import { Check } from 'lucide-react';
import { ORDER_STATUS_LABELS, PHYSICAL_ORDER_KINDS, type OrderStatus } from '@/shared/money';
import { cn } from '@/client/lib/cn';
import { danishDayAndTime } from './format';
import type { OrderDetail } from './use-money';

const PHYSICAL_PATH: OrderStatus[] = ['pending_payment', 'paid', 'in_production', 'shipped', 'delivered'];
const SIMPLE_PATH: OrderStatus[] = ['pending_payment', 'paid'];

/** The first step, taken, is the ordering itself: "Afventer betaling" with a tick would read as if waiting were done. */
const stepTitle = (status: OrderStatus) => (status === 'pending_payment' ? 'Bestilt' : ORDER_STATUS_LABELS[status]);

export function OrderSteps({ order }: { order: OrderDetail }) {
  const taken = [...order.events].sort((a, b) => a.at.localeCompare(b.at));
  const path = PHYSICAL_ORDER_KINDS.includes(order.kind) ? PHYSICAL_PATH : SIMPLE_PATH;
  const at = path.indexOf(order.status);
  const coming = at === -1 ? [] : path.slice(at + 1);

  return (
    <ol className="space-y-0">
      {taken.map((event, index) => (
        <Step key={`${event.status}-${event.at}`} done last={index === taken.length - 1 && coming.length === 0} title={stepTitle(event.status)}>
          <time dateTime={event.at}>{danishDayAndTime(event.at)}</time>
          {event.note ? <span className="mt-1 block text-foreground/90">{event.note}</span> : null}
        </Step>
      ))}
      {coming.map((status, index) => (
        <Step key={status} done={false} last={index === coming.length - 1} title={ORDER_STATUS_LABELS[status]}>
          Ikke endnu
        </Step>
      ))}
    </ol>
  );
}

function Step({ done, last, title, children }: { done: boolean; last: boolean; title: string; children: ReactNode }) {
  return (
    <li className="relative flex gap-4 pb-6 last:pb-0">
      {last ? null : <span aria-hidden="true" className={cn('absolute top-8 bottom-0 left-[0.9375rem] w-0.5', done ? 'bg-gold/60' : 'bg-border')} />}
      <span
        aria-hidden="true"
        className={cn('relative flex size-8 shrink-0 items-center justify-center rounded-full border-2', done ? 'border-gold bg-gold-soft text-gold-text' : 'border-border bg-card')}
      >
        {done ? <Check className="size-4" strokeWidth={3} /> : null}
      </span>
      <div className="min-w-0 pt-0.5">
        <p className={cn('font-semibold', !done && 'text-muted-foreground')}>{title}</p>
        <p className="text-sm text-muted-foreground">{children}</p>
      </div>
    </li>
  );
}

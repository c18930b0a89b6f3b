/**
 * The dashboard's figures as large numbers, each with a line of what it means; a figure someone
 * acts on is a link to the page where they do. What waits on staff is marked when it is not zero.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ChevronRight } from 'lucide-react';
import { cn } from '@/client/lib/cn';
import type { Dashboard } from '@/shared/dashboard';

const number = new Intl.NumberFormat('da-DK');

interface Figure {
  label: string;
  value: number;
  /** A line under the number. */
  note: ReactNode;
  /** Where it is dealt with. */
  to?: string;
  /** Waiting on staff: marked while it is not zero. */
  waiting?: boolean;
}

function figures(d: Dashboard): Figure[] {
  return [
    { label: 'Konti', value: d.accounts.total, note: `${plus(d.accounts.newThisWeek)} de sidste 7 dage`, to: '/admin/users' },
    { label: 'Mindesider', value: d.memorials.total, note: `${plus(d.memorials.newThisWeek)} de sidste 7 dage` },
    { label: 'Henvendelser', value: d.contactMessagesWaiting, note: 'venter på svar', to: '/admin/support', waiting: true },
    {
      label: 'Dataanmodninger',
      value: d.dataRequests.open,
      note: dataRequestNote(d.dataRequests),
      to: '/admin/support?status=new',
      waiting: true,
    },
    { label: 'Indlæg', value: d.postsPending, note: 'venter på familiernes godkendelse' },
    {
      label: 'Fejlede job',
      value: d.failedJobs.total,
      note: d.failedJobs.lastDay > 0 ? `${number.format(d.failedJobs.lastDay)} det seneste døgn` : 'ingen det seneste døgn',
      to: '/admin/performance',
      waiting: d.failedJobs.lastDay > 0,
    },
  ];
}

const plus = (n: number) => (n > 0 ? `+${number.format(n)}` : 'ingen');

const deadline = new Intl.DateTimeFormat('da-DK', { timeZone: 'Europe/Copenhagen', day: 'numeric', month: 'short' });

/** The law gives a month: the nearest deadline, or how many are past theirs. */
function dataRequestNote({ open, overdue, nextAnswerBy }: Dashboard['dataRequests']): string {
  if (open === 0 || !nextAnswerBy) return 'ingen venter på svar';
  if (overdue > 0) return `${number.format(overdue)} over fristen`;
  return `første frist ${deadline.format(new Date(nextAnswerBy))}`;
}

export function FigureCards({ dashboard }: { dashboard: Dashboard }) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 2xl:grid-cols-6">
      {figures(dashboard).map((figure) => (
        <li key={figure.label} className="min-w-0">
          <FigureCard figure={figure} />
        </li>
      ))}
    </ul>
  );
}

function FigureCard({ figure }: { figure: Figure }) {
  const alert = figure.waiting && figure.value > 0;
  const body = (
    <>
      <span className="flex items-center justify-between gap-2 text-sm font-semibold text-muted-foreground">
        <span className="flex min-w-0 items-center gap-2">
          {alert ? <span className="size-2.5 shrink-0 rounded-full bg-gold" aria-hidden="true" /> : null}
          <span className="min-w-0 break-words">{figure.label}</span>
        </span>
        {/* On a phone the card's width is the label's: the whole card is the link there all the same. */}
        {figure.to ? <ChevronRight className="hidden size-4 shrink-0 sm:block" aria-hidden="true" /> : null}
      </span>
      <span className="mt-1 block font-serif text-3xl leading-tight tabular-nums sm:text-4xl">{number.format(figure.value)}</span>
      <span className={cn('mt-1 block text-sm leading-snug', alert ? 'font-semibold text-gold-text' : 'text-muted-foreground')}>{figure.note}</span>
    </>
  );
  const frame = 'block h-full rounded-xl border border-border bg-card px-4 py-3.5 shadow-xs';
  if (!figure.to) return <div className={frame}>{body}</div>;
  return (
    <Link
      to={figure.to}
      className={cn(
        frame,
        'text-foreground no-underline transition-colors hover:border-input hover:bg-secondary/60',
        'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring',
      )}
    >
      {body}
    </Link>
  );
}

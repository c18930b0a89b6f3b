/**
 * /admin/support: the contact form's messages as threads. Tabs by status (new ones wait for us,
 * answered ones for the sender), a filter by who has the thread, and a dense list newest activity
 * first. Where the person is (tab, filter, page) lives in the address, so back and reload keep it.
 */
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { QueryStatus } from '@/client/components/layout/QueryStatus';
import { Button } from '@/client/components/ui/button';
import { cn } from '@/client/lib/cn';
import {
  SUPPORT_ASSIGNED,
  SUPPORT_ASSIGNED_LABELS,
  SUPPORT_STATUSES,
  SUPPORT_STATUS_LABELS,
  type SupportAssigned,
  type SupportList,
  type SupportStatus,
} from '@/shared/support';
import { AdminLayout } from '../AdminLayout';
import { useSupportList } from './support-queries';
import { ThreadRow } from './ThreadRow';

const EMPTY: Record<SupportStatus, string> = {
  new: 'Ingen beskeder venter på svar.',
  answered: 'Ingen besvarede sager venter på afsenderen.',
  closed: 'Ingen lukkede sager.',
};

const pick = <T extends string>(value: string | null, allowed: readonly T[], fallback: T): T => (allowed.includes(value as T) ? (value as T) : fallback);

export default function SupportInboxPage() {
  const [search] = useSearchParams();
  const status = pick(search.get('status'), SUPPORT_STATUSES, 'new');
  const assigned = pick(search.get('assigned'), SUPPORT_ASSIGNED, 'any');
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1);
  const list = useSupportList({ status, assigned, page });

  /** The address for another tab, filter or page; a new tab or filter starts on its first page. */
  const to = (next: { status?: SupportStatus; assigned?: SupportAssigned; page?: number }) => {
    const params = new URLSearchParams({ status: next.status ?? status, assigned: next.assigned ?? assigned });
    if (next.page && next.page > 1) params.set('page', String(next.page));
    return `?${params.toString()}`;
  };

  return (
    <AdminLayout title="Support" description="Beskeder fra kontaktformularen. Svar sendes til afsenderen på e-mail med et link, hvor de kan svare igen.">
      <div className="flex flex-col gap-3 xl:flex-row xl:items-center xl:justify-between">
        <nav aria-label="Status">
          <ul className="grid grid-cols-3 gap-1 rounded-xl bg-secondary/70 p-1 sm:inline-grid">
            {SUPPORT_STATUSES.map((value) => (
              <li key={value}>
                <Segment to={to({ status: value })} active={value === status} tab>
                  {SUPPORT_STATUS_LABELS[value]}
                  <span className={cn('rounded-full px-2 text-sm tabular-nums', value === status ? 'bg-secondary' : 'bg-card/70')}>
                    {list.data ? list.data.counts[value] : '–'}
                  </span>
                </Segment>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Ansvarlig">
          <ul className="flex gap-1 overflow-x-auto">
            {SUPPORT_ASSIGNED.map((value) => (
              <li key={value} className="shrink-0">
                <Segment to={to({ assigned: value })} active={value === assigned} quiet>
                  {SUPPORT_ASSIGNED_LABELS[value]}
                </Segment>
              </li>
            ))}
          </ul>
        </nav>
      </div>

      {list.data ? (
        <Threads data={list.data} status={status} to={to} refreshing={list.isFetching} />
      ) : (
        <QueryStatus query={list} pending="Henter beskederne..." failed="Beskederne kunne ikke hentes" compact className="mt-6" />
      )}
    </AdminLayout>
  );
}

/** A tab (a status, its count under the word on a phone and beside it from 640 px) or a filter. */
function Segment({ to, active, quiet = false, tab = false, children }: { to: string; active: boolean; quiet?: boolean; tab?: boolean; children: ReactNode }) {
  return (
    <Link
      to={to}
      aria-current={active ? 'page' : undefined}
      className={cn(
        'flex min-h-11 items-center gap-2 rounded-lg px-3.5 font-semibold whitespace-nowrap no-underline',
        tab && 'flex-col justify-center gap-0.5 px-2 py-1.5 sm:flex-row sm:gap-2 sm:px-3.5 sm:py-0',
        'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring',
        active ? (quiet ? 'bg-secondary text-foreground' : 'bg-card text-foreground shadow-xs ring-1 ring-gold/50') : 'text-muted-foreground hover:bg-secondary hover:text-foreground',
      )}
    >
      {children}
    </Link>
  );
}

function Threads({ data, status, to, refreshing }: { data: SupportList; status: SupportStatus; to: (next: { page: number }) => string; refreshing: boolean }) {
  const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
  const first = (data.page - 1) * data.pageSize + 1;
  const last = first + data.threads.length - 1;

  if (data.threads.length === 0) {
    return (
      <div className="mt-6 rounded-xl border border-dashed border-border px-5 py-10 text-center text-muted-foreground">
        <p>{data.page > 1 ? 'Der er ikke flere beskeder her.' : EMPTY[status]}</p>
        {data.page > 1 ? (
          <Button asChild variant="secondary" className="mt-4">
            <Link to={to({ page: 1 })}>Til første side</Link>
          </Button>
        ) : null}
      </div>
    );
  }

  return (
    <div className="mt-5">
      <ul className={cn('divide-y divide-border overflow-hidden rounded-xl border border-border bg-card transition-opacity', refreshing && 'opacity-90')}>
        {data.threads.map((thread) => (
          <li key={thread.id}>
            <ThreadRow thread={thread} />
          </li>
        ))}
      </ul>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground tabular-nums">
          {first}–{last} af {data.total}
        </p>
        {pages > 1 ? (
          <nav aria-label="Sider" className="flex items-center gap-2">
            <PageLink to={to({ page: data.page - 1 })} disabled={data.page <= 1}>
              Forrige
            </PageLink>
            <span className="px-2 text-sm text-muted-foreground tabular-nums">
              Side {data.page} af {pages}
            </span>
            <PageLink to={to({ page: data.page + 1 })} disabled={data.page >= pages}>
              Næste
            </PageLink>
          </nav>
        ) : null}
      </div>
    </div>
  );
}

function PageLink({ to, disabled, children }: { to: string; disabled: boolean; children: string }) {
  if (disabled) {
    return (
      <Button variant="secondary" size="sm" disabled>
        {children}
      </Button>
    );
  }
  return (
    <Button asChild variant="secondary" size="sm">
      <Link to={to}>{children}</Link>
    </Button>
  );
}

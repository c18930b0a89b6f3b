/**
 * /admin/ai: every try of the AI extras (greetings, drafts of lyrics, songs), newest first, for
 * staff to see what the providers did and help a family whose try went wrong. Whether each extra
 * is offered on this installation; counts by status; filters by status and kind in the address
 * (?status=&kind=), so back and reload keep them. A dense table, each row with its memorial, its
 * order (a link to the order's page, where a refund is made with its reason), the provider and
 * model, attempts and seconds, times, and the last error and the provider's own answer folded
 * away, as plain text. "Kør igen" starts the same try again after a question; the list is asked
 * again every few seconds while any try is under way.
 */
import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { z } from 'zod';
import { Button } from '@/client/components/ui/button';
import { ConfirmDialog } from '@/client/components/ui/confirm-dialog';
import { FilterSelect } from '@/client/components/ui/filter-select';
import { Notice } from '@/client/components/ui/notice';
import { QueryStatus } from '@/client/components/layout/QueryStatus';
import { useUser } from '@/client/lib/use-user';
import { cn } from '@/client/lib/cn';
import { apiRequest, errorMessage } from '@/client/lib/request';
import { toast } from '@/client/lib/toast';
import { AI_STATUSES, AI_WORK_KINDS, type AiStatus, type AiWorkKind } from '@/shared/ai';
import type { AdminGeneration, adminGenerationsResponse } from '@/shared/ai-api';
import { AdminLayout } from '../AdminLayout';
import { useListAddress } from '../ListControls';
import { OrderStatusBadge } from '../money/badges';
import { orderLink } from '../money/format';

type Generations = z.infer<typeof adminGenerationsResponse>;

const API = '/api/admin/ai';
const POLL_MS = 5000;

export const STATUS_LABELS: Record<AiStatus, string> = {
  queued: 'I kø',
  running: 'I gang',
  succeeded: 'Færdig',
  failed: 'Fejlet',
  cancelled: 'Stoppet',
};
export const KIND_LABELS: Record<AiWorkKind, string> = { greeting: 'Hilsen', lyrics: 'Sangtekst', song: 'Sang' };

const FILTERS = { status: AI_STATUSES, kind: AI_WORK_KINDS };

const dayAndTime = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('da-DK', { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' }) : '–';

function useGenerations(filters: { status: string; kind: string }) {
  return useQuery({
    queryKey: [API, filters],
    queryFn: ({ signal }) => apiRequest<Generations>('GET', API, { signal, params: { status: filters.status || undefined, kind: filters.kind || undefined } }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.generations.some((each) => each.status === 'queued' || each.status === 'running') ? POLL_MS : false),
  });
}

export default function AiGenerationsPage() {
  const { user } = useUser();
  const { filters, go } = useListAddress(FILTERS);
  const list = useGenerations(filters);
  const queries = useQueryClient();
  const [asking, setAsking] = useState<AdminGeneration | null>(null);
  const rerun = useMutation({
    mutationFn: (generation: AdminGeneration) => apiRequest<unknown>('POST', `${API}/${encodeURIComponent(generation.id)}/rerun`),
    onSuccess: (_answer, generation) => {
      setAsking(null);
      toast({ title: 'Kører igen', description: `${KIND_LABELS[generation.kind]} til ${generation.memorial.name} er sat i kø.` });
      void queries.invalidateQueries({ queryKey: [API] });
    },
    onError: (error) => toast({ title: 'Den blev ikke kørt igen', description: errorMessage(error), variant: 'destructive' }),
  });

  return (
    <AdminLayout title="AI" description="Animerede hilsener, sangtekster og sange: hvert forsøg, hvad udbyderen svarede, og hvad det kostede af tid. Nyeste først.">
      {list.data ? <Offered offered={list.data.offered} /> : null}
      <form role="search" onSubmit={(event) => event.preventDefault()} className="mt-6 grid gap-4 sm:grid-cols-2 lg:max-w-xl">
        <FilterSelect
          id="ai-status"
          label="Status"
          value={filters.status}
          onChange={(status) => go({ status })}
          options={[['', 'Alle'], ...AI_STATUSES.map((status) => [status, STATUS_LABELS[status]] as const)]}
        />
        <FilterSelect
          id="ai-kind"
          label="Slags"
          value={filters.kind}
          onChange={(kind) => go({ kind })}
          options={[['', 'Alle'], ...AI_WORK_KINDS.map((kind) => [kind, KIND_LABELS[kind]] as const)]}
        />
      </form>

      {list.data ? (
        <div className="mt-6">
          <Counts counts={list.data.counts} fetching={list.isFetching} />
          {list.data.generations.length ? (
            <Table generations={list.data.generations} onRerun={user?.role === 'admin' ? setAsking : null} />
          ) : (
            <p className="mt-4 rounded-lg border border-dashed border-border px-5 py-10 text-center text-muted-foreground">
              {filters.status || filters.kind ? 'Ingen forsøg passer til filtrene.' : 'Der er ingen forsøg endnu.'}
            </p>
          )}
        </div>
      ) : (
        <div className="mt-6">
          <QueryStatus compact query={list} pending="Henter forsøgene..." failed="Forsøgene kunne ikke hentes" />
        </div>
      )}

      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => (open ? undefined : setAsking(null))}
        title="Kør forsøget igen?"
        confirmLabel="Kør igen"
        pendingLabel="Sætter i kø..."
        variant="primary"
        pending={rerun.isPending}
        onConfirm={() => asking && rerun.mutate(asking)}
      >
        {asking ? (
          <p>
            {KIND_LABELS[asking.kind]} til {asking.memorial.name} (ordre {asking.order.number}) laves igen hos {asking.provider} med de samme oplysninger. Det tæller ikke som et af familiens forsøg.
          </p>
        ) : null}
      </ConfirmDialog>
    </AdminLayout>
  );
}

function Offered({ offered }: { offered: Generations['offered'] }) {
  const line = (name: string, yes: boolean) => `${name}: ${yes ? 'tilbydes' : 'tilbydes ikke (ingen udbyder sat op)'}`;
  return (
    <Notice title="På denne installation">
      <ul className="space-y-1">
        <li>{line('Animerede hilsener', offered.greeting)}</li>
        <li>{line('Sange med AI', offered.song)}</li>
      </ul>
    </Notice>
  );
}

function Counts({ counts, fetching }: { counts: Generations['counts']; fetching: boolean }) {
  return (
    <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground" aria-live="polite">
      {AI_STATUSES.map((status) => (
        <span key={status}>
          <span className="font-semibold text-foreground tabular-nums">{counts[status] ?? 0}</span> {STATUS_LABELS[status].toLowerCase()}
        </span>
      ))}
      {fetching ? <span>Henter...</span> : null}
    </p>
  );
}

const STATUS_TONES: Record<AiStatus, string> = {
  queued: 'border-gold/50 bg-gold-soft text-foreground',
  running: 'border-gold/50 bg-gold-soft text-foreground',
  succeeded: 'border-border bg-secondary text-foreground',
  failed: 'border-destructive/40 bg-destructive-soft text-destructive',
  cancelled: 'border-border text-muted-foreground',
};

function StatusBadge({ status }: { status: AiStatus }) {
  return <span className={cn('inline-flex items-center rounded-full border px-2.5 text-xs leading-6 font-semibold whitespace-nowrap', STATUS_TONES[status])}>{STATUS_LABELS[status]}</span>;
}

const CELL = 'px-3 py-2.5 align-top';

/** `onRerun` null: support reads the tries; re-runs and refunds cost money, so they are the admins'. */
function Table({ generations, onRerun }: { generations: AdminGeneration[]; onRerun: ((generation: AdminGeneration) => void) | null }) {
  return (
    <div className="mt-3 overflow-x-auto rounded-lg border border-border">
      <table className="w-full min-w-[60rem] text-left text-sm">
        <caption className="sr-only">Forsøg med AI, nyeste først</caption>
        <thead className="bg-secondary/60 text-xs tracking-wide text-muted-foreground uppercase">
          <tr>
            <th scope="col" className="px-3 py-3 font-semibold">Slags</th>
            <th scope="col" className="px-3 py-3 font-semibold">Mindeside og ordre</th>
            <th scope="col" className="px-3 py-3 font-semibold">Status</th>
            <th scope="col" className="px-3 py-3 font-semibold">Udbyder</th>
            <th scope="col" className="px-3 py-3 text-right font-semibold">Forsøg</th>
            <th scope="col" className="px-3 py-3 text-right font-semibold">Sekunder</th>
            <th scope="col" className="px-3 py-3 font-semibold">Oprettet / færdig</th>
            <th scope="col" className="px-3 py-3 font-semibold">Handlinger</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {generations.map((generation) => (
            <Row key={generation.id} generation={generation} onRerun={onRerun} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Row({ generation, onRerun }: { generation: AdminGeneration; onRerun: ((generation: AdminGeneration) => void) | null }) {
  const { memorial, order } = generation;
  const hasDetails = generation.lastError || generation.providerResponse || generation.providerStatus || generation.predictionId;
  const underWay = generation.status === 'queued' || generation.status === 'running';
  return (
    <>
      <tr className="hover:bg-secondary/30">
        <td className={cn(CELL, 'font-semibold whitespace-nowrap')}>
          {KIND_LABELS[generation.kind]}
          {generation.rerunOf ? <span className="block font-normal text-muted-foreground">kørt igen</span> : null}
        </td>
        <td className={cn(CELL, 'min-w-48 break-words')}>
          <Link to={`/memorial/${encodeURIComponent(memorial.slug)}`} className="font-semibold underline decoration-gold/40 underline-offset-4 hover:decoration-gold-text">
            {memorial.name}
          </Link>
          <span className="mt-1 flex flex-wrap items-center gap-2">
            <Link
              to={orderLink(order.id)}
              className="inline-flex min-h-8 items-center text-foreground tabular-nums underline decoration-gold/40 underline-offset-4 hover:decoration-gold-text"
            >
              Ordre {order.number}
            </Link>
            <OrderStatusBadge status={order.status} />
          </span>
        </td>
        <td className={CELL}>
          <StatusBadge status={generation.status} />
        </td>
        <td className={cn(CELL, 'break-all')}>
          <span className="block">{generation.provider}</span>
          <span className="block font-mono text-xs text-muted-foreground">{generation.model}</span>
        </td>
        <td className={cn(CELL, 'text-right tabular-nums')}>
          {generation.attempts}
          <span className="block text-xs text-muted-foreground">{generation.polls} kald</span>
        </td>
        <td className={cn(CELL, 'text-right tabular-nums')}>{generation.providerSeconds === null ? '–' : generation.providerSeconds.toLocaleString('da-DK', { maximumFractionDigits: 1 })}</td>
        <td className={cn(CELL, 'whitespace-nowrap')}>
          <span className="block">{dayAndTime(generation.createdAt)}</span>
          <span className="block text-muted-foreground">{dayAndTime(generation.finishedAt)}</span>
        </td>
        <td className={CELL}>
          {onRerun ? (
            <div className="flex flex-col items-start gap-1.5">
              <Button size="sm" variant="secondary" disabled={underWay} onClick={() => onRerun(generation)} aria-label={`Kør igen: ${KIND_LABELS[generation.kind].toLowerCase()} til ${memorial.name}`}>
                Kør igen
              </Button>
              {order.status !== 'refunded' && order.status !== 'pending_payment' && order.status !== 'cancelled' ? (
                <Link to={orderLink(order.id)} className="inline-flex min-h-10 items-center text-sm font-semibold text-gold-text underline decoration-gold/50 underline-offset-4">
                  Refunder …
                  <span className="sr-only"> ordre {order.number}</span>
                </Link>
              ) : null}
            </div>
          ) : null}
        </td>
      </tr>
      {hasDetails ? (
        <tr>
          <td colSpan={8} className="px-3 pb-3">
            <details className="rounded-md border border-border bg-secondary/20">
              <summary className="flex min-h-10 cursor-pointer items-center gap-2 px-3 text-sm font-semibold">
                {generation.lastError ? <span className="text-destructive">Fejl: {firstLine(generation.lastError)}</span> : 'Udbyderens svar'}
              </summary>
              <dl className="space-y-3 border-t border-border px-3 py-3 text-sm">
                {generation.predictionId ? <Detail term="Udbyderens id">{generation.predictionId}</Detail> : null}
                {generation.providerStatus ? <Detail term="Udbyderens status">{generation.providerStatus}</Detail> : null}
                {generation.lastError ? <Detail term="Sidste fejl">{generation.lastError}</Detail> : null}
                {generation.providerResponse ? <Detail term="Udbyderens svar">{generation.providerResponse}</Detail> : null}
              </dl>
            </details>
          </td>
        </tr>
      ) : null}
    </>
  );
}

const firstLine = (text: string) => {
  const line = text.split('\n')[0] ?? '';
  return line.length > 120 ? `${line.slice(0, 120)}…` : line;
};

function Detail({ term, children }: { term: string; children: string }) {
  return (
    <div>
      <dt className="font-semibold">{term}</dt>
      <dd className="mt-1 max-h-72 overflow-auto rounded bg-card px-3 py-2 font-mono text-xs break-all whitespace-pre-wrap">{children}</dd>
    </div>
  );
}

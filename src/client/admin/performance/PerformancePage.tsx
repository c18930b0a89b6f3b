/**
 * /admin/performance "Drift": the last hour on the server that answered (GET /api/admin/performance):
 * requests, response times and errors, overall, minute by minute and per route; the database, the
 * job queue, memory and the event loop. Asked again every 15 seconds while the tab is in view
 * (TanStack Query pauses a hidden tab's interval) and at once when it comes back. The cluster as
 * a whole is what a monitoring system reading every server's /metrics sees (decision 23).
 */
import { useQuery } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { QueryStatus } from '@/client/components/layout/QueryStatus';
import { Button } from '@/client/components/ui/button';
import { Notice } from '@/client/components/ui/notice';
import { errorMessage } from '@/client/lib/request';
import type { PerformanceSnapshot } from '@/shared/performance';
import { AdminLayout } from '../AdminLayout';
import { SuccessorMapPanel } from '../archive/SuccessorMapPanel';
import { Panel } from '../Panel';
import { formatClock } from './figures-format';
import { MinuteCharts } from './MinuteCharts';
import { PerformanceFigures } from './PerformanceFigures';
import { PerformanceSkeleton } from './PerformanceSkeleton';
import { RouteTable } from './RouteTable';

const PERFORMANCE_KEY = ['/api/admin/performance'] as const;
const REFRESH_MS = 15_000;

const DESCRIPTION = (
  <>
    Tallene er denne servers seneste time. Et overvågningssystem læser hver server for sig på <code className="font-mono text-[0.9em]">/metrics</code>.
  </>
);

export default function PerformancePage() {
  const performance = useQuery<PerformanceSnapshot>({
    queryKey: PERFORMANCE_KEY,
    staleTime: 0,
    refetchInterval: REFRESH_MS,
    refetchOnWindowFocus: true,
  });
  const { data } = performance;

  return (
    <AdminLayout
      title="Drift"
      description={DESCRIPTION}
      actions={
        data ? (
          <div className="flex w-full flex-wrap items-center justify-between gap-x-4 gap-y-2 sm:w-auto">
            <p className="text-sm text-muted-foreground tabular-nums">
              Opdateret kl. <time dateTime={data.at}>{formatClock(new Date(data.at))}</time>
            </p>
            <Button variant="secondary" size="sm" onClick={() => void performance.refetch()} disabled={performance.isFetching}>
              <RefreshCw aria-hidden="true" className={performance.isFetching ? 'animate-spin motion-reduce:animate-none' : undefined} />
              {performance.isFetching ? 'Henter...' : 'Opdater nu'}
            </Button>
          </div>
        ) : null
      }
    >
      {data ? (
        <div className="space-y-6">
          {performance.isRefetchError ? (
            <Notice tone="problem" title="Tallene kunne ikke opdateres">
              {errorMessage(performance.error)} Tallene herunder er fra kl. {formatClock(new Date(data.at))}.
            </Notice>
          ) : null}
          {data.windowMinutes < 60 ? (
            <p className="text-muted-foreground">
              Serveren har kun kørt i {data.windowMinutes === 1 ? 'et minut' : `${data.windowMinutes} minutter`}, så tallene dækker kun den tid.
            </p>
          ) : null}
          <PerformanceFigures snapshot={data} />
          <Panel title="Minut for minut">
            {data.totals.requests === 0 ? (
              <NothingYet />
            ) : (
              <MinuteCharts snapshot={data} />
            )}
          </Panel>
          <Panel title="Ruter">
            {data.routes.length === 0 ? <NothingYet /> : <RouteTable routes={data.routes} />}
          </Panel>
        </div>
      ) : performance.isPending ? (
        <PerformanceSkeleton />
      ) : (
        <QueryStatus compact query={performance} pending="Henter driftstallene..." failed="Driftstallene kunne ikke hentes" />
      )}
      {/* Not a figure of the hour, and there whether or not the figures could be read. */}
      <SuccessorMapPanel className="mt-6" />
    </AdminLayout>
  );
}

/** A server just started has answered nothing yet: nothing is wrong, there is just nothing to draw. */
function NothingYet() {
  return <p className="text-muted-foreground">Ingen forespørgsler endnu i denne time. De vises her, så snart serveren har svaret på nogen.</p>;
}

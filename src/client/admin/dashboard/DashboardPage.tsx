/**
 * /admin/dashboard "Overblik": the state of the business at a glance (GET /api/admin/dashboard).
 * The figures that may need someone first, each a way to where it is dealt with; the last 90 days
 * of sign-ups, memorials and QR activations; the codes by lifecycle state; and what staff did
 * lately. Asked again every minute while open, since it stays open on a screen all day.
 */
import { useQuery } from '@tanstack/react-query';
import { RefreshCw } from 'lucide-react';
import { QueryStatus } from '@/client/components/layout/QueryStatus';
import { Button } from '@/client/components/ui/button';
import type { Dashboard } from '@/shared/dashboard';
import { AdminLayout } from '../AdminLayout';
import { ActivityList } from './ActivityList';
import { CodeStates } from './CodeStates';
import { FigureCards } from './FigureCards';
import { GrowthChart } from './GrowthChart';
import { Panel } from '../Panel';
import { DashboardSkeleton } from './DashboardSkeleton';

const DASHBOARD_KEY = ['/api/admin/dashboard'] as const;
const REFRESH_MS = 60_000;

const clock = new Intl.DateTimeFormat('da-DK', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Copenhagen' });

export default function DashboardPage() {
  const dashboard = useQuery<Dashboard>({ queryKey: DASHBOARD_KEY, staleTime: 0, refetchInterval: REFRESH_MS });
  const { data } = dashboard;

  return (
    <AdminLayout
      title="Overblik"
      description={data ? `Sådan står det til lige nu. Opdateret kl. ${clock.format(dashboard.dataUpdatedAt)}.` : 'Sådan står det til lige nu.'}
      actions={
        data ? (
          <Button variant="secondary" size="sm" onClick={() => void dashboard.refetch()} disabled={dashboard.isFetching}>
            <RefreshCw aria-hidden="true" className={dashboard.isFetching ? 'animate-spin motion-reduce:animate-none' : undefined} />
            {dashboard.isFetching ? 'Henter...' : 'Opdater'}
          </Button>
        ) : null
      }
    >
      {data ? (
        <div className="space-y-6">
          <FigureCards dashboard={data} />
          <div className="grid gap-6 xl:grid-cols-3">
            <Panel title="De sidste 90 dage" className="xl:col-span-2">
              <GrowthChart series={data.series} />
            </Panel>
            <Panel title="QR-koder">
              <CodeStates byStatus={data.qrCodes.byStatus} />
            </Panel>
          </div>
          <Panel title="Seneste handlinger">
            <ActivityList activity={data.recentActivity} />
          </Panel>
        </div>
      ) : dashboard.isPending ? (
        <DashboardSkeleton />
      ) : (
        <QueryStatus compact query={dashboard} pending="Henter overblikket..." failed="Overblikket kunne ikke hentes" />
      )}
    </AdminLayout>
  );
}

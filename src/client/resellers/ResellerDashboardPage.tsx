/**
 * /reseller-dashboard, "Forhandler": a funeral home's or stone dealer's own page (PRODUCT.md
 * "Resellers"). What it shows follows the reseller record (GET /api/resellers/me/overview): a
 * visitor, and an account without a record, are told what a reseller is and led to the
 * application (a visitor also to log in); a pending one where it stands; a rejected one why; an
 * approved one its codes, packages, figures and partners in four parts (?tab=); a suspended one
 * the same history under a notice of why, without giving codes away. The server decides every
 * permission.
 */
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { ResellerOverview } from '@/shared/resellers-api';
import { RESELLER_STATUS_LABELS } from '@/shared/resellers';
import { PageShell } from '@/client/components/layout/PageShell';
import { QueryStatus } from '@/client/components/layout/QueryStatus';
import { Notice } from '@/client/components/ui/notice';
import { Skeleton } from '@/client/components/ui/skeleton';
import { cn } from '@/client/lib/cn';
import { usePageTitle } from '@/client/lib/page-title';
import { ApiError } from '@/client/lib/request';
import { useUser } from '@/client/lib/use-user';
import { CodesSection } from './CodesSection';
import { NotAReseller, PendingApplication, RejectedApplication } from './DashboardStates';
import { OverviewSection } from './OverviewSection';
import { PartnersSection } from './PartnersSection';
import { StatsSection } from './StatsSection';
import { useOverview } from './use-dashboard';
import { useResellerQuery } from './use-reseller';

const TABS = [
  { id: 'oversigt', label: 'Overblik' },
  { id: 'koder', label: 'Koder' },
  { id: 'statistik', label: 'Statistik' },
  { id: 'partnere', label: 'Partnere' },
] as const;
type Tab = (typeof TABS)[number]['id'];

const tabPath = (tab: Tab) => (tab === 'oversigt' ? '/reseller-dashboard' : `/reseller-dashboard?tab=${tab}`);

export default function ResellerDashboardPage() {
  const [params] = useSearchParams();
  const tab: Tab = TABS.find((entry) => entry.id === params.get('tab'))?.id ?? 'oversigt';
  usePageTitle(tab === 'oversigt' ? 'Forhandler' : `${TABS.find((entry) => entry.id === tab)!.label} – Forhandler`);
  const { user, isLoading } = useUser();
  // The header's record says whether there is anything to fetch: no one asks for an overview that is not there.
  const record = useResellerQuery(Boolean(user));
  const overview = useOverview(Boolean(record.data));

  if (isLoading) return <Frame loading />;
  // A dealer who is not signed in may not know yet whether they are one: told what a reseller is,
  // with the way to apply, and to log in for one who has an account.
  if (!user) {
    return (
      <PageShell>
        <NotAReseller loginPath={`/login?redirect=${encodeURIComponent(tabPath(tab))}`} />
      </PageShell>
    );
  }
  if (record.isPending) return <Frame loading />;
  if (record.isError) {
    return (
      <PageShell>
        <QueryStatus query={record} pending="Henter forhandleroverblikket..." failed="Forhandleroverblikket kunne ikke hentes" />
      </PageShell>
    );
  }
  if (!record.data || (overview.error instanceof ApiError && overview.error.status === 404)) {
    return (
      <PageShell>
        <NotAReseller />
      </PageShell>
    );
  }
  if (overview.isPending) return <Frame loading />;
  if (overview.isError) {
    return (
      <PageShell>
        <QueryStatus query={overview} pending="Henter forhandleroverblikket..." failed="Forhandleroverblikket kunne ikke hentes" />
      </PageShell>
    );
  }

  const { reseller } = overview.data;
  return (
    <Frame overview={overview.data}>
      {reseller.status === 'pending' ? (
        <PendingApplication reseller={reseller} />
      ) : reseller.status === 'rejected' ? (
        <RejectedApplication reseller={reseller} />
      ) : (
        <Dashboard overview={overview.data} tab={tab} />
      )}
    </Frame>
  );
}

/** The page's frame: the company's name and status on top, or a skeleton of it while it loads. */
function Frame({ overview, loading = false, children }: { overview?: ResellerOverview; loading?: boolean; children?: ReactNode }) {
  return (
    <PageShell>
      <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
        {overview ? (
          <header className="flex flex-wrap items-end justify-between gap-x-8 gap-y-3">
            <div className="min-w-0">
              <p className="text-sm font-semibold tracking-[0.14em] text-gold-text uppercase">Forhandler</p>
              <h1 className="mt-2 text-[2.2rem] leading-tight break-words hyphens-auto sm:text-5xl">{overview.reseller.companyName}</h1>
            </div>
            <StatusPill status={overview.reseller.status} />
          </header>
        ) : null}
        {loading ? <DashboardSkeleton /> : children}
      </div>
    </PageShell>
  );
}

function StatusPill({ status }: { status: ResellerOverview['reseller']['status'] }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full border px-3 text-sm leading-8 font-semibold whitespace-nowrap',
        status === 'approved' && 'border-gold/50 bg-gold-soft text-foreground',
        status === 'pending' && 'border-border bg-card text-foreground',
        (status === 'suspended' || status === 'rejected') && 'border-destructive/40 bg-destructive-soft text-foreground',
      )}
    >
      {RESELLER_STATUS_LABELS[status]}
    </span>
  );
}

function DashboardSkeleton() {
  return (
    <div>
      <p role="status" className="sr-only">
        Henter forhandleroverblikket...
      </p>
      <Skeleton className="h-5 w-28" />
      <Skeleton className="mt-3 h-12 w-72 max-w-full" />
      <Skeleton className="mt-10 h-12 w-full max-w-lg" />
      <div className="mt-8 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} className="h-24" />
        ))}
      </div>
      <Skeleton className="mt-8 h-64" />
    </div>
  );
}

/** An approved (or suspended) reseller's four parts, as links: each has its own address, back works. */
function Dashboard({ overview, tab }: { overview: ResellerOverview; tab: Tab }) {
  const { reseller } = overview;
  const suspended = reseller.status === 'suspended';
  return (
    <>
      {suspended ? (
        <Notice tone="problem" title="Jeres forhandleradgang er suspenderet" className="mt-8">
          {reseller.statusReason ? <p>Begrundelse: {reseller.statusReason}</p> : null}
          <p className={reseller.statusReason ? 'mt-2' : undefined}>
            I kan stadig se jeres koder og tal, men ikke give koder til familier. Har I spørgsmål, så{' '}
            <Link to="/contact" className="font-semibold underline underline-offset-4">
              skriv til os
            </Link>
            .
          </p>
        </Notice>
      ) : null}
      <nav aria-label="Forhandleroverblikkets dele" className="mt-8">
        {/* Four equal columns on a phone, so every part is in sight without scrolling sideways. */}
        <div className="grid grid-cols-4 border-b border-border sm:flex sm:gap-2">
          {TABS.map((entry) => (
            <Link
              key={entry.id}
              to={tabPath(entry.id)}
              aria-current={entry.id === tab ? 'page' : undefined}
              className={cn(
                'inline-flex min-h-12 items-center justify-center border-b-[3px] px-1 text-base whitespace-nowrap transition-colors sm:px-4 sm:text-lg',
                'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                entry.id === tab ? 'border-gold font-semibold text-foreground' : 'border-transparent text-muted-foreground hover:text-foreground',
              )}
            >
              {entry.label}
            </Link>
          ))}
        </div>
      </nav>
      <div className="mt-8">
        {tab === 'koder' ? (
          <CodesSection canGive={!suspended} />
        ) : tab === 'statistik' ? (
          <StatsSection />
        ) : tab === 'partnere' ? (
          <PartnersSection />
        ) : (
          <OverviewSection overview={overview} />
        )}
      </div>
    </>
  );
}

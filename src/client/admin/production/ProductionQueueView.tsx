/**
 * The production queue (issue 23 item 5): "Pakker til tryk" and "Plader til gravering", each
 * oldest first with how long it has waited and who has started it, and what to do next. The same
 * view on /admin/qr-production and on the floor's full-screen /production (`large`: bigger type
 * and buttons, read at arm's length). Read again every 30 seconds; the time of the last reading
 * is shown, and a reading that fails keeps the last list on screen and says so.
 */
import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import { FileText, Package, RefreshCw } from 'lucide-react';
import { QueryStatus } from '@/client/components/layout/QueryStatus';
import { Button } from '@/client/components/ui/button';
import { ConfirmDialog } from '@/client/components/ui/confirm-dialog';
import { Notice } from '@/client/components/ui/notice';
import { cn } from '@/client/lib/cn';
import { ApiError, errorMessage } from '@/client/lib/request';
import { laserFaceUrl, type LaserJobRow } from '@/shared/laser-jobs';
import type { QueuePackage } from '@/shared/production-queue';
import { formatCode } from '@/shared/qr-code';
import { danishMoment, danishNumber } from '../people/format';
import { LaserStatusBadge } from './badges';
import { ageText, jobLink, packageLink, plaqueText, printSheetLink, waitedText } from './format';
import { JobActions } from './JobActions';
import { type PackageAction, usePackageAction, useProductionQueue } from './use-production';

const clock = new Intl.DateTimeFormat('da-DK', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Copenhagen' });

export function ProductionQueueView({ large = false }: { large?: boolean }) {
  const queue = useProductionQueue();
  const data = queue.data;

  if (!data) return <QueryStatus compact query={queue} pending="Henter køen..." failed="Køen kunne ikke hentes" className="mt-2" />;

  const nothing = data.packages.length === 0 && data.jobs.length === 0;
  return (
    <div className={cn(large && 'text-lg')}>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-muted-foreground" aria-live="polite">
        <span>
          Opdateret kl. {clock.format(new Date(queue.dataUpdatedAt))} · læses igen hvert halve minut
        </span>
        <Button variant="quiet" size="sm" onClick={() => void queue.refetch()} disabled={queue.isFetching}>
          <RefreshCw aria-hidden="true" className={cn(queue.isFetching && 'animate-spin motion-reduce:animate-none')} />
          {queue.isFetching ? 'Henter...' : 'Opdater nu'}
        </Button>
      </div>
      {queue.isError ? (
        <Notice tone="problem" title="Køen kunne ikke læses igen" className="mt-3">
          {errorMessage(queue.error)} Listen herunder er fra kl. {clock.format(new Date(queue.dataUpdatedAt))}.
        </Notice>
      ) : null}
      {nothing ? (
        <div className="mt-6 rounded-xl border border-dashed border-border px-5 py-12 text-center">
          <p className={cn('font-serif text-muted-foreground', large ? 'text-3xl' : 'text-2xl')}>Intet at lave lige nu</p>
          <p className="mt-2 text-muted-foreground">Nye pakker og betalte plader kommer her af sig selv.</p>
        </div>
      ) : null}
      <div className={cn('mt-6 grid gap-8', !nothing && 'xl:grid-cols-2 xl:items-start')}>
        {nothing ? null : (
          <>
            <QueueSection title="Pakker til tryk" count={data.packages.length} empty="Ingen pakker venter på tryk." large={large}>
              {data.packages.map((pkg) => (
                <PackageItem key={pkg.id} pkg={pkg} large={large} />
              ))}
            </QueueSection>
            <QueueSection title="Plader til gravering" count={data.jobs.length} empty="Ingen plader venter på laseren." large={large}>
              {data.jobs.map((job) => (
                <JobItem key={job.id} job={job} large={large} />
              ))}
            </QueueSection>
          </>
        )}
      </div>
    </div>
  );
}

function QueueSection({ title, count, empty, large, children }: { title: string; count: number; empty: string; large: boolean; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="min-w-0">
      <h2 id={id} className={large ? 'text-3xl sm:text-4xl' : 'text-2xl'}>
        {title}
        <span className="ml-3 inline-block rounded-full bg-secondary px-2.5 align-middle font-sans text-base font-semibold tabular-nums">{danishNumber(count)}</span>
      </h2>
      {count === 0 ? (
        <p className="mt-3 rounded-lg border border-dashed border-border px-5 py-8 text-center text-muted-foreground">{empty}</p>
      ) : (
        <ol className="mt-3 space-y-3">{children}</ol>
      )}
    </section>
  );
}

/** "Birthe Bagkontor gik i gang for 2 timer siden", or that no one has. */
function Started({ name, at }: { name: string | null; at: string | null }) {
  if (!at) return <span className="text-muted-foreground">Ingen er gået i gang endnu</span>;
  const age = ageText(at);
  return (
    <span>
      <span className="font-semibold">{name ?? 'En tidligere medarbejder'}</span> gik i gang{' '}
      <time dateTime={at} title={danishMoment(at)}>
        {age === 'lige nu' ? 'lige nu' : `for ${age} siden`}
      </time>
    </span>
  );
}

function Waited({ at }: { at: string }) {
  return (
    <time dateTime={at} title={danishMoment(at)} className="whitespace-nowrap">
      {waitedText(at)}
    </time>
  );
}

const itemClass = 'rounded-xl border border-border bg-card px-4 py-4 shadow-xs sm:px-5';
const linkClass = 'font-semibold underline decoration-gold/40 underline-offset-4 hover:decoration-gold-text';

function PackageItem({ pkg, large }: { pkg: QueuePackage; large: boolean }) {
  const [asking, setAsking] = useState<PackageAction | null>(null);
  const start = usePackageAction('start');
  const produced = usePackageAction('produced');
  const close = () => setAsking(null);
  const closed = { onSuccess: close, onError: (failure: Error) => failure instanceof ApiError && (failure.status === 409 || failure.status === 404) && close() };
  const dialog = (action: PackageAction) => ({ open: asking === action, onOpenChange: (open: boolean) => !open && close() });
  const codes = `${danishNumber(pkg.size)} ${pkg.size === 1 ? 'kode' : 'koder'}`;

  return (
    <li className={itemClass}>
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
        <Link to={packageLink(pkg.id)} className={cn(linkClass, 'min-w-0 break-words', large ? 'text-2xl' : 'text-lg')}>
          {pkg.name}
        </Link>
        <span className="text-muted-foreground">
          <Waited at={pkg.createdAt} />
        </span>
      </div>
      <p className="mt-1 text-muted-foreground">
        {codes} · {pkg.resellerName ?? 'Direkte salg'}
        {pkg.createdByName ? ` · oprettet af ${pkg.createdByName}` : ''}
      </p>
      <p className="mt-1">
        <Started name={pkg.startedByName} at={pkg.startedAt} />
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        {pkg.startedAt ? null : (
          <Button size={large ? 'lg' : 'sm'} variant="secondary" onClick={() => setAsking('start')}>
            Gå i gang
          </Button>
        )}
        <Button size={large ? 'lg' : 'sm'} onClick={() => setAsking('produced')}>
          Markér som produceret
        </Button>
        <Button asChild size={large ? 'lg' : 'sm'} variant="quiet">
          <a href={printSheetLink(pkg.id)} target="_blank" rel="noopener" aria-label={`Udskriftsark til ${pkg.name} (PDF, åbner i en ny fane)`}>
            <FileText aria-hidden="true" />
            Udskriftsark
          </a>
        </Button>
        <Button asChild size={large ? 'lg' : 'sm'} variant="quiet">
          <Link to={packageLink(pkg.id)} aria-label={`Pakken ${pkg.name}`}>
            <Package aria-hidden="true" />
            Pakken
          </Link>
        </Button>
      </div>

      <ConfirmDialog
        {...dialog('start')}
        title={`Gå i gang med ${pkg.name}?`}
        confirmLabel="Gå i gang"
        pendingLabel="Gemmer..."
        pending={start.isPending}
        variant="primary"
        onConfirm={() => start.mutate({ id: pkg.id, name: pkg.name }, closed)}
      >
        <p>Køen viser, at du har taget pakken til printeren, så ingen andre tager den også.</p>
        <p>Udskriv arket med {codes}, og markér pakken som produceret, når alle ark er trykt.</p>
      </ConfirmDialog>

      <ConfirmDialog
        {...dialog('produced')}
        title={`Er ${pkg.name} produceret?`}
        confirmLabel="Markér som produceret"
        pendingLabel="Gemmer..."
        pending={produced.isPending}
        variant="primary"
        onConfirm={() => produced.mutate({ id: pkg.id, name: pkg.name }, closed)}
      >
        <p>Pakken og dens {codes} står derefter som produceret og er klar til at blive scannet ind på lageret.</p>
        <p>Tjek først, at alle ark er trykt og kan scannes.</p>
      </ConfirmDialog>
    </li>
  );
}

function JobItem({ job, large }: { job: LaserJobRow; large: boolean }) {
  return (
    <li className={itemClass}>
      <div className="flex gap-4">
        <img
          src={laserFaceUrl(job.id, 'png')}
          alt=""
          loading="lazy"
          className={cn('shrink-0 self-start rounded-md border border-border object-contain', large ? 'w-24 sm:w-36' : 'w-20 sm:w-24')}
        />
        <div className="min-w-0 flex-1">
          <Link to={jobLink(job.id)} className={cn(linkClass, 'font-mono tracking-wide whitespace-nowrap', large ? 'text-xl sm:text-2xl' : 'text-lg')} aria-label={`Plade ${formatCode(job.code)}`}>
            {formatCode(job.code)}
          </Link>
          <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-muted-foreground">
            <LaserStatusBadge status={job.status} />
            <Waited at={job.createdAt} />
          </p>
          <p className="mt-1 text-muted-foreground">
            {plaqueText(job)}
            {job.attempt > 1 ? ` · forsøg ${job.attempt}` : ''}
            {job.order ? ` · ordre ${job.order.number}, ${job.order.buyerName}` : ' · lavet i hånden'}
          </p>
        </div>
      </div>
      {job.lines.length > 0 ? <p className="mt-2 font-serif break-words">{job.lines.join(' · ')}</p> : null}
      {job.status === 'failed' && job.failureReason ? <p className="mt-1 break-words text-destructive">Fejlet: {job.failureReason}</p> : null}
      <p className="mt-1">
        <Started name={job.startedByName} at={job.startedAt} />
      </p>
      <JobActions job={job} large={large} className="mt-3" />
    </li>
  );
}

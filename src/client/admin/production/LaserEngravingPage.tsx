/**
 * /admin/laser-engraving (issue 23 item 7): the laser's jobs by state in tabs (waiting, on the
 * laser, failed, done), each with the face as the laser will cut it, its plaque, text, code and
 * order, and what to do next; one job opened (?job=) with its whole history; and "Nyt job" by hand.
 * Where the person is (tab, job) lives in the address, so back, reload and a link from the queue
 * keep it. Read again every 30 seconds, as the queue is.
 */
import { type ReactNode, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Plus, X } from 'lucide-react';
import { QueryStatus } from '@/client/components/layout/QueryStatus';
import { Button } from '@/client/components/ui/button';
import { cn } from '@/client/lib/cn';
import { type LaserJobDetail, type LaserJobRow, laserFaceUrl } from '@/shared/laser-jobs';
import { ORDER_STATUS_LABELS } from '@/shared/money';
import { LASER_JOB_STATUSES, LASER_JOB_STATUS_LABELS, type LaserJobStatus } from '@/shared/production';
import { formatCode } from '@/shared/qr-code';
import { AdminLayout } from '../AdminLayout';
import { FactList } from '../FactList';
import { orderLink } from '../money/format';
import { Panel } from '../Panel';
import { danishMoment, danishNumber } from '../people/format';
import { LaserStatusBadge } from './badges';
import { plaqueText, waitedText } from './format';
import { JobActions } from './JobActions';
import { NewLaserJobDialog } from './NewLaserJobDialog';
import { useLaserJob, useLaserJobs } from './use-production';

/** The tabs in the order work flows through them; failed before done, as it waits for someone. */
const TABS: readonly LaserJobStatus[] = ['waiting', 'engraving', 'failed', 'done'];
const TAB_LABELS: Record<LaserJobStatus, string> = { waiting: 'Venter', engraving: 'Graveres', failed: 'Fejlet', done: 'Færdige' };

const EMPTY: Record<LaserJobStatus, string> = {
  waiting: 'Ingen plader venter. Betalte ordrer på QR-plader kommer her af sig selv.',
  engraving: 'Intet er på laseren lige nu.',
  failed: 'Ingen fejlede job.',
  done: 'Ingen færdige job endnu.',
};

const linkClass = 'font-semibold underline decoration-gold/40 underline-offset-4 hover:decoration-gold-text';

export default function LaserEngravingPage() {
  const [search, setSearch] = useSearchParams();
  const asked = search.get('status');
  const status: LaserJobStatus = (LASER_JOB_STATUSES as readonly string[]).includes(asked ?? '') ? (asked as LaserJobStatus) : 'waiting';
  const jobId = search.get('job');
  const list = useLaserJobs(status);
  const [making, setMaking] = useState(false);

  const address = (next: { status?: LaserJobStatus; job?: string | null }) => {
    const params = new URLSearchParams();
    params.set('status', next.status ?? status);
    const job = next.job === undefined ? jobId : next.job;
    if (job) params.set('job', job);
    return `?${params.toString()}`;
  };

  return (
    <AdminLayout
      title="Lasergravering"
      description="Plader fra betalte ordrer og job lavet i hånden. Filen til laseren har pladens rigtige størrelse i millimeter."
      actions={
        <Button size="sm" onClick={() => setMaking(true)}>
          <Plus aria-hidden="true" />
          Nyt job
        </Button>
      }
    >
      {jobId ? <OpenJob id={jobId} closeTo={address({ job: null })} /> : null}

      <nav aria-label="Status" className={cn(jobId && 'mt-8')}>
        <ul className="grid grid-cols-2 gap-1 rounded-xl bg-secondary/70 p-1 sm:inline-grid sm:grid-cols-4">
          {TABS.map((value) => (
            <li key={value}>
              <Link
                to={address({ status: value, job: null })}
                aria-current={value === status ? 'page' : undefined}
                className={cn(
                  'flex min-h-11 items-center justify-center gap-2 rounded-lg px-3.5 font-semibold whitespace-nowrap no-underline',
                  'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring',
                  value === status ? 'bg-card text-foreground shadow-xs ring-1 ring-gold/50' : 'text-muted-foreground hover:bg-secondary hover:text-foreground',
                )}
              >
                {TAB_LABELS[value]}
                <span className={cn('rounded-full px-2 text-sm tabular-nums', value === status ? 'bg-secondary' : 'bg-card/70')}>
                  {list.data ? danishNumber(list.data.counts[value]) : '–'}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <p className="mt-3 text-sm text-muted-foreground">{status === 'done' ? 'Senest færdige først.' : 'Ældste først.'}</p>

      {list.data ? (
        list.data.jobs.length === 0 ? (
          <p className="mt-4 rounded-xl border border-dashed border-border px-5 py-10 text-center text-muted-foreground">{EMPTY[status]}</p>
        ) : (
          <ol className={cn('mt-4 space-y-3 transition-opacity', list.isFetching && list.isPlaceholderData && 'opacity-70')}>
            {list.data.jobs.map((job) => (
              <JobCard key={job.id} job={job} openTo={address({ job: job.id })} />
            ))}
          </ol>
        )
      ) : (
        <QueryStatus compact query={list} pending="Henter jobbene..." failed="Jobbene kunne ikke hentes" className="mt-6" />
      )}

      <NewLaserJobDialog open={making} onOpenChange={setMaking} onMade={(job) => setSearch(new URLSearchParams({ status: job.status, job: job.id }))} />
    </AdminLayout>
  );
}

/** The order a job was made from, as a link to it, with where it stands. */
function OrderLine({ order }: { order: NonNullable<LaserJobRow['order']> }) {
  return (
    <span>
      <Link to={orderLink(order.id)} className={linkClass}>
        Ordre {order.number}
      </Link>{' '}
      · {order.buyerName} · {ORDER_STATUS_LABELS[order.status]}
    </span>
  );
}

function Engraving({ lines, className }: { lines: string[]; className?: string }) {
  if (lines.length === 0) return <span className={cn('text-muted-foreground', className)}>Kun QR-koden</span>;
  return (
    <span className={cn('block rounded-lg border border-border bg-secondary/40 px-3 py-2 font-serif', className)}>
      {lines.map((line, index) => (
        <span key={index} className="block break-words">
          {line}
        </span>
      ))}
    </span>
  );
}

function JobCard({ job, openTo }: { job: LaserJobRow; openTo: string }) {
  const code = formatCode(job.code);
  return (
    <li className="flex flex-col gap-4 rounded-xl border border-border bg-card px-4 py-4 shadow-xs sm:flex-row sm:px-5">
      <img src={laserFaceUrl(job.id, 'png')} alt={`Forhåndsvisning af plade ${code}`} loading="lazy" className="w-full max-w-48 shrink-0 self-start rounded-md border border-border object-contain sm:w-40" />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
          <h2 className="font-mono text-xl tracking-wide">
            <Link to={openTo} className={linkClass} aria-label={`Plade ${code}`}>
              {code}
            </Link>
          </h2>
          <span className="flex items-center gap-2 text-sm text-muted-foreground">
            <LaserStatusBadge status={job.status} />
            {job.status === 'done' && job.finishedAt ? (
              <time dateTime={job.finishedAt}>færdig {danishMoment(job.finishedAt)}</time>
            ) : (
              <time dateTime={job.createdAt} title={danishMoment(job.createdAt)}>
                {waitedText(job.createdAt)}
              </time>
            )}
          </span>
        </div>
        <p className="mt-1 text-muted-foreground">
          {plaqueText(job)}
          {job.attempt > 1 ? ` · forsøg ${job.attempt}` : ''}
        </p>
        <div className="mt-2 grid gap-2 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
          <Engraving lines={job.lines} />
          <p className="text-sm">
            {job.order ? <OrderLine order={job.order} /> : <span className="text-muted-foreground">Lavet i hånden{job.createdByName ? ` af ${job.createdByName}` : ''}</span>}
            {job.startedByName && job.startedAt ? (
              <span className="mt-1 block text-muted-foreground">
                Startet af {job.startedByName}, {danishMoment(job.startedAt)}
              </span>
            ) : null}
          </p>
        </div>
        {job.status === 'failed' && job.failureReason ? <p className="mt-2 break-words text-destructive">Fejlet: {job.failureReason}</p> : null}
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <JobActions job={job} />
          <Button asChild size="sm" variant="quiet">
            <Link to={openTo}>Forløb og detaljer</Link>
          </Button>
        </div>
      </div>
    </li>
  );
}

/** One job opened: the face large, every fact, the actions, and its history with who took each step. */
function OpenJob({ id, closeTo }: { id: string; closeTo: string }) {
  const query = useLaserJob(id);
  const job = query.data;
  const close = (
    <Button asChild size="sm" variant="secondary">
      <Link to={closeTo}>
        <X aria-hidden="true" />
        Luk jobbet
      </Link>
    </Button>
  );

  if (!job) {
    return (
      <Panel title="Jobbet">
        <QueryStatus compact query={query} pending="Henter jobbet..." failed="Jobbet kunne ikke hentes" />
        <div className="mt-4">{close}</div>
      </Panel>
    );
  }
  return (
    <Panel title={`Plade ${formatCode(job.code)}`}>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div>
          <img src={laserFaceUrl(job.id, 'png')} alt={`Forhåndsvisning af plade ${formatCode(job.code)} som laseren graverer den`} className="w-full max-w-md rounded-lg border border-border" />
          <p className="mt-2 text-sm text-muted-foreground">Sådan ser pladen ud efter graveringen. SVG-filen har pladens rigtige størrelse: {job.widthMm} × {job.heightMm} mm.</p>
        </div>
        <div className="min-w-0 space-y-5">
          <FactList rows={facts(job)} />
          <JobActions job={job} />
        </div>
      </div>
      <h3 className="mt-8 text-lg font-semibold">Forløb</h3>
      <ol className="relative mt-3 space-y-4 border-l-2 border-border pl-5">
        {job.history.map((event, index) => {
          const now = index === job.history.length - 1;
          return (
            <li key={`${event.at}-${index}`} className="relative" aria-current={now ? 'step' : undefined}>
              <span aria-hidden="true" className={cn('absolute top-1.5 -left-[1.6rem] size-3 rounded-full border-2 border-card', now ? 'bg-gold' : 'bg-muted-foreground/50')} />
              <p className="font-semibold">
                {LASER_JOB_STATUS_LABELS[event.status]}
                {event.attempt > 1 || job.attempt > 1 ? <span className="font-normal text-muted-foreground"> · forsøg {event.attempt}</span> : null}
              </p>
              <p className="text-sm text-muted-foreground">
                <time dateTime={event.at}>{danishMoment(event.at)}</time>
                {` · ${event.actorName ?? (event.status === 'waiting' && event.attempt === 1 && job.order ? 'betalingen' : 'ukendt')}`}
              </p>
              {event.note ? <p className="mt-0.5 break-words whitespace-pre-line">{event.note}</p> : null}
            </li>
          );
        })}
      </ol>
      <div className="mt-6">{close}</div>
    </Panel>
  );
}

function facts(job: LaserJobDetail): [string, ReactNode][] {
  const rows: [string, ReactNode][] = [
    ['Status', <LaserStatusBadge status={job.status} />],
    ['Plade', plaqueText(job)],
    ['Tekst', <Engraving lines={job.lines} />],
    ['QR-kode', <span className="font-mono tracking-wide">{formatCode(job.code)}</span>],
  ];
  if (job.order) {
    rows.push(['Ordre', <span className="block"><OrderLine order={job.order} /><span className="block text-muted-foreground">{job.order.title}{job.order.memorialName ? ` · ${job.order.memorialName}` : ''}</span></span>]);
    if (job.order.delivery) {
      const d = job.order.delivery;
      rows.push(['Sendes til', <span className="block"><span className="block">{d.name}</span><span className="block">{d.address}</span><span className="block">{d.postcode} {d.town}</span></span>]);
    }
  } else {
    rows.push(['Ordre', <span className="text-muted-foreground">Ingen: lavet i hånden</span>]);
  }
  rows.push(['Oprettet', `${danishMoment(job.createdAt)}${job.createdByName ? ` af ${job.createdByName}` : ''}`]);
  if (job.startedAt) rows.push(['Startet', `${danishMoment(job.startedAt)}${job.startedByName ? ` af ${job.startedByName}` : ''}`]);
  if (job.finishedAt) rows.push([job.status === 'failed' ? 'Fejlet' : 'Færdig', danishMoment(job.finishedAt)]);
  if (job.failureReason) rows.push(['Hvad gik galt', <span className="text-destructive">{job.failureReason}</span>]);
  if (job.attempt > 1) rows.push(['Forsøg', String(job.attempt)]);
  return rows;
}

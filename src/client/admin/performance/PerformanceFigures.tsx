/**
 * The last hour's figures as the dashboard draws its own: a large number, what it is, and a line
 * or two of detail. The error rate turns the problem colour above 1 %, failed jobs of the last day
 * are marked as the dashboard marks what waits on staff; nothing else is coloured, so those show.
 */
import type { ReactNode } from 'react';
import { cn } from '@/client/lib/cn';
import type { PerformanceSnapshot } from '@/shared/performance';
import { DATABASE_ENGINES, ERROR_RATE_PROBLEM, formatCount, formatMegabytes, formatMs, formatPerMinute, formatShare } from './figures-format';

type Tone = 'calm' | 'attention' | 'problem';

interface Figure {
  label: string;
  value: string;
  /** What the large number is, when the label alone does not say: "pr. minut", "p95". */
  unit?: string;
  lines: ReactNode[];
  tone?: Tone;
}

function figures(s: PerformanceSnapshot): Figure[] {
  const { totals, database, jobs } = s;
  const pool = database.pool;
  return [
    {
      label: 'Forespørgsler',
      value: formatPerMinute(totals.requestsPerMinute),
      unit: 'pr. minut',
      lines: [`${formatCount(totals.requests)} i alt på ${minutes(s.windowMinutes)}`],
    },
    {
      label: 'Svartid',
      value: formatMs(totals.p95Ms),
      unit: 'p95',
      lines: [`p50 ${formatMs(totals.p50Ms)} · p99 ${formatMs(totals.p99Ms)}`],
    },
    {
      label: 'Fejlrate',
      value: formatShare(totals.errorRate),
      unit: '5xx',
      lines: [totals.errors === 0 ? 'ingen serverfejl' : `${formatCount(totals.errors)} svar med serverfejl`],
      tone: totals.errorRate > ERROR_RATE_PROBLEM ? 'problem' : 'calm',
    },
    {
      label: 'Database',
      value: formatMs(database.queryP95Ms),
      unit: 'p95',
      lines: [
        pool
          ? `${DATABASE_ENGINES[database.engine]}: ${formatCount(pool.total - pool.idle)} af ${formatCount(pool.max)} forbindelser i brug, ${formatCount(pool.waiting)} venter`
          : DATABASE_ENGINES[database.engine],
        `${formatCount(database.queries)} forespørgsler · p50 ${formatMs(database.queryP50Ms)}`,
      ],
      tone: pool && pool.waiting > 0 ? 'attention' : 'calm',
    },
    {
      label: 'Jobkø',
      value: formatCount(jobs.due),
      unit: 'venter',
      lines: ['fælles for alle servere'],
    },
    {
      label: 'Fejlede job',
      value: formatCount(jobs.failedTotal),
      unit: 'gemt',
      lines: [jobs.failedLast24h > 0 ? `${formatCount(jobs.failedLast24h)} det seneste døgn` : 'ingen det seneste døgn'],
      tone: jobs.failedLast24h > 0 ? 'attention' : 'calm',
    },
    {
      label: 'Hukommelse',
      value: formatMegabytes(s.memory.rssBytes),
      unit: 'RSS',
      lines: [`Heap ${formatMegabytes(s.memory.heapUsedBytes)} i brug`],
    },
    {
      label: 'Event-loop',
      value: formatMs(s.eventLoop.delayP99Ms),
      unit: 'p99 forsinkelse',
      lines: [`p50 ${formatMs(s.eventLoop.delayP50Ms)}`],
    },
  ];
}

const minutes = (n: number) => (n === 60 ? 'den seneste time' : n === 1 ? 'det seneste minut' : `de seneste ${n} minutter`);

export function PerformanceFigures({ snapshot }: { snapshot: PerformanceSnapshot }) {
  return (
    <ul className="grid grid-cols-2 gap-3 md:grid-cols-4">
      {figures(snapshot).map((figure) => (
        <li key={figure.label} className="min-w-0">
          <FigureCard figure={figure} />
        </li>
      ))}
    </ul>
  );
}

function FigureCard({ figure }: { figure: Figure }) {
  const tone = figure.tone ?? 'calm';
  return (
    <div className={cn('h-full rounded-xl border bg-card px-4 py-3.5 shadow-xs', tone === 'problem' ? 'border-destructive/50' : 'border-border')}>
      <p className="flex min-w-0 items-center gap-2 text-sm font-semibold text-muted-foreground">
        {tone === 'calm' ? null : <span className={cn('size-2.5 shrink-0 rounded-full', tone === 'problem' ? 'bg-destructive' : 'bg-gold')} aria-hidden="true" />}
        <span className="truncate">{figure.label}</span>
      </p>
      <p className="mt-1 flex flex-wrap items-baseline gap-x-2">
        <span className={cn('font-serif text-3xl leading-tight whitespace-nowrap tabular-nums', tone === 'problem' && 'text-destructive')}>{figure.value}</span>
        {figure.unit ? <span className="text-sm text-muted-foreground">{figure.unit}</span> : null}
      </p>
      {figure.lines.map((line, i) => (
        <p key={i} className={cn('mt-1 text-sm leading-snug', tone !== 'calm' && i === 0 ? 'font-semibold' : 'text-muted-foreground', tone === 'attention' && i === 0 && 'text-gold-text', tone === 'problem' && i === 0 && 'text-destructive')}>
          {line}
        </p>
      ))}
    </div>
  );
}

/**
 * "Besøg og lys": how many opened the memorial page, scanned the stone and lit a candle, per day
 * over the last 90 days (GET /api/memorials/{id}/stats). A hand-drawn chart, one band per series
 * on a shared time line: visits run to the hundreds while candles are a handful, so on one scale
 * the candles would lie flat on the floor. The numbers are also there as a table, for screen
 * readers and for anyone who wants the exact day.
 */
import { type ReactNode, useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { QueryStatus } from '@/client/components/layout/QueryStatus';
import { FiguresTable } from '@/client/components/ui/figures-table';
import { ApiError, apiRequest } from '@/client/lib/request';
import { cn } from '@/client/lib/cn';
import { STATS_DAYS, type MemorialStats, type StatsDay } from '@/shared/stats-api';

type Series = 'visits' | 'scans' | 'candles';

/**
 * Each series' name, and the theme colour it is drawn in (light and dark alike follow the theme).
 * Not the memorial's accent: in its gold theme the scans would look like the candles.
 */
const SERIES: readonly { key: Series; name: string; swatch: string; bar: string; heading?: ReactNode }[] = [
  { key: 'visits', name: 'Besøg', swatch: 'bg-foreground', bar: 'fill-foreground' },
  {
    key: 'scans',
    name: 'QR-scanninger',
    swatch: 'bg-muted-foreground',
    bar: 'fill-muted-foreground',
    // The table's narrow column says "QR"; a screen reader hears the whole name.
    heading: (
      <>
        <span aria-hidden="true">QR</span>
        <span className="sr-only">QR-scanninger</span>
      </>
    ),
  },
  { key: 'candles', name: 'Lys', swatch: 'bg-gold', bar: 'fill-gold' },
];

// "Not allowed" will not change by asking again; a dropped connection might.
const retry = (failures: number, error: Error) => !(error instanceof ApiError && error.status > 0) && failures < 1;

function useStats(memorialId: string) {
  return useQuery({
    queryKey: ['memorial-stats', memorialId],
    queryFn: ({ signal }) => apiRequest<MemorialStats>('GET', `/api/memorials/${encodeURIComponent(memorialId)}/stats`, { signal }),
    retry,
  });
}

const number = new Intl.NumberFormat('da-DK');
// The days are calendar days (YYYY-MM-DD), so they are read and written at UTC noon: never a
// different day whatever the phone's own time zone.
const at = (day: string) => new Date(`${day}T12:00:00Z`);
const shortDate = new Intl.DateTimeFormat('da-DK', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const longDate = new Intl.DateTimeFormat('da-DK', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

export function StatsSection({ memorialId }: { memorialId: string }) {
  const id = useId();
  const stats = useStats(memorialId);

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-2xl border border-border bg-card/90 px-4 py-7 shadow-sm sm:px-8 sm:py-9">
      <h2 id={`${id}-title`} className="text-2xl sm:text-3xl">
        Besøg og lys
      </h2>
      <p className="mt-2 text-muted-foreground">De seneste {STATS_DAYS} dage.</p>
      {stats.isPending || stats.isError ? (
        <QueryStatus compact query={stats} pending="Henter tallene..." failed="Tallene kunne ikke hentes" className="mt-7" />
      ) : (
        <StatsBody stats={stats.data} />
      )}
    </section>
  );
}

function StatsBody({ stats }: { stats: MemorialStats }) {
  const { totals, days } = stats;
  if (totals.visits + totals.scans + totals.candles === 0) {
    return (
      <div className="mt-7 rounded-xl border border-dashed border-border px-5 py-10 text-center">
        <p className="font-serif text-xl">Ingen besøg endnu</p>
        <p className="mt-2 text-muted-foreground">Når nogen åbner mindesiden, scanner QR-koden på stenen eller tænder et lys, kan I følge det her.</p>
      </div>
    );
  }

  return (
    <div className="mt-7">
      <dl className="grid grid-cols-3 gap-3 sm:gap-6">
        {SERIES.map((series) => (
          // The number on top and the name under it, so the numbers line up when a name wraps on a phone.
          <div key={series.key} className="flex min-w-0 flex-col-reverse justify-end">
            <dt className="mt-1 flex items-start gap-2 text-sm font-semibold text-muted-foreground sm:text-base">
              <span className={cn('mt-1.5 size-3 shrink-0 rounded-sm', series.swatch)} aria-hidden="true" />
              <span className="min-w-0">{series.name}</span>
            </dt>
            <dd className="font-serif text-3xl tabular-nums sm:text-4xl">{number.format(totals[series.key])}</dd>
          </div>
        ))}
      </dl>

      <div className="mt-8 space-y-5" aria-hidden="true">
        {SERIES.map((series) => (
          <Band key={series.key} days={days} series={series} />
        ))}
        <TimeAxis days={days} />
      </div>

      <p className="mt-6 text-sm text-muted-foreground">
        Et besøg er mindesiden åbnet i en browser. Jeres egne besøg, når I er logget ind som administratorer, og søgemaskiner tæller ikke med. Lys tæller både dem, der brænder, og dem, der venter
        på godkendelse, men ikke dem, I har afvist eller skjult.
      </p>

      <FiguresTable
        summary="Vis tallene dag for dag"
        caption="Besøg, QR-scanninger og lys pr. dag, nyeste først"
        period="Dag"
        series={SERIES}
        rows={days}
        rowKey={(day) => day.day}
        rowLabel={(day) => longDate.format(at(day.day))}
        className="mt-6"
      />
    </div>
  );
}

/**
 * One series as a row of bars, a day each, on its own scale (its busiest day at full height). The
 * drawing stretches to the width; the words around it are HTML, so they stay readable at 360 px.
 */
function Band({ days, series }: { days: StatsDay[]; series: (typeof SERIES)[number] }) {
  const values = days.map((day) => day[series.key]);
  const max = Math.max(...values);
  return (
    <div>
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="flex items-center gap-2 font-semibold">
          <span className={cn('size-3 rounded-sm', series.swatch)} />
          {series.name}
        </span>
        <span className="text-muted-foreground">{max > 0 ? `højst ${number.format(max)} på en dag` : 'ingen endnu'}</span>
      </div>
      <svg viewBox={`0 0 ${days.length} 100`} preserveAspectRatio="none" className="mt-1.5 block h-14 w-full overflow-visible sm:h-16">
        <line x1={0} x2={days.length} y1={100} y2={100} className="stroke-border" strokeWidth={2} vectorEffect="non-scaling-stroke" />
        {values.map((value, i) =>
          value > 0 ? (
            // A day with a single visit still shows: never lower than a sliver.
            <rect key={days[i]!.day} x={i + 0.12} width={0.76} y={100 - Math.max(6, (value / max) * 100)} height={Math.max(6, (value / max) * 100)} rx={0.2} className={series.bar}>
              <title>{`${shortDate.format(at(days[i]!.day))}: ${number.format(value)}`}</title>
            </rect>
          ) : null,
        )}
      </svg>
    </div>
  );
}

/** The first of each month under the bars, and today at the end. */
function TimeAxis({ days }: { days: StatsDay[] }) {
  const firsts = days.map((day, i) => ({ day: day.day, i })).filter(({ day, i }) => day.endsWith('-01') && i >= 12 && i <= days.length - 10);
  return (
    <div className="relative h-5 text-xs text-muted-foreground">
      <span className="absolute left-0">{shortDate.format(at(days[0]!.day))}</span>
      {firsts.map(({ day, i }) => (
        <span key={day} className="absolute -translate-x-1/2 whitespace-nowrap" style={{ left: `${((i + 0.5) / days.length) * 100}%` }}>
          {shortDate.format(at(day))}
        </span>
      ))}
      <span className="absolute right-0">i dag</span>
    </div>
  );
}

/**
 * "Statistik": codes received, given to families, taken in use and linked to a memorial, per month
 * over the last twelve (GET /api/resellers/me/stats), and how many memorials the reseller's codes
 * open today. A hand-drawn chart of grouped bars on one scale, since the four follow one another
 * (a code is received, then given, then taken in use, then linked); the same numbers are a table
 * for screen readers and for anyone who wants them exactly.
 */
import { useId } from 'react';
import type { ResellerStats } from '@/shared/resellers-api';
import { FiguresTable } from '@/client/components/ui/figures-table';
import { cn } from '@/client/lib/cn';
import { Fetched } from './Fetched';
import { danishNumber, longMonth, shortMonth } from './format';
import { useStats } from './use-dashboard';

type Series = 'received' | 'given' | 'activated' | 'linked';
type Month = ResellerStats['months'][number];

const SERIES: readonly { key: Series; name: string; swatch: string; bar: string }[] = [
  { key: 'received', name: 'Modtaget', swatch: 'bg-chart-2', bar: 'fill-chart-2' },
  { key: 'given', name: 'Givet til familier', swatch: 'bg-chart-1', bar: 'fill-chart-1' },
  { key: 'activated', name: 'Taget i brug', swatch: 'bg-chart-3', bar: 'fill-chart-3' },
  { key: 'linked', name: 'Tilknyttet mindeside', swatch: 'bg-chart-4', bar: 'fill-chart-4' },
];

export function StatsSection() {
  const stats = useStats();
  return (
    <section aria-labelledby="statistik-titel">
      <h2 id="statistik-titel" className="text-2xl sm:text-3xl">
        Statistik
      </h2>
      <p className="mt-1 text-muted-foreground">De seneste tolv måneder.</p>
      <Fetched query={stats} pending="Henter tallene..." failed="Tallene kunne ikke hentes" shapes={['h-28', 'h-72']}>
        {(data) => <StatsBody stats={data} />}
      </Fetched>
    </section>
  );
}

function StatsBody({ stats }: { stats: ResellerStats }) {
  const { months, memorialsOpened } = stats;
  const totals = Object.fromEntries(SERIES.map((s) => [s.key, months.reduce((sum, month) => sum + month[s.key], 0)])) as Record<Series, number>;
  const empty = SERIES.every((s) => totals[s.key] === 0);

  return (
    <div className="mt-6 space-y-8">
      <div className="rounded-xl border border-gold/40 bg-gold-soft/50 px-5 py-5">
        <p className="font-serif text-4xl tabular-nums sm:text-5xl">{danishNumber(memorialsOpened)}</p>
        <p className="mt-1 text-lg">{memorialsOpened === 1 ? 'mindeside åbnet med jeres koder' : 'mindesider åbnet med jeres koder'}</p>
      </div>

      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {SERIES.map((series) => (
          <div key={series.key} className="flex flex-col-reverse justify-end rounded-xl border border-border bg-card px-4 py-4">
            <dt className="mt-1 flex items-start gap-2 text-sm font-semibold text-muted-foreground">
              <span className={cn('mt-1 size-3 shrink-0 rounded-sm', series.swatch)} aria-hidden="true" />
              <span className="min-w-0">{series.name}</span>
            </dt>
            <dd className="font-serif text-3xl tabular-nums">{danishNumber(totals[series.key])}</dd>
          </div>
        ))}
      </dl>

      {empty ? (
        <div className="rounded-xl border border-dashed border-border px-5 py-10 text-center">
          <p className="font-serif text-xl">Ingen tal endnu</p>
          <p className="mx-auto mt-2 max-w-md text-muted-foreground">Når I modtager koder og giver dem til familier, kan I følge det her måned for måned.</p>
        </div>
      ) : (
        <MonthChart months={months} />
      )}

      <FiguresTable
        summary="Vis tallene måned for måned"
        caption="Koder modtaget, givet til familier, taget i brug og tilknyttet en mindeside pr. måned, nyeste først"
        period="Måned"
        series={SERIES}
        rows={months}
        rowKey={(month) => month.month}
        rowLabel={(month) => longMonth(month.month)}
        scrolls
      />
    </div>
  );
}

/** The scale's step between its five lines: whole, friendly numbers (1, 2, 5, 6, 25, 300 ...), the top at or above `max`. */
function scaleStep(max: number): number {
  const raw = Math.max(1, max / 4);
  const power = 10 ** Math.floor(Math.log10(raw));
  return [1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10].map((f) => f * power).find((step) => step >= raw && Number.isInteger(step))!;
}

/** Four bars a month on one scale; the words around them are HTML, so they stay readable at 360 px. */
function MonthChart({ months }: { months: Month[] }) {
  const id = useId();
  const step = scaleStep(Math.max(...months.flatMap((month) => SERIES.map((s) => month[s.key]))));
  const lines = [0, 1, 2, 3, 4].map((i) => i * step);
  const top = lines[4]!;
  const groupWidth = SERIES.length + 1.5;
  const width = months.length * groupWidth;

  return (
    <figure aria-labelledby={`${id}-caption`} className="rounded-xl border border-border bg-card px-3 py-5 sm:px-6">
      <figcaption id={`${id}-caption`} className="sr-only">
        Søjlediagram over koder pr. måned. Tallene står i tabellen under diagrammet.
      </figcaption>
      <ul aria-hidden="true" className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
        {SERIES.map((series) => (
          <li key={series.key} className="flex items-center gap-2">
            <span className={cn('size-3 rounded-sm', series.swatch)} />
            {series.name}
          </li>
        ))}
      </ul>
      <div aria-hidden="true" className="mt-5 grid grid-cols-[auto_minmax(0,1fr)] gap-x-2">
        <div className="relative h-56 w-8 text-right text-xs text-muted-foreground tabular-nums sm:h-64">
          {lines.map((value) => (
            <span key={value} className="absolute right-0 -translate-y-1/2" style={{ top: `${100 - (value / top) * 100}%` }}>
              {danishNumber(value)}
            </span>
          ))}
        </div>
        <svg viewBox={`0 0 ${width} 100`} preserveAspectRatio="none" className="block h-56 w-full overflow-visible sm:h-64">
          {lines.map((value) => (
            <line key={value} x1={0} x2={width} y1={100 - (value / top) * 100} y2={100 - (value / top) * 100} className="stroke-border" strokeWidth={1} vectorEffect="non-scaling-stroke" />
          ))}
          {months.map((month, m) =>
            SERIES.map((series, s) => {
              const value = month[series.key];
              if (value === 0) return null;
              // A month with a single code still shows: never lower than a sliver.
              const height = Math.max(1.5, (value / top) * 100);
              return (
                <rect key={`${month.month}-${series.key}`} x={m * groupWidth + 0.75 + s} width={0.86} y={100 - height} height={height} className={series.bar}>
                  <title>{`${longMonth(month.month)}, ${series.name.toLowerCase()}: ${danishNumber(value)}`}</title>
                </rect>
              );
            }),
          )}
        </svg>
        <span />
        <div className="mt-2 grid text-center text-xs text-muted-foreground" style={{ gridTemplateColumns: `repeat(${months.length}, minmax(0, 1fr))` }}>
          {months.map((month, m) => (
            // On a phone every other month is named, so the names do not run together.
            <span key={month.month} className={cn('whitespace-nowrap', (months.length - 1 - m) % 2 === 1 && 'invisible sm:visible')}>
              {shortMonth(month.month)}
            </span>
          ))}
        </div>
      </div>
    </figure>
  );
}

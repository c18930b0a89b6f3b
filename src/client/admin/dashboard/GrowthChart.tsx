/**
 * Sign-ups, new memorials and QR activations per Danish day, one at a time: they run on different
 * scales (hundreds of activations a day against a handful of memorials), so on one chart the
 * smallest would lie flat. The switch names each with its total, so the three read at a glance.
 */
import { useMemo, useState } from 'react';
import { cn } from '@/client/lib/cn';
import type { Dashboard } from '@/shared/dashboard';
import { type ChartColour, TimeChart } from '../charts/TimeChart';

type Measure = 'signUps' | 'memorials' | 'qrActivations';

const MEASURES: readonly { key: Measure; label: string; colour: ChartColour }[] = [
  { key: 'signUps', label: 'Tilmeldinger', colour: 'chart-1' },
  { key: 'memorials', label: 'Mindesider', colour: 'chart-2' },
  { key: 'qrActivations', label: 'QR-aktiveringer', colour: 'chart-3' },
];

const number = new Intl.NumberFormat('da-DK');
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

export function GrowthChart({ series }: { series: Dashboard['series'] }) {
  const [shown, setShown] = useState<Measure>('signUps');
  const measure = MEASURES.find((m) => m.key === shown)!;
  const x = useMemo(() => ({ days: series.days }), [series.days]);
  const chartSeries = useMemo(() => [{ label: measure.label, values: series[measure.key], colour: measure.colour }], [series, measure]);

  return (
    <div>
      <div role="group" aria-label="Vis i grafen" className="grid gap-1 rounded-lg bg-secondary p-1 sm:grid-cols-3">
        {MEASURES.map((m) => (
          <button
            key={m.key}
            type="button"
            aria-pressed={m.key === shown}
            onClick={() => setShown(m.key)}
            className={cn(
              // A row each on a phone (name, then number), side by side from 640 px.
              'flex min-h-11 min-w-0 cursor-pointer items-center justify-between gap-3 rounded-md px-3 py-1.5 text-left leading-tight sm:flex-col sm:items-start sm:justify-center sm:gap-0',
              'focus-visible:outline-3 focus-visible:outline-offset-1 focus-visible:outline-ring',
              m.key === shown ? 'bg-card shadow-xs' : 'text-muted-foreground hover:bg-secondary-hover hover:text-foreground',
            )}
          >
            <span className="flex max-w-full items-center gap-1.5 text-sm font-semibold">
              <span className="size-2.5 shrink-0 rounded-sm" style={{ background: `var(--${m.colour})` }} aria-hidden="true" />
              <span className="truncate">{m.label}</span>
            </span>
            <span className="font-serif text-xl tabular-nums sm:text-2xl">{number.format(sum(series[m.key]))}</span>
          </button>
        ))}
      </div>
      <TimeChart className="mt-4" x={x} series={chartSeries} bars height={240} />
    </div>
  );
}

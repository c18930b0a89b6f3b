/**
 * The back office's one chart: series over time (Danish days or moments in epoch seconds) drawn by
 * uPlot, a small, well-kept canvas library that zooms. Drag across it to zoom in; "Nulstil zoom"
 * (or a double click) shows everything again. It fills its container's width and follows the
 * theme; what it shows is also told in words and in a table for screen readers, since a canvas
 * says nothing. uPlot is fetched when the first chart is drawn (load-uplot.ts).
 */
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type uPlot from 'uplot';
import { RotateCcw } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { Notice } from '@/client/components/ui/notice';
import { cn } from '@/client/lib/cn';
import { type ChartX, formatNumber, pointLabel, seriesSummary, tickLabel, xSeconds, xStep, xZone } from './chart-format';
import { type ChartColour, readChartTheme, watchTheme, withAlpha } from './chart-theme';
import { loadUplot } from './load-uplot';

export type { ChartX } from './chart-format';
export type { ChartColour } from './chart-theme';

export interface ChartSeries {
  label: string;
  /** One per point of x; null where there is no value (a gap in a line). */
  values: readonly (number | null)[];
  colour: ChartColour;
}

export interface TimeChartProps {
  x: ChartX;
  series: readonly ChartSeries[];
  /** A value in words on the y axis, the legend and the table: "1.234" (the default), "12 ms". */
  formatValue?: (value: number) => string;
  /** The drawing's height in px; the width is the container's. */
  height?: number;
  /** Bars (counts per day) rather than lines (a measure over time). */
  bars?: boolean;
  /** Counts, which add up: the summary says how many in all. Off for a measure such as latency. */
  total?: boolean;
  /** Whole numbers only on the y axis (counts). */
  integers?: boolean;
  className?: string;
}

/** Nice steps for a y axis of whole numbers: never a tick at 2,5 visits. */
const INTEGER_STEPS = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1_000, 2_000, 2_500, 5_000, 10_000, 20_000, 25_000, 50_000, 100_000, 250_000, 500_000, 1_000_000];

export function TimeChart({ x, series, formatValue = formatNumber, height = 240, bars = false, total = true, integers = total, className }: TimeChartProps) {
  const holder = useRef<HTMLDivElement>(null);
  const plot = useRef<uPlot | null>(null);
  const [cursor, setCursor] = useState<number | null>(null);
  const [zoomed, setZoomed] = useState(false);
  const [failed, setFailed] = useState(false);

  const seconds = useMemo(() => xSeconds(x), [x]);
  const data = useMemo(() => [seconds, ...series.map((s) => [...s.values])] as uPlot.AlignedData, [seconds, series]);
  // What the drawing is made of, apart from the data: a change here draws it anew, a change of
  // data alone is handed to the drawing (the zoom stays).
  const shape = JSON.stringify({ series: series.map((s) => [s.label, s.colour]), height, bars, integers, days: 'days' in x });
  // The latest of what the drawing reads while it lives, without drawing it anew for each.
  const live = useRef({ x, data, formatValue, seconds });
  // A layout effect runs before the effects below, so they and uPlot's callbacks read this render's.
  useLayoutEffect(() => {
    live.current = { x, data, formatValue, seconds };
  });

  useEffect(() => {
    const element = holder.current;
    if (!element) return;
    let cancelled = false;
    let stopWatching = () => {};
    let resize: ResizeObserver | undefined;

    loadUplot().then(
      (UPlot) => {
        if (cancelled) return;
        const { x: kind } = live.current;
        const zone = xZone(kind);
        const pad = () => (bars ? xStep(live.current.x, live.current.seconds) / 2 : 0);

        const draw = (keep?: { min: number; max: number }) => {
          plot.current?.destroy();
          const theme = readChartTheme();
          const axis = {
            stroke: theme.text,
            font: theme.font,
            grid: { stroke: theme.grid, width: 1 },
            ticks: { stroke: theme.axis, width: 1, size: 5 },
          };
          const made = new UPlot(
            {
              width: element.clientWidth || 320,
              height,
              tzDate: (ts) => UPlot.tzDate(new Date(ts * 1000), zone === 'UTC' ? 'Etc/UTC' : zone),
              legend: { show: false },
              // No crosshair across the values: the legend says the value; a bar needs no dot on it.
              cursor: { drag: { x: true, y: false, setScale: true }, y: false, points: { show: !bars, size: 9, width: 2 } },
              scales: {
                x: {
                  time: true,
                  // Half a slot either side, so the first and last bars are whole.
                  range: (_u, min, max) => (min === max ? [min - 60, max + 60] : [min - pad(), max + pad()]),
                },
                y: { range: (_u, _min, max) => [0, UPlot.rangeNum(0, Math.max(max, integers ? 4 : 1), 0.1, true)[1]] },
              },
              series: [
                {},
                ...series.map((s) => {
                  const colour = theme.colour(s.colour);
                  return {
                    label: s.label,
                    stroke: colour,
                    width: bars ? 0 : 2,
                    fill: bars ? colour : withAlpha(colour, 0.12),
                    paths: bars ? UPlot.paths.bars!({ size: [0.72, 28], align: 0 }) : undefined,
                    points: { show: false },
                  };
                }),
              ],
              axes: [
                { ...axis, space: 72, values: (u, splits) => splits.map((s) => tickLabel(live.current.x, s, (u.scales.x?.max ?? 0) - (u.scales.x?.min ?? 0))) },
                {
                  ...axis,
                  incrs: integers ? INTEGER_STEPS : undefined,
                  values: (_u, splits) => splits.map((v) => live.current.formatValue(v)),
                  // Wide enough for the longest label ("1.000.000", "1.250 ms").
                  size: (_u, values) => (values ? Math.max(3, ...values.map((v) => String(v).length)) * 8.5 + 18 : 48),
                },
              ],
              hooks: {
                setCursor: [(u) => setCursor(u.cursor.idx ?? null)],
                setScale: [
                  (u, key) => {
                    if (key !== 'x') return;
                    const all = live.current.seconds;
                    const { min, max } = u.scales.x ?? {};
                    if (min == null || max == null || all.length < 2) return;
                    setZoomed(min > all[0]! - pad() + 1 || max < all.at(-1)! + pad() - 1);
                  },
                ],
              },
            },
            live.current.data,
            element,
          );
          if (keep) made.setScale('x', keep);
          plot.current = made;
        };

        draw();
        resize = new ResizeObserver(() => plot.current?.setSize({ width: element.clientWidth || 320, height }));
        resize.observe(element);
        // A canvas keeps the colours it was drawn in: the new theme's need a new drawing (same zoom).
        stopWatching = watchTheme(() => {
          const scale = plot.current?.scales.x;
          draw(scale?.min != null && scale.max != null ? { min: scale.min + pad(), max: scale.max - pad() } : undefined);
        });
      },
      () => !cancelled && setFailed(true),
    );

    return () => {
      cancelled = true;
      stopWatching();
      resize?.disconnect();
      plot.current?.destroy();
      plot.current = null;
      setZoomed(false);
      setCursor(null);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `shape` stands for the series' labels and colours, height, bars, integers and the kind of x; the rest is read through `live`
  }, [shape]);

  // New numbers for the same drawing: kept zoomed in if it was.
  useEffect(() => {
    const current = plot.current;
    if (!current) return;
    current.setData(data, !zoomed);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only new numbers redraw; zooming in or out must not reset the data
  }, [data]);

  const resetZoom = () => {
    const current = plot.current;
    if (!current || seconds.length === 0) return;
    current.setScale('x', { min: seconds[0]!, max: seconds.at(-1)! });
  };

  const summaries = series.map((s) => seriesSummary({ label: s.label, x, values: s.values, total, formatValue }));
  const at = cursor !== null && cursor < seconds.length ? cursor : null;

  return (
    <figure className={cn('min-w-0', className)}>
      <div className="flex min-h-11 flex-wrap items-center justify-between gap-x-4 gap-y-1">
        <ul className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm" aria-hidden="true">
          {series.map((s) => (
            <li key={s.label} className="flex items-center gap-2">
              <span className="size-3 shrink-0 rounded-sm" style={{ background: `var(--${s.colour})` }} />
              <span className="font-semibold">{s.label}</span>
              {at !== null ? <span className="tabular-nums">{s.values[at] == null ? '–' : formatValue(s.values[at]!)}</span> : null}
            </li>
          ))}
          {at !== null ? <li className="text-muted-foreground tabular-nums">{pointLabel(x, seconds[at]!)}</li> : null}
        </ul>
        {zoomed ? (
          <Button variant="secondary" size="sm" onClick={resetZoom}>
            <RotateCcw aria-hidden="true" />
            Nulstil zoom
          </Button>
        ) : null}
      </div>
      {failed ? (
        <Notice tone="problem" title="Grafen kunne ikke tegnes" className="mt-2">
          {summaries.join(' ')}
        </Notice>
      ) : (
        // Drawn by uPlot; the same numbers are in the caption and the table below for screen readers.
        <div ref={holder} aria-hidden="true" className="mt-1 w-full touch-pan-y select-none" style={{ height }} />
      )}
      <figcaption className="sr-only">{summaries.join(' ')}</figcaption>
      {/* A table grows to fit its rows whatever its height, so the hiding box is a div around it. */}
      <div className="sr-only">
        <table>
          <caption>{series.map((s) => s.label).join(', ')}, punkt for punkt</caption>
          <thead>
            <tr>
              <th scope="col">{'days' in x ? 'Dag' : 'Tidspunkt'}</th>
              {series.map((s) => (
                <th key={s.label} scope="col">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {seconds.map((second, i) => (
              <tr key={second}>
                <th scope="row">{pointLabel(x, second)}</th>
                {series.map((s) => (
                  <td key={s.label}>{s.values[i] == null ? '–' : formatValue(s.values[i]!)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}

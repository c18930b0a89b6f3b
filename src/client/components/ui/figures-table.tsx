/**
 * The numbers behind a chart, folded away under "Vis tallene ...": a row for each month or day,
 * newest first, a column for each series, a zero greyed. For screen readers (the chart itself is
 * hidden from them) and for anyone who wants a number exactly. Used by the memorial's visits and
 * candles and the reseller's codes.
 */
import type { ReactNode } from 'react';
import { cn } from '@/client/lib/cn';

const number = new Intl.NumberFormat('da-DK');

interface FiguresTableProps<K extends string, T extends Record<K, number>> {
  /** What opens it, e.g. "Vis tallene dag for dag". */
  summary: string;
  /** What the table holds, read out to screen readers. */
  caption: string;
  /** The first column's heading, e.g. "Dag". */
  period: string;
  /** The columns, in the chart's order; `heading` when the column's heading is not just its name. */
  series: readonly { key: K; name: string; heading?: ReactNode }[];
  /** Oldest first, as the chart draws them; the table shows them newest first. */
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** The row's period in words, e.g. "marts 2026". */
  rowLabel: (row: T) => string;
  /**
   * Whether the table scrolls sideways in its own box when wider than the screen (the reseller's
   * long column names); without it, as the memorial's, it has no scrolling region to reach.
   */
  scrolls?: boolean;
  className?: string;
}

export function FiguresTable<K extends string, T extends Record<K, number>>({ summary, caption, period, series, rows, rowKey, rowLabel, scrolls = false, className }: FiguresTableProps<K, T>) {
  return (
    <details className={cn('rounded-xl border border-border', className)}>
      <summary className="min-h-12 cursor-pointer px-4 py-3 font-semibold select-none">{summary}</summary>
      <div className={cn('px-2 pb-3 sm:px-4', scrolls && 'overflow-x-auto')}>
        <table className="w-full text-left tabular-nums">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr className="border-b border-border text-sm text-muted-foreground">
              <th scope="col" className="py-2 pr-2 font-semibold">
                {period}
              </th>
              {series.map((column) => (
                <th key={column.key} scope="col" className="px-2 py-2 text-right font-semibold">
                  {column.heading ?? column.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {[...rows].reverse().map((row) => (
              <tr key={rowKey(row)} className="border-b border-border/60 last:border-0">
                <th scope="row" className="py-1.5 pr-2 font-normal whitespace-nowrap">
                  {rowLabel(row)}
                </th>
                {series.map((column) => (
                  <td key={column.key} className={cn('px-2 py-1.5 text-right', row[column.key] === 0 && 'text-muted-foreground')}>
                    {number.format(row[column.key])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

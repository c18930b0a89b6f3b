/**
 * Every route of the last hour in one dense table, busiest first; a click on a column's heading
 * sorts by it (again: the other way), and aria-sort says how. On a phone the table scrolls
 * sideways inside its own box, which a keyboard can scroll too, and the route stays in view (a
 * hairline at its right, so the numbers scrolled under it do not run into it).
 * The first routes in the chosen order are shown, the rest on request: a long tail of routes asked
 * once or twice is rarely what anyone looks for, and sorting still covers all of them.
 */
import { Fragment, useMemo, useState } from 'react';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { Button } from '@/client/components/ui/button';
import { cn } from '@/client/lib/cn';
import type { RoutePerformance } from '@/shared/performance';
import { ERROR_RATE_PROBLEM, formatCount, formatMs, formatPerMinute, formatShare } from './figures-format';
import { BUSIEST_FIRST, type RouteColumn, type RouteOrder, nextOrder, sortRoutes } from './route-order';

interface Column {
  key: RouteColumn;
  label: string;
  /** The heading in words for a screen reader, where the label is an abbreviation. */
  spoken?: string;
  cell: (route: RoutePerformance) => string;
}

/** Rows shown before "Vis alle": a screen's worth on a laptop. */
export const FIRST_ROWS = 20;

const COLUMNS: readonly Column[] = [
  { key: 'route', label: 'Rute', cell: (r) => r.route },
  { key: 'requests', label: 'Antal', cell: (r) => formatCount(r.requests) },
  { key: 'requestsPerMinute', label: 'Pr. min.', spoken: 'Pr. minut', cell: (r) => formatPerMinute(r.requestsPerMinute) },
  { key: 'p50Ms', label: 'p50', spoken: 'Svartid p50', cell: (r) => formatMs(r.p50Ms) },
  { key: 'p95Ms', label: 'p95', spoken: 'Svartid p95', cell: (r) => formatMs(r.p95Ms) },
  { key: 'p99Ms', label: 'p99', spoken: 'Svartid p99', cell: (r) => formatMs(r.p99Ms) },
  { key: 'errorRate', label: 'Fejlrate', cell: (r) => formatShare(r.errorRate) },
];

export function RouteTable({ routes }: { routes: readonly RoutePerformance[] }) {
  const [order, setOrder] = useState<RouteOrder>(BUSIEST_FIRST);
  const [all, setAll] = useState(false);
  const sorted = useMemo(() => sortRoutes(routes, order), [routes, order]);
  const shown = all ? sorted : sorted.slice(0, FIRST_ROWS);
  const sortedBy = COLUMNS.find((c) => c.key === order.column)!;

  return (
    <div>
      <div role="region" aria-label="Ruter, kan rulles sidelæns" tabIndex={0} className="relative -mx-4 overflow-x-auto focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-ring sm:mx-0">
        <table className="w-full min-w-[42rem] border-collapse text-sm">
          <caption className="sr-only">Ruter den seneste time, sorteret efter {(sortedBy.spoken ?? sortedBy.label).toLowerCase()}</caption>
          <thead>
            <tr className="border-b border-border">
              {COLUMNS.map((column) => {
                const sortedHere = order.column === column.key;
                const Arrow = !sortedHere ? ArrowUpDown : order.direction === 'ascending' ? ArrowUp : ArrowDown;
                const isRoute = column.key === 'route';
                return (
                  <th
                    key={column.key}
                    scope="col"
                    aria-sort={sortedHere ? order.direction : undefined}
                    className={cn('p-0 font-semibold whitespace-nowrap', isRoute ? 'sticky left-0 z-10 bg-card text-left shadow-[inset_-1px_0_0_var(--border)]' : 'text-right')}
                  >
                    <button
                      type="button"
                      onClick={() => setOrder((current) => nextOrder(current, column.key))}
                      className={cn(
                        'inline-flex min-h-11 w-full cursor-pointer items-center gap-1 px-3 hover:text-foreground',
                        'focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-ring',
                        isRoute ? 'justify-start pl-4 sm:pl-3' : 'justify-end',
                        sortedHere ? 'text-foreground' : 'text-muted-foreground',
                      )}
                    >
                      {column.spoken ? (
                        <>
                          <span aria-hidden="true">{column.label}</span>
                          <span className="sr-only">{column.spoken}</span>
                        </>
                      ) : (
                        column.label
                      )}
                      <Arrow aria-hidden="true" className={cn('size-3.5 shrink-0', !sortedHere && 'opacity-50')} />
                    </button>
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody className="divide-y divide-border/70">
            {shown.map((route) => (
              <tr key={`${route.method} ${route.route}`}>
                <th scope="row" className="sticky left-0 bg-card py-2 pr-3 pl-4 text-left font-normal shadow-[inset_-1px_0_0_var(--border)] sm:pl-3">
                  <span className="block max-w-44 font-mono text-[0.8125rem] [overflow-wrap:anywhere] sm:max-w-none">
                    <span className="font-semibold">{route.method}</span> <RouteName route={route.route} />
                  </span>
                </th>
                {COLUMNS.slice(1).map((column) => {
                  const problem = column.key === 'errorRate' && route.errorRate > ERROR_RATE_PROBLEM;
                  return (
                    <td key={column.key} className={cn('px-3 py-2 text-right whitespace-nowrap tabular-nums', problem && 'font-semibold text-destructive')}>
                      {column.cell(route)}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {routes.length > FIRST_ROWS ? (
        <Button variant="secondary" size="sm" className="mt-3" aria-expanded={all} onClick={() => setAll((was) => !was)}>
          {all ? `Vis kun de første ${FIRST_ROWS}` : `Vis alle ${formatCount(routes.length)} ruter`}
        </Button>
      ) : null}
    </div>
  );
}

/** A route pattern that may wrap after each slash on a phone (/api/notifications/ unread-count), not inside a word. */
function RouteName({ route }: { route: string }) {
  const parts = route.split(/(?<=\/)/);
  return parts.map((part, i) => (
    <Fragment key={i}>
      {i > 0 ? <wbr /> : null}
      {part}
    </Fragment>
  ));
}

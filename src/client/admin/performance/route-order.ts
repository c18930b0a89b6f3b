/**
 * The order of the routes table: by any column, busiest first by default (the server's order).
 * Routes where nothing was measured (a null time) go last whichever way a column is turned, so
 * turning it never fills the top with dashes.
 */
import type { RoutePerformance } from '@/shared/performance';

export type RouteColumn = 'route' | 'requests' | 'requestsPerMinute' | 'p50Ms' | 'p95Ms' | 'p99Ms' | 'errorRate';
export type Direction = 'ascending' | 'descending';
export interface RouteOrder {
  column: RouteColumn;
  direction: Direction;
}

export const BUSIEST_FIRST: RouteOrder = { column: 'requests', direction: 'descending' };

/** A column's first click: names A to Å, numbers largest first (the slowest, the failing). */
export const firstDirection = (column: RouteColumn): Direction => (column === 'route' ? 'ascending' : 'descending');

/** The order after a click on `column`'s header: the other way if it is the column sorted by. */
export function nextOrder(current: RouteOrder, column: RouteColumn): RouteOrder {
  if (current.column !== column) return { column, direction: firstDirection(column) };
  return { column, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
}

const collator = new Intl.Collator('da-DK');
const byName = (a: RoutePerformance, b: RoutePerformance) => collator.compare(a.route, b.route) || collator.compare(a.method, b.method);
/** Ties broken the same way in either direction: busiest first, then by name. */
const tieBreak = (a: RoutePerformance, b: RoutePerformance) => b.requests - a.requests || byName(a, b);

export function sortRoutes(routes: readonly RoutePerformance[], order: RouteOrder): RoutePerformance[] {
  const sign = order.direction === 'ascending' ? 1 : -1;
  const { column } = order;
  return [...routes].sort((a, b) => {
    if (column === 'route') return sign * byName(a, b);
    const x = a[column];
    const y = b[column];
    if (x === null || y === null) return x === y ? tieBreak(a, b) : x === null ? 1 : -1;
    return sign * (x - y) || tieBreak(a, b);
  });
}

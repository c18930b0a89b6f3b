import { describe, expect, it } from 'vitest';
import type { RoutePerformance } from '@/shared/performance';
import { BUSIEST_FIRST, nextOrder, sortRoutes } from './route-order';

const route = (method: string, path: string, requests: number, p95Ms: number | null, errorRate = 0): RoutePerformance => ({
  method,
  route: path,
  requests,
  requestsPerMinute: requests / 60,
  p50Ms: p95Ms,
  p95Ms,
  p99Ms: p95Ms,
  errorRate,
});

const names = (routes: RoutePerformance[]) => routes.map((r) => `${r.method} ${r.route}`);

describe('sortRoutes', () => {
  const routes = [
    route('GET', '/api/user', 40, 3),
    route('GET', '/api/memorials/:id', 120, 48, 0.02),
    route('POST', '/api/login', 40, null),
    route('GET', '/api/admin/performance', 8, 900),
  ];

  it('puts the busiest first by default, ties by name', () => {
    expect(names(sortRoutes(routes, BUSIEST_FIRST))).toEqual(['GET /api/memorials/:id', 'POST /api/login', 'GET /api/user', 'GET /api/admin/performance']);
  });

  it('sorts a time either way with the unmeasured last both times', () => {
    expect(names(sortRoutes(routes, { column: 'p95Ms', direction: 'descending' }))).toEqual([
      'GET /api/admin/performance',
      'GET /api/memorials/:id',
      'GET /api/user',
      'POST /api/login',
    ]);
    expect(names(sortRoutes(routes, { column: 'p95Ms', direction: 'ascending' }))).toEqual([
      'GET /api/user',
      'GET /api/memorials/:id',
      'GET /api/admin/performance',
      'POST /api/login',
    ]);
  });

  it('sorts routes by name, then method', () => {
    const same = [route('POST', '/api/memorials/:id', 1, 1), route('GET', '/api/memorials/:id', 1, 1), route('GET', '/api/admin/users', 1, 1)];
    expect(names(sortRoutes(same, { column: 'route', direction: 'ascending' }))).toEqual(['GET /api/admin/users', 'GET /api/memorials/:id', 'POST /api/memorials/:id']);
  });

  it('does not change the list it was given', () => {
    const copy = [...routes];
    sortRoutes(routes, { column: 'route', direction: 'descending' });
    expect(routes).toEqual(copy);
  });
});

describe('nextOrder', () => {
  it('turns the sorted column, and starts another at its natural way', () => {
    expect(nextOrder(BUSIEST_FIRST, 'requests')).toEqual({ column: 'requests', direction: 'ascending' });
    expect(nextOrder(BUSIEST_FIRST, 'p99Ms')).toEqual({ column: 'p99Ms', direction: 'descending' });
    expect(nextOrder(BUSIEST_FIRST, 'route')).toEqual({ column: 'route', direction: 'ascending' });
  });
});

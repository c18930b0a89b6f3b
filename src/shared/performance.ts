/**
 * The back office's performance page (GET /api/admin/performance): the last hour on the server
 * that answered. Each instance keeps its own hour in memory; the cluster as a whole is what a
 * monitoring system scraping every instance's /metrics sees.
 */
import { z } from 'zod';

const count = z.number().int().nonnegative();
/** Milliseconds; null when nothing was measured in the window. */
const ms = z.number().nonnegative().nullable();
/** A share from 0 to 1; 0 when there were no requests. */
const share = z.number().min(0).max(1);

export const routePerformance = z.object({
  method: z.string(),
  /** The route's pattern (/api/memorials/:id), never an address with ids or codes in it. */
  route: z.string(),
  requests: count,
  requestsPerMinute: z.number().nonnegative(),
  p50Ms: ms,
  p95Ms: ms,
  p99Ms: ms,
  /** Answers with a 5xx status, as a share of the route's requests. */
  errorRate: share,
});
export type RoutePerformance = z.infer<typeof routePerformance>;

export const performanceMinute = z.object({
  /** The minute's start, ISO 8601. */
  at: z.string(),
  requests: count,
  errors: count,
  p95Ms: ms,
});
export type PerformanceMinute = z.infer<typeof performanceMinute>;

export const performanceResponse = z.object({
  /** When the figures were taken, ISO 8601. */
  at: z.string(),
  /** Minutes the window covers: 60, or fewer while this server has run less than an hour. */
  windowMinutes: count,
  totals: z.object({
    requests: count,
    requestsPerMinute: z.number().nonnegative(),
    errors: count,
    errorRate: share,
    p50Ms: ms,
    p95Ms: ms,
    p99Ms: ms,
  }),
  /** Busiest first. */
  routes: z.array(routePerformance),
  /** Every minute of the last hour, oldest first, for the chart. */
  minutes: z.array(performanceMinute),
  database: z.object({
    engine: z.enum(['pglite', 'postgres']),
    /** PostgreSQL's connection pool; null on the embedded database, which has one connection. */
    pool: z.object({ total: count, idle: count, waiting: count, max: count }).nullable(),
    queries: count,
    queryP50Ms: ms,
    queryP95Ms: ms,
  }),
  jobs: z.object({
    /** Due now and neither done nor given up on: the queue's depth, shared by every instance. */
    due: count,
    failedLast24h: count,
    /** Every failed job still kept (finished jobs are removed after a week). */
    failedTotal: count,
  }),
  memory: z.object({ rssBytes: count, heapUsedBytes: count }),
  eventLoop: z.object({ delayP50Ms: ms, delayP99Ms: ms }),
});
export type PerformanceSnapshot = z.infer<typeof performanceResponse>;

/**
 * The back office's performance page: the last hour on this server (last-hour.ts), the database
 * pool, the job queue as the database has it, memory and the event loop's delay.
 */
import type { PerformanceSnapshot } from '../../shared/performance';
import type { Db } from '../db/connection';
import { databaseEngine, poolFigures } from '../db/instruments';
import type { InstanceMetrics } from './instance';
import { jobQueueFigures } from './job-queue';
import { type LatencyHistogram, percentile } from './latency-histogram';

export interface SnapshotDeps {
  db: Db;
  now: () => Date;
  metrics: InstanceMetrics;
}

/** Milliseconds to a tenth: finer than a log-scale bucket (±9 %) would be false precision. */
const rounded = (ms: number | null) => (ms === null ? null : Math.round(ms * 10) / 10);
const at = (histogram: LatencyHistogram, q: number) => rounded(percentile(histogram, q));
const shareOf = (part: number, whole: number) => (whole === 0 ? 0 : part / whole);
const perMinute = (count: number, minutes: number) => Math.round((count / minutes) * 100) / 100;

export async function performanceSnapshot(deps: SnapshotDeps): Promise<PerformanceSnapshot> {
  const now = deps.now();
  const hour = deps.metrics.lastHour.summary(now);
  const jobs = await jobQueueFigures(deps.db, now);
  const memory = process.memoryUsage();
  return {
    at: now.toISOString(),
    windowMinutes: hour.minutes,
    totals: {
      requests: hour.requests.total,
      requestsPerMinute: perMinute(hour.requests.total, hour.minutes),
      errors: hour.errors,
      errorRate: shareOf(hour.errors, hour.requests.total),
      p50Ms: at(hour.requests, 0.5),
      p95Ms: at(hour.requests, 0.95),
      p99Ms: at(hour.requests, 0.99),
    },
    routes: hour.routes
      .sort((a, b) => b.requests - a.requests || a.route.localeCompare(b.route) || a.method.localeCompare(b.method))
      .map((route) => ({
        method: route.method,
        route: route.route,
        requests: route.requests,
        requestsPerMinute: perMinute(route.requests, hour.minutes),
        p50Ms: at(route.latency, 0.5),
        p95Ms: at(route.latency, 0.95),
        p99Ms: at(route.latency, 0.99),
        errorRate: shareOf(route.errors, route.requests),
      })),
    minutes: hour.series.map((minute) => ({
      at: minute.at.toISOString(),
      requests: minute.requests.total,
      errors: minute.errors,
      p95Ms: at(minute.requests, 0.95),
    })),
    database: {
      engine: databaseEngine(deps.db) ?? 'postgres',
      pool: poolFigures(deps.db) ?? null,
      queries: hour.queries.total,
      queryP50Ms: at(hour.queries, 0.5),
      queryP95Ms: at(hour.queries, 0.95),
    },
    jobs,
    memory: { rssBytes: memory.rss, heapUsedBytes: memory.heapUsed },
    eventLoop: { delayP50Ms: at(hour.loopDelay, 0.5), delayP99Ms: at(hour.loopDelay, 0.99) },
  };
}

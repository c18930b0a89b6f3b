/**
 * This app's measurements: a Prometheus registry of its own (tests build many apps in one process,
 * so never prom-client's global one) and the last hour in memory (last-hour.ts). Requests are
 * timed by an onResponse hook and labelled by their route's pattern, never by their address, so no
 * id or code becomes a label and the number of series stays as small as the number of routes.
 */
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { observeQueries, poolFigures } from '../db/instruments';
import type { Deps } from '../deps';
import { jobQueueFigures, type JobQueueFigures } from './job-queue';
import { type LastHour, createLastHour } from './last-hour';
import { processRegistry } from './process';

/** The route label of a request no route matched (a 404 from the not-found handler). */
export const NO_ROUTE = '(ingen rute)';
/** The built files: one route each to Fastify, named by their content's hash, so every deploy would add labels. */
export const BUILT_FILES = '/assets/*';

/** The route a request is counted under: its pattern, never an address with an id or a file's hash in it. */
export function routeLabel(url: string | undefined): string {
  if (url === undefined) return NO_ROUTE;
  return url.startsWith('/assets/') ? BUILT_FILES : url;
}

/** How often the event loop's delay is sampled for the last hour: 300 samples a minute. */
const LOOP_SAMPLE_MS = 200;

export interface InstanceMetrics {
  /** This app's metrics and the process's (memory, event loop, GC), for GET /metrics. */
  registry: Registry;
  lastHour: LastHour;
  startedAt: Date;
}

const statusClass = (statusCode: number) => `${Math.floor(statusCode / 100)}xx`;

export function instrumentApp(app: FastifyInstance, deps: Pick<Deps, 'db' | 'now' | 'log'>): InstanceMetrics {
  const { db, now } = deps;
  const registry = new Registry();
  const startedAt = now();
  const lastHour = createLastHour(startedAt);

  const requestDuration = new Histogram({
    name: 'mindested_http_request_duration_seconds',
    help: 'Time from a request arriving to its answer sent, by method, route pattern and status class.',
    labelNames: ['method', 'route', 'status_class'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [registry],
  });
  const requests = new Counter({
    name: 'mindested_http_requests_total',
    help: 'Requests answered, by method, route pattern and status class.',
    labelNames: ['method', 'route', 'status_class'],
    registers: [registry],
  });
  const serverErrors = new Counter({
    name: 'mindested_http_server_errors_total',
    help: 'Requests answered with a 5xx status, by method and route pattern.',
    labelNames: ['method', 'route'],
    registers: [registry],
  });
  const queryDuration = new Histogram({
    name: 'mindested_db_query_duration_seconds',
    help: 'Time each database query took, from sending it to its result.',
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });

  if (poolFigures(db)) {
    new Gauge({
      name: 'mindested_db_pool_connections',
      help: "PostgreSQL connection pool: connections open (total), idle, queries waiting for one, and the pool's size (max).",
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const pool = poolFigures(db);
        if (!pool) return;
        for (const [state, value] of Object.entries(pool)) this.set({ state }, value);
      },
    });
  }

  // The three gauges are collected side by side at each scrape and share one query.
  let reading: Promise<JobQueueFigures | undefined> | undefined;
  const readJobQueue = () =>
    (reading ??= jobQueueFigures(db, now())
      .catch((error: unknown) => {
        deps.log.warn({ err: error }, 'metrics: the job queue could not be read');
        return undefined;
      })
      .finally(() => (reading = undefined)));
  const jobGauge = (name: string, help: string, pick: (figures: JobQueueFigures) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        // Unknown while the database does not answer: NaN, not a 0 that reads as an empty queue.
        const figures = await readJobQueue();
        this.set(figures ? pick(figures) : Number.NaN);
      },
    });
  jobGauge('mindested_jobs_due', 'Jobs due now and neither done nor failed: the queue shared by every instance.', (f) => f.due);
  jobGauge('mindested_jobs_failed_last_24h', 'Jobs given up on in the last 24 hours.', (f) => f.failedLast24h);
  jobGauge('mindested_jobs_failed', 'Failed jobs still kept (finished jobs are removed after a week).', (f) => f.failedTotal);

  app.addHook('onResponse', (request, reply, done) => {
    const route = routeLabel(request.routeOptions.url);
    const { method } = request;
    const statusCode = reply.statusCode;
    const ms = reply.elapsedTime;
    const labels = { method, route, status_class: statusClass(statusCode) };
    requestDuration.observe(labels, ms / 1000);
    requests.inc(labels);
    if (statusCode >= 500) serverErrors.inc({ method, route });
    lastHour.recordRequest(now(), method, route, statusCode, ms);
    done();
  });

  const stopObserving = observeQueries(db, (seconds) => {
    queryDuration.observe(seconds);
    lastHour.recordQuery(now(), seconds * 1000);
  });

  // The event loop's delay, as the last hour keeps it: how late a timer fires. (The Prometheus side
  // has prom-client's nodejs_eventloop_lag_*, from Node's own monitor, for the whole process.)
  let expected = performance.now() + LOOP_SAMPLE_MS;
  const loopSampler = setInterval(() => {
    const at = performance.now();
    lastHour.recordLoopDelay(now(), Math.max(0, at - expected));
    expected = at + LOOP_SAMPLE_MS;
  }, LOOP_SAMPLE_MS);
  loopSampler.unref();

  app.addHook('onClose', async () => {
    clearInterval(loopSampler);
    stopObserving();
  });

  return { registry: Registry.merge([processRegistry(), registry]), lastHour, startedAt };
}

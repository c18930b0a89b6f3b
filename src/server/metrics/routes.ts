/**
 * GET /metrics: Prometheus text for a monitoring system that scrapes every instance (histograms,
 * which add up across instances). GET /api/admin/performance: the last hour on this instance, for
 * the back office. Both read what instrumentApp measures from here on.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { performanceResponse } from '../../shared/performance';
import type { Deps } from '../deps';
import { requireStaff } from '../staff/guard';
import { mayScrape } from './access';
import { type InstanceMetrics, instrumentApp } from './instance';
import { performanceSnapshot } from './snapshot';

const NOT_FOUND = { message: 'Adressen findes ikke.' };

export function metricsRoutes(app: FastifyInstance, deps: Deps) {
  const metrics = instrumentApp(app, deps);

  app.get('/metrics', async (request, reply) => {
    // Answered as an unknown address is, so that it does not advertise itself.
    if (!mayScrape(request, deps.config.METRICS_TOKEN)) return reply.code(404).send(NOT_FOUND);
    reply.header('cache-control', 'no-store');
    reply.type(metrics.registry.contentType);
    return metrics.registry.metrics();
  });

  performanceRoutes(app, deps, metrics);
}

function performanceRoutes(app: FastifyInstance, deps: Deps, metrics: InstanceMetrics) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/admin/performance', { schema: { response: { 200: performanceResponse } } }, async (request, reply) => {
    // Administrators only, with the second factor passed in this session (staff/guard.ts).
    await requireStaff(deps, request, ['admin']);
    reply.header('cache-control', 'private, no-store');
    return performanceSnapshot({ db: deps.db, now: deps.now, metrics });
  });
}

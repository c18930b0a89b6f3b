/** GET /api/memorials/{id}/stats: the memorial's visits, QR scans and candles, for its administrators. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { memorialIdParams } from '../../shared/memorials-api';
import { memorialStatsResponse } from '../../shared/stats-api';
import { requireUser } from '../auth/sessions';
import type { Deps } from '../deps';
import { memorialStats } from './service';

export function statsRoutes(app: FastifyInstance, deps: Deps) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/memorials/:id/stats', { schema: { params: memorialIdParams, response: { 200: memorialStatsResponse } } }, async (request, reply) => {
    const user = await requireUser(deps, request);
    // For the family only, and changing with every visit: never kept by a cache.
    reply.header('cache-control', 'private, no-store');
    return memorialStats(deps, request.params.id, user.id);
  });
}

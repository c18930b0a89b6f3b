/** The back office's overview: GET /api/admin/dashboard, for admins only. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dashboardResponse } from '../../shared/dashboard';
import type { Deps } from '../deps';
import { requireStaff } from '../staff/guard';
import { dashboardFigures } from './dashboard';

/** The business's figures are for admins; support and production staff see their own pages. */
const ADMINS_ONLY = 'Kun administratorer kan se overblikket.';

export function dashboardRoutes(app: FastifyInstance, deps: Deps) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/admin/dashboard', { schema: { response: { 200: dashboardResponse } } }, async (request, reply) => {
    await requireStaff(deps, request, ['admin'], { refusal: ADMINS_ONLY });
    // Changes by the minute and names staff and accounts: never kept by a cache.
    reply.header('cache-control', 'private, no-store');
    return dashboardFigures(deps);
  });
}

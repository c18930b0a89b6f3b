/**
 * /api/admin/production… (shared/production-queue.ts lists the calls): the queue the floor works
 * from, for production staff and admins. Each action answers with the queue as it is now.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { productionMessages, productionQueue as queueResponse } from '../../shared/production-queue';
import type { Deps } from '../deps';
import { staffActionRecorder } from '../staff/audit';
import { requireStaff } from '../staff/guard';
import { PRODUCTION_FLOOR } from './laser-routes';
import { packageProduced, productionQueue, startPackage } from './queue';

const packageParams = z.object({ id: z.uuid(productionMessages.packageNotFound) });

export function productionQueueRoutes(app: FastifyInstance, deps: Deps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');
  const actor = async (request: FastifyRequest) => {
    const { user } = await requireStaff(deps, request, PRODUCTION_FLOOR);
    return { deps, staff: user, record: staffActionRecorder(deps, request, user) };
  };

  api.get('/api/admin/production', { schema: { response: { 200: queueResponse } } }, async (request, reply) => {
    await requireStaff(deps, request, PRODUCTION_FLOOR);
    noStore(reply);
    return productionQueue(deps.db);
  });

  const onePackage = { schema: { params: packageParams, response: { 200: queueResponse } } };

  api.post('/api/admin/production/packages/:id/start', onePackage, async (request, reply) => {
    await startPackage(await actor(request), request.params.id);
    noStore(reply);
    return productionQueue(deps.db);
  });

  api.post('/api/admin/production/packages/:id/produced', onePackage, async (request, reply) => {
    await packageProduced(await actor(request), request.params.id);
    noStore(reply);
    return productionQueue(deps.db);
  });
}

import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { resellerMeResponse } from '../../shared/resellers-api';
import { requireUser } from '../auth/sessions';
import { resellers } from '../db/schema';
import type { Deps } from '../deps';
import { notFound } from '../lib/errors';

export function resellerRoutes(app: FastifyInstance, deps: Deps) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  // The header only needs to know whether a record exists (SPEC.md §6); 404 says "none".
  api.get('/api/resellers/me', { schema: { response: { 200: resellerMeResponse } } }, async (request, reply) => {
    const user = await requireUser(deps, request);
    const [reseller] = await deps.db
      .select({ id: resellers.id, companyName: resellers.companyName, status: resellers.status })
      .from(resellers)
      .where(eq(resellers.userId, user.id));
    reply.header('cache-control', 'no-store');
    if (!reseller) throw notFound('Du er ikke registreret som forhandler.');
    return reseller;
  });
}

/**
 * /api/admin/resellers…: the back office's resellers (shared/resellers-admin.ts lists the calls).
 * Admins only, after the second factor (staff/guard.ts); every decision answers with the reseller
 * as it is now, so the page shows the result without asking again.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { approveBody, commissionBody, reasonBody, resellerDetail as resellerDetailSchema, resellerParams, resellersListResponse, resellersQuery } from '../../shared/resellers-admin';
import type { StaffRole } from '../../shared/staff';
import type { Deps } from '../deps';
import { requireStaff } from '../staff/guard';
import { type Decision, approveReseller, reinstateReseller, rejectReseller, resendSetupLink, setCommission, suspendReseller } from './admin-decisions';
import { resellerDetail } from './admin-detail';
import { listResellers } from './admin-list';

/** Who may open the reseller pages and decide (the permission matrix lists the same). */
export const RESELLER_ADMIN_ROLES: readonly StaffRole[] = ['admin'];

export function resellerAdminRoutes(app: FastifyInstance, deps: Deps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const admin = (request: FastifyRequest) => requireStaff(deps, request, RESELLER_ADMIN_ROLES);
  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

  api.get('/api/admin/resellers', { schema: { querystring: resellersQuery, response: { 200: resellersListResponse } } }, async (request, reply) => {
    await admin(request);
    noStore(reply);
    return listResellers(deps.db, request.query);
  });

  const view = { schema: { params: resellerParams, response: { 200: resellerDetailSchema } } };

  api.get('/api/admin/resellers/:id', view, async (request, reply) => {
    await admin(request);
    noStore(reply);
    return resellerDetail(deps.db, request.params.id);
  });

  /** A decision: who decides, then the decision, then the reseller as it is now. */
  const decision = async (request: FastifyRequest, id: string, reply: FastifyReply, decide: (decision: Decision) => Promise<void>) => {
    const { user } = await admin(request);
    await decide({ deps, request, actor: user, id });
    noStore(reply);
    return resellerDetail(deps.db, id);
  };

  api.post('/api/admin/resellers/:id/approve', { schema: { ...view.schema, body: approveBody } }, (request, reply) =>
    decision(request, request.params.id, reply, (d) => approveReseller(d, request.body.commissionBasisPoints)),
  );
  api.post('/api/admin/resellers/:id/reject', { schema: { ...view.schema, body: reasonBody } }, (request, reply) =>
    decision(request, request.params.id, reply, (d) => rejectReseller(d, request.body.reason)),
  );
  api.post('/api/admin/resellers/:id/suspend', { schema: { ...view.schema, body: reasonBody } }, (request, reply) =>
    decision(request, request.params.id, reply, (d) => suspendReseller(d, request.body.reason)),
  );
  api.post('/api/admin/resellers/:id/reinstate', view, (request, reply) => decision(request, request.params.id, reply, reinstateReseller));
  api.post('/api/admin/resellers/:id/commission', { schema: { ...view.schema, body: commissionBody } }, (request, reply) =>
    decision(request, request.params.id, reply, (d) => setCommission(d, request.body.commissionBasisPoints)),
  );
  api.post('/api/admin/resellers/:id/setup-link', view, (request, reply) => decision(request, request.params.id, reply, resendSetupLink));
}

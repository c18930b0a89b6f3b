/**
 * /api/admin/users…: the back office's people (PRODUCT.md "Back office"). Admins only, and only
 * after the second factor (staff/guard.ts); every change is in the audit log.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { accountParams, accountView as accountViewSchema, peopleSearchQuery, peopleSearchResponse, roleBody } from '../../shared/people';
import type { StaffRole } from '../../shared/staff';
import type { Deps } from '../deps';
import { requireStaff } from '../staff/guard';
import { accountView } from './account';
import { changeRole, disableAccount, enableAccount, endSessions, sendStaffLoginLink, sendStaffPasswordReset } from './actions';
import { searchPeople } from './search';

/** Who may open the people pages and act on accounts (the permission matrix lists the same). */
export const PEOPLE_ROLES: readonly StaffRole[] = ['admin'];

export function peopleRoutes(app: FastifyInstance, deps: Deps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const admin = (request: FastifyRequest) => requireStaff(deps, request, PEOPLE_ROLES);
  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

  api.get('/api/admin/users', { schema: { querystring: peopleSearchQuery, response: { 200: peopleSearchResponse } } }, async (request, reply) => {
    await admin(request);
    noStore(reply);
    return searchPeople(deps.db, request.query);
  });

  const view = { schema: { params: accountParams, response: { 200: accountViewSchema } } };
  const action = { schema: { params: accountParams } };

  api.get('/api/admin/users/:id', view, async (request, reply) => {
    await admin(request);
    noStore(reply);
    return accountView(deps.db, deps.now(), request.params.id);
  });

  api.post('/api/admin/users/:id/role', { schema: { ...view.schema, body: roleBody } }, async (request) => {
    const { user } = await admin(request);
    await changeRole(deps, request, user, request.params.id, request.body.role);
    return accountView(deps.db, deps.now(), request.params.id);
  });

  api.post('/api/admin/users/:id/disable', view, async (request) => {
    const { user } = await admin(request);
    await disableAccount(deps, request, user, request.params.id);
    return accountView(deps.db, deps.now(), request.params.id);
  });

  api.post('/api/admin/users/:id/enable', view, async (request) => {
    const { user } = await admin(request);
    await enableAccount(deps, request, user, request.params.id);
    return accountView(deps.db, deps.now(), request.params.id);
  });

  api.post('/api/admin/users/:id/password-reset', action, async (request, reply) => {
    const { user } = await admin(request);
    await sendStaffPasswordReset(deps, request, user, request.params.id);
    reply.code(204).send();
  });

  api.post('/api/admin/users/:id/login-link', action, async (request, reply) => {
    const { user } = await admin(request);
    await sendStaffLoginLink(deps, request, user, request.params.id);
    reply.code(204).send();
  });

  api.post('/api/admin/users/:id/sessions/end', action, async (request, reply) => {
    const { user } = await admin(request);
    await endSessions(deps, request, user, request.params.id);
    reply.code(204).send();
  });
}

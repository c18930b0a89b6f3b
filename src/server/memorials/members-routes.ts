/**
 * The members calls: who has access to a memorial (GET), adding an existing account (POST),
 * changing a role (PATCH), removing someone or leaving (DELETE), and handing the ownership on
 * (POST …/owner). Who may do which is decided in members.ts.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { addMemberBody, changeMemberRoleBody, memberParams, memberResponse, membersResponse, transferOwnershipBody } from '../../shared/members-api';
import { memorialIdParams } from '../../shared/memorials-api';
import { requireUser } from '../auth/sessions';
import type { Deps } from '../deps';
import { addMember, changeMemberRole, listMembers, removeMember, transferOwnership } from './members';

/**
 * Adding someone answers whether an account exists for a name or an address, so one person may
 * only ask this often per window: plenty for a family filling in its list, too few to harvest.
 */
export const MEMBER_LOOKUPS_PER_USER = 30;

/** Names and roles of people: for the asker only, never kept by a cache. */
const personal = (reply: FastifyReply) => reply.header('cache-control', 'private, no-store');

export function memberRoutes(app: FastifyInstance, deps: Deps) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/memorials/:id/members', { schema: { params: memorialIdParams, response: { 200: membersResponse } } }, async (request, reply) => {
    const user = await requireUser(deps, request);
    personal(reply);
    return { members: await listMembers(deps, request.params.id, user.id) };
  });

  api.post(
    '/api/memorials/:id/members',
    { schema: { params: memorialIdParams, body: addMemberBody, response: { 201: memberResponse } } },
    async (request, reply) => {
      const user = await requireUser(deps, request);
      await deps.rateLimiter.consume({
        key: `member-lookup-user:${user.id}`,
        max: MEMBER_LOOKUPS_PER_USER,
        windowMs: deps.config.RATE_LIMIT_WINDOW_MINUTES * 60_000,
      });
      const member = await addMember(deps, request.params.id, user.id, request.body);
      personal(reply).code(201);
      return member;
    },
  );

  api.patch(
    '/api/memorials/:id/members/:userId',
    { schema: { params: memberParams, body: changeMemberRoleBody, response: { 200: memberResponse } } },
    async (request, reply) => {
      const user = await requireUser(deps, request);
      personal(reply);
      return changeMemberRole(deps, request.params.id, user.id, request.params.userId, request.body.role);
    },
  );

  api.delete('/api/memorials/:id/members/:userId', { schema: { params: memberParams } }, async (request, reply) => {
    const user = await requireUser(deps, request);
    await removeMember(deps, request.params.id, user.id, request.params.userId);
    return reply.code(204).send();
  });

  api.post(
    '/api/memorials/:id/owner',
    { schema: { params: memorialIdParams, body: transferOwnershipBody, response: { 200: membersResponse } } },
    async (request, reply) => {
      const user = await requireUser(deps, request);
      personal(reply);
      return { members: await transferOwnership(deps, request.params.id, user.id, request.body.userId) };
    },
  );
}

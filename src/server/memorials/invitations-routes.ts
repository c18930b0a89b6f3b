/**
 * The invitation calls: the owner invites an address, lists the open invitations and withdraws
 * one (/api/memorials/{id}/invitations); the link's page reads it, a signed-in person accepts it,
 * or someone new makes an account with it (/api/invitations/{token}). Who may do which is decided
 * in invitations.ts.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { loginResponse } from '../../shared/auth';
import {
  invitationAcceptedResponse,
  invitationBody,
  invitationParams,
  invitationRegisterBody,
  invitationResponse,
  invitationTokenParams,
  invitationViewResponse,
  invitationsResponse,
} from '../../shared/invitations-api';
import { memorialIdParams } from '../../shared/memorials-api';
import { presentUser } from '../auth/service';
import { destroySession, requireUser, sessionToken, setSessionCookie } from '../auth/sessions';
import type { Deps } from '../deps';
import { acceptInvitation, inviteCoadmin, listInvitations, readInvitation, registerByInvitation, withdrawInvitation } from './invitations';

/** Invitations one owner may send per window: a whole family, but not a mailing list. */
export const INVITATIONS_PER_USER = 20;
/** Invitations one address may receive per window, whoever sends them: nobody's inbox is flooded. */
export const INVITATIONS_PER_ADDRESS = 3;

/** Addresses and names of people: for the asker only, never kept by a cache. */
const personal = (reply: FastifyReply) => reply.header('cache-control', 'private, no-store');

export function invitationRoutes(app: FastifyInstance, deps: Deps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const windowMs = deps.config.RATE_LIMIT_WINDOW_MINUTES * 60_000;

  api.post(
    '/api/memorials/:id/invitations',
    { schema: { params: memorialIdParams, body: invitationBody, response: { 201: invitationResponse } } },
    async (request, reply) => {
      const user = await requireUser(deps, request);
      await deps.rateLimiter.consume({ key: `invitation-user:${user.id}`, max: INVITATIONS_PER_USER, windowMs });
      await deps.rateLimiter.consume({ key: `invitation-mail:${request.body.email}`, max: INVITATIONS_PER_ADDRESS, windowMs });
      const invitation = await inviteCoadmin(deps, request.params.id, user, request.body.email);
      personal(reply).code(201);
      return invitation;
    },
  );

  api.get(
    '/api/memorials/:id/invitations',
    { schema: { params: memorialIdParams, response: { 200: invitationsResponse } } },
    async (request, reply) => {
      const user = await requireUser(deps, request);
      personal(reply);
      return { invitations: await listInvitations(deps, request.params.id, user.id) };
    },
  );

  api.delete('/api/memorials/:id/invitations/:invitationId', { schema: { params: invitationParams } }, async (request, reply) => {
    const user = await requireUser(deps, request);
    await withdrawInvitation(deps, request.params.id, user.id, request.params.invitationId);
    return reply.code(204).send();
  });

  api.get('/api/invitations/:token', { schema: { params: invitationTokenParams, response: { 200: invitationViewResponse } } }, async (request, reply) => {
    personal(reply);
    return readInvitation(deps, request.params.token);
  });

  api.post(
    '/api/invitations/:token/accept',
    { schema: { params: invitationTokenParams, response: { 200: invitationAcceptedResponse } } },
    async (request, reply) => {
      const user = await requireUser(deps, request);
      personal(reply);
      return acceptInvitation(deps, request.params.token, user);
    },
  );

  api.post(
    '/api/invitations/:token/register',
    {
      schema: {
        params: invitationTokenParams,
        body: invitationRegisterBody,
        response: { 201: invitationAcceptedResponse.extend({ user: loginResponse }) },
      },
    },
    async (request, reply) => {
      await deps.rateLimiter.consume({ key: `register-ip:${request.ip}`, max: deps.config.RATE_LIMIT_REGISTER_PER_IP, windowMs });
      const { user, session, accepted } = await registerByInvitation(deps, request.params.token, request.body);
      // Whoever was signed in on this browser is signed out: the new account takes over, as at
      // /setup. Only then: a refused link leaves the session be.
      await destroySession(deps.db, sessionToken(request));
      setSessionCookie(request, reply, session);
      personal(reply).code(201);
      return { ...accepted, user: { ...presentUser(user), qrCodeLinked: false } };
    },
  );
}

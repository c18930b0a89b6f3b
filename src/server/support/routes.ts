/**
 * The support inbox's calls (/api/admin/support…, support staff and admins) and the sender's
 * answer link (/api/support/reply/{token}, no account). Each reads: who → what → answer.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { StaffRole } from '../../shared/staff';
import {
  SUPPORT_ANSWER_THANKS,
  publicSupportThread,
  supportAnswerResponse,
  supportAssignBody,
  supportListQuery,
  supportListResponse,
  supportReplyBody,
  supportReplyTokenParams,
  supportStatusBody,
  supportThread,
  supportThreadParams,
} from '../../shared/support';
import type { Deps } from '../deps';
import { requireStaff } from '../staff/guard';
import { answerByLink, readByLink } from './reply-links';
import { assignThread, listThreads, readThread, replyToThread, setThreadStatus } from './threads';

/** The support desk: support staff, and admins, who may do everything. */
const SUPPORT_DESK: readonly StaffRole[] = ['admin', 'support'];
const REFUSAL = 'Kun support og administratorer har adgang til supportindbakken.';
/** Senders' names, addresses and words: never kept by a shared cache. */
const noStore = { 'cache-control': 'private, no-store' };

export function supportRoutes(app: FastifyInstance, deps: Deps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const desk = (request: Parameters<typeof requireStaff>[1]) => requireStaff(deps, request, SUPPORT_DESK, { refusal: REFUSAL });

  api.get('/api/admin/support', { schema: { querystring: supportListQuery, response: { 200: supportListResponse } } }, async (request, reply) => {
    const { user } = await desk(request);
    reply.headers(noStore);
    return listThreads(deps.db, user.id, request.query);
  });

  api.get('/api/admin/support/:id', { schema: { params: supportThreadParams, response: { 200: supportThread } } }, async (request, reply) => {
    await desk(request);
    reply.headers(noStore);
    return readThread(deps.db, request.params.id);
  });

  api.post(
    '/api/admin/support/:id/replies',
    { schema: { params: supportThreadParams, body: supportReplyBody, response: { 201: supportThread } } },
    async (request, reply) => {
      const caller = await desk(request);
      const thread = await replyToThread(deps, request, caller, request.params.id, request.body.body);
      return reply.code(201).headers(noStore).send(thread);
    },
  );

  api.post('/api/admin/support/:id/assign', { schema: { params: supportThreadParams, body: supportAssignBody, response: { 200: supportThread } } }, async (request, reply) => {
    const caller = await desk(request);
    reply.headers(noStore);
    return assignThread(deps, request, caller, request.params.id, request.body.userId);
  });

  api.post('/api/admin/support/:id/status', { schema: { params: supportThreadParams, body: supportStatusBody, response: { 200: supportThread } } }, async (request, reply) => {
    const caller = await desk(request);
    reply.headers(noStore);
    return setThreadStatus(deps, request, caller, request.params.id, request.body.status);
  });

  // Opening the link only shows the thread: a mail program that checks links spends nothing.
  api.get('/api/support/reply/:token', { schema: { params: supportReplyTokenParams, response: { 200: publicSupportThread } } }, async (request, reply) => {
    reply.headers(noStore);
    return readByLink(deps, request.params.token);
  });

  api.post(
    '/api/support/reply/:token',
    { schema: { params: supportReplyTokenParams, body: supportReplyBody, response: { 201: supportAnswerResponse } } },
    async (request, reply) => {
      // As many answers per address as contact messages: it is the same door for the same people.
      await deps.rateLimiter.consume({
        key: `support-reply-ip:${request.ip}`,
        max: deps.config.RATE_LIMIT_CONTACT_PER_IP,
        windowMs: deps.config.RATE_LIMIT_WINDOW_MINUTES * 60_000,
      });
      await answerByLink(deps, request.params.token, request.body.body);
      return reply.code(201).headers(noStore).send({ message: SUPPORT_ANSWER_THANKS });
    },
  );
}

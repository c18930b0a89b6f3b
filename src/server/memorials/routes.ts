/** The memorial calls (SPEC.md §7): who may call each is checked in service.ts. */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createMemorialBody, memorialIdParams, memorialListResponse, memorialResponse, updateMemorialBody } from '../../shared/memorials-api';
import { requireUser, sessionToken, userForSession } from '../auth/sessions';
import type { Deps } from '../deps';
import { HttpError } from '../lib/errors';
import { whereFormerAddressLeads } from './addresses';
import { MEMORIAL_DELETED, createMemorial, deleteMemorial, listOwnMemorials, readMemorial, restoreMemorial, updateMemorial } from './service';

/** A memorial's answer depends on who asks (private pages, the editor's buttons): never shared by a cache. */
const personal = (reply: FastifyReply) => reply.header('cache-control', 'private, no-store');

export function memorialRoutes(app: FastifyInstance, deps: Deps) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post('/api/memorials', { schema: { body: createMemorialBody, response: { 201: memorialResponse } } }, async (request, reply) => {
    const user = await requireUser(deps, request);
    const memorial = await createMemorial(deps, user.id, request.body);
    personal(reply).code(201);
    return memorial;
  });

  api.get('/api/memorials/:id', { schema: { params: memorialIdParams, response: { 200: memorialResponse } } }, async (request, reply) => {
    const user = await userForSession(deps.db, deps.now(), sessionToken(request));
    personal(reply);
    try {
      return await readMemorial(deps, request.params.id, user?.id ?? null);
    } catch (error) {
      // An address the memorial had before: the browser's fetch follows the redirect by itself.
      const leads = error instanceof HttpError && error.statusCode === 404 ? await whereFormerAddressLeads(deps.db, request.params.id, user?.id ?? null) : null;
      if (!leads) throw error;
      if ('deleted' in leads) throw new HttpError(410, MEMORIAL_DELETED);
      return reply.redirect(`/api/memorials/${encodeURIComponent(leads.movedTo)}`, 301);
    }
  });

  api.put('/api/memorials/:id', { schema: { params: memorialIdParams, body: updateMemorialBody, response: { 200: memorialResponse } } }, async (request, reply) => {
    const user = await requireUser(deps, request);
    personal(reply);
    return updateMemorial(deps, request.params.id, user.id, request.body);
  });

  api.delete('/api/memorials/:id', { schema: { params: memorialIdParams } }, async (request, reply) => {
    const user = await requireUser(deps, request);
    await deleteMemorial(deps, request.params.id, user.id);
    return reply.code(204).send();
  });

  api.post('/api/memorials/:id/restore', { schema: { params: memorialIdParams, response: { 200: memorialResponse } } }, async (request, reply) => {
    const user = await requireUser(deps, request);
    personal(reply);
    return restoreMemorial(deps, request.params.id, user.id);
  });

  api.get('/api/user/memorials', { schema: { response: { 200: memorialListResponse } } }, async (request, reply) => {
    const user = await requireUser(deps, request);
    personal(reply);
    return { memorials: await listOwnMemorials(deps, user.id) };
  });
}

/**
 * The AI extras' calls (shared/ai-api.ts; decision 0033). The family's under
 * /api/memorials/{id}/ai (owner and co-admins, checked in tries.ts, results.ts and present.ts), the
 * greeting's captions for whoever may see it, and staff's under /api/admin/ai. A try only starts
 * here; it is made in the job queue (steps.ts), never in a request.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AI_MESSAGES } from '../../shared/ai';
import {
  adminGenerationResponse,
  adminGenerationsQuery,
  adminGenerationsResponse,
  aiOverviewResponse,
  aiParams,
  generationParams,
  generationResponse,
  greetingBody,
  lyricsBody,
  songBody,
} from '../../shared/ai-api';
import type { StaffRole } from '../../shared/staff';
import { requireUser, sessionToken, userForSession } from '../auth/sessions';
import { aiGenerations } from '../db/schema';
import type { Deps } from '../deps';
import { notFound } from '../lib/errors';
import { findMemorial, requireEditor, visibleOrNotFound } from '../memorials/service';
import { staffActionRecorder } from '../staff/audit';
import { requireStaff } from '../staff/guard';
import { listTries, rerunTry } from './admin';
import { aiOverview } from './present';
import { greetingCaptions } from './published';
import { deleteTry, publishTry, unpublishTry } from './results';
import { startGreeting, startLyrics, startSong } from './tries';

/** Support reads the tries to answer families; a re-run costs money at the provider, so admins only. */
export const AI_READ_ROLES: readonly StaffRole[] = ['admin', 'support'];
export const AI_RERUN_ROLES: readonly StaffRole[] = ['admin'];

export function aiRoutes(app: FastifyInstance, deps: Deps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const family = { params: aiParams };
  const oneTry = { params: generationParams, response: { 200: generationResponse } };

  api.get('/api/memorials/:id/ai', { schema: { ...family, response: { 200: aiOverviewResponse } } }, async (request, reply) => {
    const user = await requireUser(deps, request);
    reply.header('cache-control', 'private, no-store');
    return aiOverview(deps, request.params.id, user.id);
  });

  api.post('/api/memorials/:id/ai/greetings', { schema: { ...family, body: greetingBody, response: { 202: generationResponse } } }, async (request, reply) => {
    const user = await requireUser(deps, request);
    reply.code(202);
    return startGreeting(deps, request.params.id, user.id, request.body);
  });

  api.post('/api/memorials/:id/ai/lyrics', { schema: { ...family, body: lyricsBody, response: { 202: generationResponse } } }, async (request, reply) => {
    const user = await requireUser(deps, request);
    reply.code(202);
    return startLyrics(deps, request.params.id, user.id, request.body);
  });

  api.post('/api/memorials/:id/ai/songs', { schema: { ...family, body: songBody, response: { 202: generationResponse } } }, async (request, reply) => {
    const user = await requireUser(deps, request);
    reply.code(202);
    return startSong(deps, request.params.id, user.id, request.body);
  });

  api.post('/api/memorials/:id/ai/generations/:generationId/publish', { schema: oneTry }, async (request) => {
    const user = await requireUser(deps, request);
    return publishTry(deps, request.params.id, user.id, request.params.generationId);
  });

  api.post('/api/memorials/:id/ai/generations/:generationId/unpublish', { schema: oneTry }, async (request) => {
    const user = await requireUser(deps, request);
    return unpublishTry(deps, request.params.id, user.id, request.params.generationId);
  });

  api.delete('/api/memorials/:id/ai/generations/:generationId', { schema: { params: generationParams } }, async (request, reply) => {
    const user = await requireUser(deps, request);
    await deleteTry(deps, request.params.id, user.id, request.params.generationId);
    return reply.code(204).send();
  });

  // The greeting's message as captions: for everyone who may see the memorial once it is shown,
  // for its administrators only before.
  api.get('/api/ai/greetings/:generationId/captions.vtt', { schema: { params: z.object({ generationId: z.uuid(AI_MESSAGES.notFound) }) } }, async (request, reply) => {
    const [row] = await deps.db
      .select()
      .from(aiGenerations)
      .where(and(eq(aiGenerations.id, request.params.generationId), eq(aiGenerations.kind, 'greeting')));
    if (!row || row.deletedAt || row.input.kind !== 'greeting' || row.status !== 'succeeded') throw notFound(AI_MESSAGES.notFound);
    const user = await userForSession(deps.db, deps.now(), sessionToken(request));
    // A file, like the memorial's media: a deleted memorial's is simply not found.
    if (row.publishedAt) visibleOrNotFound(await findMemorial(deps.db, row.memorialId, user?.id ?? null));
    else if (!user) throw notFound(AI_MESSAGES.notFound);
    else await requireEditor(deps.db, row.memorialId, user.id);
    reply.header('cache-control', 'private, no-cache');
    return reply.type('text/vtt; charset=utf-8').send(greetingCaptions(row.input.message, row.resultSeconds));
  });

  api.get('/api/admin/ai', { schema: { querystring: adminGenerationsQuery, response: { 200: adminGenerationsResponse } } }, async (request, reply) => {
    await requireStaff(deps, request, AI_READ_ROLES);
    reply.header('cache-control', 'no-store');
    return listTries(deps, request.query);
  });

  api.post('/api/admin/ai/:generationId/rerun', { schema: { params: z.object({ generationId: z.uuid(AI_MESSAGES.notFound) }), response: { 202: adminGenerationResponse } } }, async (request, reply) => {
    const { user } = await requireStaff(deps, request, AI_RERUN_ROLES);
    reply.code(202);
    return rerunTry(deps, { id: user.id, record: staffActionRecorder(deps, request, user) }, request.params.generationId);
  });
}

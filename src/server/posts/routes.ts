/**
 * What visitors leave (SPEC.md §7): POST /api/memorials/{id}/candles, /guestbook, /memories and
 * /tributes; the page's posts for the reader; and the administrators' queue, decisions and
 * settings. Who may do what is decided in service.ts.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { memorialIdParams } from '../../shared/memorials-api';
import {
  type PostKind,
  candleBody,
  guestbookBody,
  memoryBody,
  moderateBody,
  moderateResponse,
  moderationQuery,
  moderationResponse,
  post,
  postSettings,
  postSettingsBody,
  postsResponse,
  tributeBody,
} from '../../shared/posts-api';
import { requireUser, sessionToken, userForSession } from '../auth/sessions';
import type { Deps } from '../deps';
import { ensureVisitorHash, visitorHash } from '../lib/visitor';
import { changePostSettings, leavePost, moderate, moderationList, readPostSettings, readPosts } from './service';

/** What one reader sees (their own waiting posts among it): never kept by a shared cache. */
const personal = (reply: FastifyReply) => reply.header('cache-control', 'private, no-store');

const BODIES = { candles: ['candle', candleBody], guestbook: ['guestbook', guestbookBody], memories: ['memory', memoryBody], tributes: ['tribute', tributeBody] } as const;

export function postRoutes(app: FastifyInstance, deps: Deps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const reader = (request: FastifyRequest) => userForSession(deps.db, deps.now(), sessionToken(request));

  for (const [path, [kind, body]] of Object.entries(BODIES)) {
    api.post(`/api/memorials/:id/${path}`, { schema: { params: memorialIdParams, body, response: { 201: post } } }, async (request, reply) => {
      const user = await reader(request);
      const input = request.body as { name?: string; message: string | null; website: string };
      const created = await leavePost(deps, request.params.id, kind as PostKind, input, {
        user: user ? { id: user.id, fullName: user.fullName } : null,
        visitorHash: ensureVisitorHash(deps, request, reply),
        ip: request.ip,
      });
      personal(reply);
      return reply.code(201).send(created);
    });
  }

  api.get('/api/memorials/:id/posts', { schema: { params: memorialIdParams, response: { 200: postsResponse } } }, async (request, reply) => {
    const user = await reader(request);
    personal(reply);
    return readPosts(deps, request.params.id, { userId: user?.id ?? null, visitorHash: visitorHash(request) });
  });

  api.get('/api/memorials/:id/posts/moderation', { schema: { params: memorialIdParams, querystring: moderationQuery, response: { 200: moderationResponse } } }, async (request, reply) => {
    const user = await requireUser(deps, request);
    personal(reply);
    return { posts: await moderationList(deps, request.params.id, user.id, request.query.status) };
  });

  api.post('/api/memorials/:id/posts/moderate', { schema: { params: memorialIdParams, body: moderateBody, response: { 200: moderateResponse } } }, async (request) => {
    const user = await requireUser(deps, request);
    return { changed: await moderate(deps, request.params.id, user.id, request.body.ids, request.body.action) };
  });

  api.get('/api/memorials/:id/post-settings', { schema: { params: memorialIdParams, response: { 200: postSettings } } }, async (request, reply) => {
    const user = await requireUser(deps, request);
    personal(reply);
    return readPostSettings(deps, request.params.id, user.id);
  });

  api.patch('/api/memorials/:id/post-settings', { schema: { params: memorialIdParams, body: postSettingsBody, response: { 200: postSettings } } }, async (request) => {
    const user = await requireUser(deps, request);
    return changePostSettings(deps, request.params.id, user.id, request.body);
  });
}

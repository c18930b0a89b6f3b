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
import { badRequest } from '../lib/errors';
import { cutOffSignal, parserFileLimit } from '../lib/uploads';
import type { IncomingFile } from '../media/service';
import { discard } from './photo';
import { type Poster, changePostSettings, leavePost, moderate, moderationList, readPostSettings, readPosts } from './service';

/** What one reader sees (their own waiting posts among it): never kept by a shared cache. */
const personal = (reply: FastifyReply) => reply.header('cache-control', 'private, no-store');

const BODIES = { candles: ['candle', candleBody], guestbook: ['guestbook', guestbookBody], tributes: ['tribute', tributeBody] } as const;

export function postRoutes(app: FastifyInstance, deps: Deps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const reader = (request: FastifyRequest) => userForSession(deps.db, deps.now(), sessionToken(request));

  const poster = async (request: FastifyRequest, reply: FastifyReply): Promise<Poster> => {
    const user = await reader(request);
    return { user: user ? { id: user.id, fullName: user.fullName } : null, visitorHash: ensureVisitorHash(deps, request, reply), ip: request.ip };
  };

  for (const [path, [kind, body]] of Object.entries(BODIES)) {
    api.post(`/api/memorials/:id/${path}`, { schema: { params: memorialIdParams, body, response: { 201: post } } }, async (request, reply) => {
      const input = request.body as { name?: string; message: string | null; website: string };
      const created = await leavePost(deps, request.params.id, kind as PostKind, input, await poster(request, reply));
      personal(reply);
      return reply.code(201).send(created);
    });
  }

  // A memory: JSON when it is text only, multipart/form-data when a photo comes with it. The body
  // is parsed here rather than by the route's schema, which cannot read a multipart body.
  api.post('/api/memorials/:id/memories', { schema: { params: memorialIdParams, response: { 201: post } } }, async (request, reply) => {
    const send = async (fields: unknown, photo: IncomingFile | null) => {
      const parsed = memoryBody.safeParse(fields);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        throw badRequest(issue.message, issue.path.join('.') || undefined);
      }
      const created = await leavePost(deps, request.params.id, 'memory', { ...parsed.data, photo }, await poster(request, reply));
      personal(reply);
      return reply.code(201).send(created);
    };
    if (!request.isMultipart()) return send(request.body, null);

    // The fields come before the file (the browser sends them in form order), so the words are
    // checked, and the rate limits and the memorial's rules applied, before a byte of the photo is
    // kept.
    const fields: Record<string, string> = {};
    // throwFileSizeLimit is read by parts() too, though its type leaves it out.
    const options = { limits: { fileSize: parserFileLimit(deps.uploadLimits, ['photo']), files: 1, fields: 3, fieldSize: 64 * 1024 }, throwFileSizeLimit: false };
    for await (const part of request.parts(options as Parameters<typeof request.parts>[0])) {
      if (part.type === 'field') {
        if (typeof part.value === 'string' && (part.fieldname === 'name' || part.fieldname === 'message' || part.fieldname === 'website')) fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== 'photo') throw badRequest('Billedet skal sendes i feltet "photo".', 'photo');
      try {
        return await send(fields, { stream: part.file, filename: part.filename, mimetype: part.mimetype, signal: cutOffSignal(request) });
      } catch (error) {
        // Refused before the photo was read (a limit, the memorial's rules): the browser is still
        // sending it, and only reads the answer once it has. What is left is read and dropped.
        await discard(part.file).catch(() => undefined);
        throw error;
      }
    }
    return send(fields, null);
  });

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

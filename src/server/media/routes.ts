/**
 * The gallery calls, and /media/* where the stored files are served (ranges for video, cached for
 * good: a stored name never changes). Photos' files are public to whoever has their unguessable
 * address, like the memorial page's own images in a shared link preview.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { caption as captionSchema, editPhotoBody, mediaIdParams, mediaItemResponse, mediaParams, photoForEditingResponse, updateMediaBody, youtubeMediaBody } from '../../shared/media-api';
import { memorialIdParams } from '../../shared/memorials-api';
import { requireUser } from '../auth/sessions';
import type { Deps } from '../deps';
import { badRequest, notFound } from '../lib/errors';
import { RangeNotSatisfiableError } from '../lib/storage';
import { MAX_UPLOAD_BYTES, addUpload, addYoutube, deleteMedia, editMedia, readPhotoForEditing, updateMedia } from './service';

// A gallery item's files, and a shared memory's photo (memorials/<id>/posts/<photo>/, posts/photo.ts).
const MEDIA_KEY = /^memorials\/[0-9a-f-]{36}\/(?:posts\/)?[0-9a-f-]{36}\/[a-z0-9-]+\.[a-z0-9]+$/;

function parseRange(header: string | undefined): { start: number; end?: number } | undefined | 'invalid' {
  if (!header) return undefined;
  const match = /^bytes=(\d+)-(\d*)$/.exec(header.trim());
  if (!match) return 'invalid';
  const start = Number(match[1]);
  const end = match[2] ? Number(match[2]) : undefined;
  return end !== undefined && end < start ? 'invalid' : { start, end };
}

export function mediaRoutes(app: FastifyInstance, deps: Deps) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post('/api/memorials/:id/media', { schema: { params: memorialIdParams, response: { 201: mediaItemResponse } } }, async (request, reply) => {
    const user = await requireUser(deps, request);
    if (!request.isMultipart()) {
      const body = youtubeMediaBody.safeParse(request.body);
      if (!body.success) throw badRequest('Vælg en fil, eller indsæt et link til en YouTube-video.', 'youtubeUrl');
      reply.code(201);
      return addYoutube(deps, request.params.id, user.id, body.data.youtubeUrl, body.data.caption);
    }
    // Fields before the file (the browser sends them in form order): the caption must come first.
    let caption = '';
    for await (const part of request.parts({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 4 } })) {
      if (part.type === 'field') {
        if (part.fieldname === 'caption') {
          const parsed = captionSchema.safeParse(part.value);
          if (!parsed.success) throw badRequest(parsed.error.issues[0]!.message, 'caption');
          caption = parsed.data;
        }
        continue;
      }
      const item = await addUpload(deps, request.params.id, user.id, { stream: part.file, filename: part.filename, mimetype: part.mimetype }, caption);
      reply.code(201);
      return item;
    }
    throw badRequest('Vælg en fil at uploade.', 'file');
  });

  api.put('/api/memorials/:id/media/:mediaId', { schema: { params: mediaParams, body: updateMediaBody, response: { 200: mediaItemResponse } } }, async (request) => {
    const user = await requireUser(deps, request);
    return updateMedia(deps, request.params.id, request.params.mediaId, user.id, request.body);
  });

  api.post('/api/memorials/:id/media/:mediaId/edit', { schema: { params: mediaParams, body: editPhotoBody, response: { 200: mediaItemResponse } } }, async (request) => {
    const user = await requireUser(deps, request);
    return editMedia(deps, request.params.id, request.params.mediaId, user.id, request.body);
  });

  // /edit-image/{id} has only the photo's id: the memorial is found from it, and only its administrators get an answer.
  api.get('/api/media/:mediaId', { schema: { params: mediaIdParams, response: { 200: photoForEditingResponse } } }, async (request, reply) => {
    const user = await requireUser(deps, request);
    // Who may see it depends on the session: no shared cache may keep it.
    reply.header('cache-control', 'private, no-store');
    return readPhotoForEditing(deps, request.params.mediaId, user.id);
  });

  api.delete('/api/memorials/:id/media/:mediaId', { schema: { params: mediaParams } }, async (request, reply) => {
    const user = await requireUser(deps, request);
    await deleteMedia(deps, request.params.id, request.params.mediaId, user.id);
    return reply.code(204).send();
  });

  app.get('/media/*', async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    if (!MEDIA_KEY.test(key)) throw notFound('Filen findes ikke.');
    const range = parseRange(request.headers.range);
    if (range === 'invalid') return reply.code(416).send({ message: 'Ugyldigt udsnit af filen.' });
    let object;
    try {
      object = await deps.storage.get(key, range);
    } catch (error) {
      if (error instanceof RangeNotSatisfiableError) return reply.code(416).header('content-range', `bytes */${error.totalBytes}`).send({ message: 'Ugyldigt udsnit af filen.' });
      throw error;
    }
    if (!object) throw notFound('Filen findes ikke.');
    reply.header('cache-control', 'public, max-age=31536000, immutable').header('accept-ranges', 'bytes').type(object.contentType);
    if (object.etag) reply.header('etag', object.etag);
    reply.header('content-length', object.bytes);
    if (range) reply.code(206).header('content-range', `bytes ${range.start}-${range.start + object.bytes - 1}/${object.totalBytes}`);
    return reply.send(object.body);
  });
}

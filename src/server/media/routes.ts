/**
 * The gallery calls, and /media/* where the stored files are served (serve.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { caption as captionSchema, editPhotoBody, mediaIdParams, mediaItemResponse, mediaParams, photoForEditingResponse, updateMediaBody, youtubeMediaBody } from '../../shared/media-api';
import { memorialIdParams } from '../../shared/memorials-api';
import { requireUser } from '../auth/sessions';
import type { Deps } from '../deps';
import { badRequest } from '../lib/errors';
import { cutOffSignal, parserFileLimit } from '../lib/uploads';
import { mediaFileRoute } from './serve';
import { addUpload, addYoutube, deleteMedia, editMedia, readPhotoForEditing, updateMedia } from './service';

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
    for await (const part of request.parts({ limits: { fileSize: parserFileLimit(deps.uploadLimits, ['photo', 'video']), files: 1, fields: 4 } })) {
      if (part.type === 'field') {
        if (part.fieldname === 'caption') {
          const parsed = captionSchema.safeParse(part.value);
          if (!parsed.success) throw badRequest(parsed.error.issues[0]!.message, 'caption');
          caption = parsed.data;
        }
        continue;
      }
      const item = await addUpload(deps, request.params.id, user.id, { stream: part.file, filename: part.filename, mimetype: part.mimetype, signal: cutOffSignal(request) }, caption);
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

  mediaFileRoute(app, deps);
}

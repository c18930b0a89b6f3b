/**
 * The music calls (SPEC.md /memorial/{id}/music): the playlist for whoever may see the memorial,
 * and the family's changes. Who may call each is checked in service.ts; the files themselves are
 * served by GET /media/* (media/serve.ts), with ranges.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { memorialIdParams } from '../../shared/memorials-api';
import { MUSIC_MESSAGES } from '../../shared/music';
import { playlistResponse, songNote, songOrderBody, songParams, songResponse, songTitleInput, updateSongBody, youtubeSongBody } from '../../shared/music-api';
import { requireUser, sessionToken, userForSession } from '../auth/sessions';
import type { Deps } from '../deps';
import { badRequest } from '../lib/errors';
import { cutOffSignal, parserFileLimit } from '../lib/uploads';
import { addUploadedSong, addYoutubeSong, deleteSong, readPlaylist, reorderSongs, updateSong } from './service';

export function musicRoutes(app: FastifyInstance, deps: Deps) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/memorials/:id/music', { schema: { params: memorialIdParams, response: { 200: playlistResponse } } }, async (request, reply) => {
    const user = await userForSession(deps.db, deps.now(), sessionToken(request));
    // Who may hear what depends on the session (a private memorial, the family's flags): no shared cache.
    reply.header('cache-control', 'private, no-store');
    return readPlaylist(deps, request.params.id, user?.id ?? null);
  });

  api.post('/api/memorials/:id/music', { schema: { params: memorialIdParams, response: { 201: songResponse } } }, async (request, reply) => {
    const user = await requireUser(deps, request);
    if (!request.isMultipart()) {
      const body = youtubeSongBody.safeParse(request.body);
      if (!body.success) {
        const issue = body.error.issues[0]!;
        const field = issue.path.join('.');
        // Neither a file nor a link: say what the call takes, not that a field is empty.
        const noLink = field === 'youtubeUrl' && !(request.body as { youtubeUrl?: unknown } | null)?.youtubeUrl;
        throw badRequest(noLink ? MUSIC_MESSAGES.chooseFile : issue.message, field || undefined);
      }
      reply.code(201);
      return addYoutubeSong(deps, request.params.id, user.id, body.data);
    }
    // The fields come before the file (the browser sends them in form order).
    const fields = { title: '', note: '' };
    for await (const part of request.parts({ limits: { fileSize: parserFileLimit(deps.uploadLimits, ['audio']), files: 1, fields: 4, fieldSize: 4 * 1024 } })) {
      if (part.type === 'field') {
        if (part.fieldname === 'title' || part.fieldname === 'note') {
          const parsed = (part.fieldname === 'title' ? songTitleInput : songNote).safeParse(part.value);
          if (!parsed.success) throw badRequest(parsed.error.issues[0]!.message, part.fieldname);
          fields[part.fieldname] = parsed.data;
        }
        continue;
      }
      const song = await addUploadedSong(deps, request.params.id, user.id, { stream: part.file, filename: part.filename, mimetype: part.mimetype, signal: cutOffSignal(request) }, fields);
      reply.code(201);
      return song;
    }
    throw badRequest(MUSIC_MESSAGES.chooseFile, 'file');
  });

  // Registered before /:songId; Fastify's router prefers the fixed segment anyway.
  api.put('/api/memorials/:id/music/order', { schema: { params: memorialIdParams, body: songOrderBody, response: { 200: z.object({ songs: z.array(songResponse) }) } } }, async (request) => {
    const user = await requireUser(deps, request);
    return { songs: await reorderSongs(deps, request.params.id, user.id, request.body) };
  });

  api.put('/api/memorials/:id/music/:songId', { schema: { params: songParams, body: updateSongBody, response: { 200: songResponse } } }, async (request) => {
    const user = await requireUser(deps, request);
    return updateSong(deps, request.params.id, request.params.songId, user.id, request.body);
  });

  api.delete('/api/memorials/:id/music/:songId', { schema: { params: songParams } }, async (request, reply) => {
    const user = await requireUser(deps, request);
    await deleteSong(deps, request.params.id, request.params.songId, user.id);
    return reply.code(204).send();
  });
}

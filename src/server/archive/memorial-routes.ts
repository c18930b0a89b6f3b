/**
 * The memorial archive's calls, for the memorial's owner and co-admins (memorial-content.ts): what
 * it will hold and how it is had, the ZIP written as it is sent, the request for a large one made
 * in the background, and that one's download when ready. Making an archive reads every file of the
 * memorial, so one person may ask for only so many in a window.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ARCHIVE_DIRECT_MAX_BYTES, ARCHIVE_MESSAGES, archiveFileName, archiveRequestResponse, archiveSummaryResponse } from '../../shared/memorial-archive';
import { memorialIdParams } from '../../shared/memorials-api';
import { requireUser } from '../auth/sessions';
import type { Deps } from '../deps';
import { HttpError, notFound } from '../lib/errors';
import { readRanged, sendRanged, sendUnsatisfiable } from '../media/ranges';
import { archiveAccess, archiveContent } from './memorial-content';
import { latestArchive, presentArchive, readyArchive, requestArchive } from './memorial-background';
import { archiveFiles } from './memorial-files';
import { memorialArchiveZip, memorialPageUrl } from './memorial-zip';

/** Archives one person may make or fetch per rate-limit window: a family keeping a copy, not a loop. */
export const ARCHIVES_PER_USER = 10;

const attachment = (reply: FastifyReply, filename: string) =>
  reply.header('cache-control', 'private, no-store').header('content-type', 'application/zip').header('content-disposition', `attachment; filename="${filename}"`);

export function memorialArchiveRoutes(app: FastifyInstance, deps: Deps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const limit = (userId: string) => deps.rateLimiter.consume({ key: `memorial-archive:${userId}`, max: ARCHIVES_PER_USER, windowMs: deps.config.RATE_LIMIT_WINDOW_MINUTES * 60_000 });

  api.get('/api/memorials/:id/archive', { schema: { params: memorialIdParams, response: { 200: archiveSummaryResponse } } }, async (request, reply) => {
    const user = await requireUser(deps, request);
    const content = await archiveContent(deps, request.params.id, user.id);
    const { bytes } = archiveFiles(content);
    const latest = await latestArchive(deps.db, content.memorial.id);
    const { media, music } = content.memorial;
    reply.header('cache-control', 'private, no-store');
    return {
      photos: media.filter((item) => item.kind === 'photo').length,
      videos: media.filter((item) => item.kind !== 'photo').length,
      songs: music.length,
      words: content.posts.filter((post) => post.kind !== 'candle').length,
      candles: content.posts.filter((post) => post.kind === 'candle').length,
      bytes,
      delivery: bytes > ARCHIVE_DIRECT_MAX_BYTES ? ('mail' as const) : ('download' as const),
      background: latest ? presentArchive(latest, deps.now()) : null,
    };
  });

  api.get('/api/memorials/:id/archive.zip', { schema: { params: memorialIdParams } }, async (request, reply) => {
    const user = await requireUser(deps, request);
    const content = await archiveContent(deps, request.params.id, user.id);
    if (archiveFiles(content).bytes > ARCHIVE_DIRECT_MAX_BYTES) throw new HttpError(409, ARCHIVE_MESSAGES.tooLargeToDownload);
    await limit(user.id);
    const madeAt = deps.now();
    const zip = memorialArchiveZip(deps, content, { madeAt, pageUrl: memorialPageUrl(deps, content.memorial.slug) });
    zip.once('error', (error) => request.log.error({ err: error, memorialId: content.memorial.id }, 'the memorial archive failed half-way'));
    return attachment(reply, archiveFileName(content.memorial.slug, madeAt)).send(zip);
  });

  api.post('/api/memorials/:id/archive/requests', { schema: { params: memorialIdParams, response: { 202: archiveRequestResponse } } }, async (request, reply) => {
    const user = await requireUser(deps, request);
    await archiveAccess(deps.db, request.params.id, user.id);
    await limit(user.id);
    return reply.code(202).send(await requestArchive(deps, request.params.id, user.id));
  });

  api.get('/api/memorials/:id/archive/ready.zip', { schema: { params: memorialIdParams } }, async (request, reply) => {
    const user = await requireUser(deps, request);
    const { row, slug } = await readyArchive(deps, request.params.id, user.id);
    // Ranges: a download of gigabytes that breaks off is picked up where it stopped.
    const read = await readRanged(deps, row.storageKey, request.headers.range);
    if (read && 'unsatisfiable' in read) return sendUnsatisfiable(reply, read.totalBytes);
    if (!read) throw notFound(ARCHIVE_MESSAGES.notReady);
    return sendRanged(attachment(reply, archiveFileName(slug, row.readyAt!)), read);
  });
}

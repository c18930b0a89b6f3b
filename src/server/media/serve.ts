/**
 * GET /media/*: the stored photos, videos and songs. Ranges for video and sound; cached for good where anyone may
 * see them (a stored name never changes). A private or deleted memorial's files go only to those
 * who may see the memorial itself, never through a shared cache; anyone else gets the same 404 as
 * for a file that does not exist, so an address reveals nothing.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sessionToken, userForSession } from '../auth/sessions';
import type { Deps } from '../deps';
import { HttpError, notFound } from '../lib/errors';
import { findMemorial, visibleOrNotFound } from '../memorials/service';
import { resultShown } from '../ai/published';
import { readRanged, sendRanged, sendUnsatisfiable } from './ranges';

// A gallery item's files, a shared memory's photo (memorials/<id>/posts/<photo>/, posts/photo.ts)
// and a song (memorials/<id>/music/<song>/audio.<ext>, music/service.ts), a family tree's
// photo of a person (memorials/<id>/tree/<photo>/, family-tree/people.ts), and an AI try's file
// (memorials/<id>/ai/<try>/result-<random>.<ext>, and its kept portrait-<random>.jpg, ai/steps.ts).
const MEDIA_KEY = /^memorials\/([0-9a-f-]{36})\/(?:(posts|music|tree|ai)\/)?([0-9a-f-]{36})\/[a-z0-9-]+\.[a-z0-9]+$/;

/** What the upload check (inspect.ts) stores. Anything else in the storage is not ours to send: never a page. */
const SERVABLE = /^(?:image\/(?:jpeg|png|gif|webp|avif|heic|heif)|video\/(?:mp4|quicktime|webm)|audio\/(?:mpeg|mp4|ogg|flac|wav))$/;

const PUBLIC = 'public, max-age=31536000, immutable';
/**
 * For the members of a private memorial (and the administrators of a deleted one): their own
 * browser keeps a file a day, so a gallery looked through twice is not fetched twice; no shared
 * cache keeps it at all.
 */
const MEMBERS_ONLY = 'private, max-age=86400';
const FILE_NOT_FOUND = 'Filen findes ikke.';

/**
 * Whether the reader may have the memorial's files, and so how they may be cached. Public and
 * unlisted memorials are the hot path (a gallery is dozens of files): one reading a second per
 * memorial (recent.ts) and no session look-up. Only a private or deleted memorial asks who reads.
 */
async function access(deps: Deps, request: FastifyRequest, memorialId: string): Promise<'public' | 'members' | null> {
  const found = await deps.recentMemorials.find(memorialId);
  if (!found) return null;
  if (found.row.privacy !== 'private' && !found.row.deletedAt) return 'public';
  const user = await userForSession(deps.db, deps.now(), sessionToken(request));
  if (!user) return null;
  try {
    visibleOrNotFound(await findMemorial(deps.db, memorialId, user.id));
    return 'members';
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 404) return null;
    throw error;
  }
}

/**
 * An AI try's file: once the family has shown it (the greeting on the page, the song in the
 * playlist), as the memorial's other files; before, only to its owner and co-admins, and never
 * through a shared cache.
 */
async function aiResultAccess(deps: Deps, request: FastifyRequest, memorialId: string, generationId: string): Promise<'public' | 'members' | null> {
  const shown = await resultShown(deps.db, memorialId, generationId);
  if (shown === null) return null;
  if (shown) return access(deps, request, memorialId);
  const user = await userForSession(deps.db, deps.now(), sessionToken(request));
  if (!user) return null;
  const found = await findMemorial(deps.db, memorialId, user.id);
  return found?.role === 'owner' || found?.role === 'coadmin' ? 'members' : null;
}

export function mediaFileRoute(app: FastifyInstance, deps: Deps) {
  app.get('/media/*', async (request, reply) => {
    // Every answer, the 404s too: whatever a file holds, a browser shows it as a picture or a
    // video or not at all, never as a page of ours with scripts (a video is kept after a 64-byte
    // sniff, so its bytes are the uploader's). helmet has already set X-Content-Type-Options.
    // Until the reader is known to be allowed, no cache may keep the answer.
    reply.header('content-security-policy', "default-src 'none'; sandbox").header('cache-control', 'private, no-store');
    const key = (request.params as { '*': string })['*'];
    const match = MEDIA_KEY.exec(key);
    if (!match) throw notFound(FILE_NOT_FOUND);
    const allowed = match[2] === 'ai' ? await aiResultAccess(deps, request, match[1]!, match[3]!) : await access(deps, request, match[1]!);
    if (!allowed) throw notFound(FILE_NOT_FOUND);
    const read = await readRanged(deps, key, request.headers.range);
    if (read && 'unsatisfiable' in read) return sendUnsatisfiable(reply, read.totalBytes);
    if (!read) throw notFound(FILE_NOT_FOUND);
    const { object } = read;
    if (!SERVABLE.test(object.contentType)) {
      object.body.resume();
      request.log.error({ key, contentType: object.contentType }, 'a stored media file has a type that is never served');
      throw notFound(FILE_NOT_FOUND);
    }
    reply
      .header('cache-control', allowed === 'public' ? PUBLIC : MEMBERS_ONLY)
      .header('content-disposition', 'inline')
      .type(object.contentType);
    return sendRanged(reply, read);
  });
}

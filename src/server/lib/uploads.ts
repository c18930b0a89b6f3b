/**
 * Streamed multipart uploads (@fastify/multipart), set up once for every call that takes one:
 * the gallery's files (media/routes.ts), a shared memory's photo (posts/routes.ts) and a song (music/routes.ts).
 */
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MEDIA_LIMITS, type UploadKind } from '../../shared/media-limits';
import { badRequest } from './errors';

/** The most bytes an upload of each kind may have. */
export type UploadLimits = Record<UploadKind, number>;

export const UPLOAD_LIMITS: UploadLimits = { photo: MEDIA_LIMITS.photo.maxBytes, video: MEDIA_LIMITS.video.maxBytes, audio: MEDIA_LIMITS.audio.maxBytes };

/**
 * The parser's limit for a call that takes `kinds`: one byte over the largest, so that a file over
 * its limit arrives over it and is refused in Danish (media/inspect.ts checkUploadSize), rather
 * than cut off at the limit, looking whole. (The parser cuts silently: media/service.ts also
 * refuses any file the parser cut.)
 */
export const parserFileLimit = (limits: UploadLimits, kinds: readonly UploadKind[]) => Math.max(...kinds.map((kind) => limits[kind])) + 1;

// RFC 7578: the boundary parameter is required. Without it the parser throws a plain error (a 500).
const BOUNDARY = /;\s*boundary\s*=\s*(?:"[^"]+"|[^\s;]+)/i;

/**
 * Aborted when the request's connection closes before its body has all arrived: the sender went
 * away, or the server's timeouts (app.ts) cut a stalled one off. An upload being received stops
 * at once and lets go of its file, instead of waiting for bytes that will never come.
 */
export function cutOffSignal(request: FastifyRequest): AbortSignal {
  const controller = new AbortController();
  const raw = request.raw;
  // 'close' also comes once a whole body has been read: only an incomplete one is cut off.
  const onClose = () => {
    if (!raw.complete) controller.abort(new Error('the request was closed before its body had arrived'));
  };
  if (raw.destroyed) onClose();
  else raw.once('close', onClose);
  return controller.signal;
}

export async function registerUploads(app: FastifyInstance): Promise<void> {
  // Uploads are streamed (media/service.ts): nothing is held in memory whole.
  await app.register(fastifyMultipart);
  // After the body parser has marked the request as multipart, before any route reads it.
  app.addHook('preValidation', async (request) => {
    if (request.isMultipart() && !BOUNDARY.test(request.headers['content-type'] ?? '')) {
      throw badRequest('Forespørgslen kunne ikke læses: formularen mangler sin afgrænsning (boundary).');
    }
  });
}

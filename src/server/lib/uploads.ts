/**
 * Streamed multipart uploads (@fastify/multipart), set up once for every call that takes one:
 * the gallery's files (media/routes.ts) and a shared memory's photo (posts/routes.ts).
 */
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { MEDIA_LIMITS, type UploadKind } from '../../shared/media-limits';
import { badRequest } from './errors';

/** The most bytes an upload of each kind may have. */
export type UploadLimits = Record<UploadKind, number>;

export const UPLOAD_LIMITS: UploadLimits = { photo: MEDIA_LIMITS.photo.maxBytes, video: MEDIA_LIMITS.video.maxBytes };

/**
 * The parser's limit for a call that takes `kinds`: one byte over the largest, so that a file over
 * its limit arrives over it and is refused in Danish (media/inspect.ts checkUploadSize), rather
 * than cut off at the limit, looking whole. (The parser cuts silently: media/service.ts also
 * refuses any file the parser cut.)
 */
export const parserFileLimit = (limits: UploadLimits, kinds: readonly UploadKind[]) => Math.max(...kinds.map((kind) => limits[kind])) + 1;

// RFC 7578: the boundary parameter is required. Without it the parser throws a plain error (a 500).
const BOUNDARY = /;\s*boundary\s*=\s*(?:"[^"]+"|[^\s;]+)/i;

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

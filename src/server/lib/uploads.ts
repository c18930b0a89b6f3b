/**
 * Streamed multipart uploads (@fastify/multipart), set up once for every call that takes one:
 * the gallery's files (media/routes.ts) and a shared memory's photo (posts/routes.ts).
 */
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors';

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

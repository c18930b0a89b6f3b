/**
 * The memorial book calls: what the book will hold (for the edit page) and the PDF itself, both
 * for the memorial's owner and co-admins only (content.ts). The PDF is streamed as it is made;
 * making one costs seconds of image work, so one person may ask for only so many in a window.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { bookFileName, bookQuery, bookSummaryResponse } from '../../shared/memorial-book';
import { memorialIdParams } from '../../shared/memorials-api';
import { requireUser } from '../auth/sessions';
import type { Deps } from '../deps';
import { bookContent, bookSummary } from './content';
import { openBook, writeBook } from './pdf';
import type { Pace } from './photos';

/** Books one person may make per rate-limit window: a family trying choices, not a loop. */
export const BOOKS_PER_USER = 20;
/** PDF bytes made but not yet taken by the reader, before the next photo waits for it. */
const AHEAD_BYTES = 4 * 1024 * 1024;

const personal = (reply: FastifyReply) => reply.header('cache-control', 'private, no-store');

export function bookRoutes(app: FastifyInstance, deps: Deps) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/memorials/:id/book', { schema: { params: memorialIdParams, response: { 200: bookSummaryResponse } } }, async (request, reply) => {
    const user = await requireUser(deps, request);
    personal(reply);
    return bookSummary(deps.db, request.params.id, user.id);
  });

  api.get('/api/memorials/:id/book.pdf', { schema: { params: memorialIdParams, querystring: bookQuery } }, async (request, reply) => {
    const user = await requireUser(deps, request);
    const content = await bookContent(deps.db, request.params.id, user.id, request.query.photos);
    await deps.rateLimiter.consume({ key: `memorial-book:${user.id}`, max: BOOKS_PER_USER, windowMs: deps.config.RATE_LIMIT_WINDOW_MINUTES * 60_000 });
    const doc = openBook(content, deps.now());
    let gone = false;
    reply.raw.once('close', () => {
      gone = !reply.raw.writableFinished;
    });
    const pace: Pace = {
      gone: () => gone,
      async caughtUp() {
        while (!gone && doc.readableLength > AHEAD_BYTES) await sleep(20);
      },
    };
    writeBook(doc, deps.storage, content, pace).catch((error: unknown) => {
      // The answer has begun: all that is left is to cut it short, so the file is not taken for whole.
      request.log.error({ err: error, memorialId: content.memorial.id }, 'the memorial book failed half-way');
      doc.destroy(error instanceof Error ? error : new Error(String(error)));
    });
    personal(reply)
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${bookFileName(content.memorial.slug)}"`);
    return reply.send(doc);
  });
}

/**
 * What reaches a handler is text the database can store, and a request the framework could not
 * read is answered like every other error: `{ message }` in Danish (ARCHITECTURE.md).
 *
 * One check for every call rather than one in each schema: the path's parameters, the query and
 * the parsed body (JSON or text) are looked at before validation, and multipart text fields as a
 * handler reads them. See shared/text.ts for why a NUL and a lone surrogate are refused.
 */
import type { Socket } from 'node:net';
import { Transform } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { UNCLEAN_TEXT_MESSAGE, hasUncleanText, isCleanText } from '../../shared/text';
import { HttpError, badRequest } from './errors';

/** A JSON body in another charset (415), or with bytes that are not UTF-8 (400). */
export const NOT_UTF8_MESSAGE = 'Teksten kunne ikke læses: den skal sendes som UTF-8.';
const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

export const SERVER_ERROR_MESSAGE = 'Der skete en fejl på serveren. Prøv igen om lidt.';
/** Answered with 503 while the bucket or PostgreSQL cannot be reached (app.ts's error handler). */
export const STORAGE_UNAVAILABLE_MESSAGE = 'Billeder og filer kan ikke gemmes eller hentes lige nu. Prøv igen om lidt.';
export const DATABASE_UNAVAILABLE_MESSAGE = 'Mindested kan ikke nå sine data lige nu. Prøv igen om lidt.';

export function refuseUncleanInput(app: FastifyInstance) {
  // JSON is UTF-8 (RFC 8259), and Fastify decodes every body as UTF-8, turning bytes that are not
  // into U+FFFD: a body in another charset, or with broken bytes, would be kept with its letters
  // replaced ("Søren" as "S�ren"). It is refused instead, as the bytes arrive, before any parsing.
  app.addHook('preParsing', async (request, _reply, payload) => {
    const type = request.headers['content-type'];
    // A GET's or HEAD's body is never read.
    if (!type || !JSON_TYPE.test(type) || request.method === 'GET' || request.method === 'HEAD') return payload;
    const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(type)?.[1];
    if (charset && !/^utf-?8$/i.test(charset)) throw new HttpError(415, NOT_UTF8_MESSAGE);
    return payload.pipe(utf8Only());
  });
  app.addHook('preValidation', async (request) => {
    if (hasUncleanText(request.params) || hasUncleanText(request.query) || hasUncleanText(request.body)) throw badRequest(UNCLEAN_TEXT_MESSAGE);
    // @fastify/multipart hands a multipart body to the handler as it streams in, so its text
    // fields are checked on their way out of request.parts(), for every route that reads one.
    // (isMultipart() is known once the body's parser has run, hence here and not onRequest.)
    if (request.isMultipart()) {
      const parts = request.parts.bind(request);
      request.parts = (options) => checkedFields(parts(options));
    }
  });
}

/** Passes the bytes on as they come, and fails with a 400 at the first that is not UTF-8. */
function utf8Only(): Transform & { receivedEncodedLength: number } {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      // Fastify compares what arrived with Content-Length through this count.
      stream.receivedEncodedLength += chunk.length;
      try {
        decoder.decode(chunk, { stream: true });
        done(null, chunk);
      } catch {
        done(badRequest(NOT_UTF8_MESSAGE));
      }
    },
    flush(done) {
      try {
        decoder.decode();
        done();
      } catch {
        done(badRequest(NOT_UTF8_MESSAGE));
      }
    },
  }) as Transform & { receivedEncodedLength: number };
  stream.receivedEncodedLength = 0;
  return stream;
}

async function* checkedFields<T extends { type: string; fieldname: string; value?: unknown }>(parts: AsyncIterableIterator<T>): AsyncIterableIterator<T> {
  for await (const part of parts) {
    if (!isCleanText(part.fieldname) || (part.type === 'field' && hasUncleanText(part.value))) throw badRequest(UNCLEAN_TEXT_MESSAGE);
    yield part;
  }
}

/**
 * Fastify's `frameworkErrors`: an address its router cannot decode (a broken %-escape: 400) or
 * with a parameter over its length limit (414). Fastify's own body for these is English.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode ?? 500;
  const message = status === 414 ? 'Adressen er for lang.' : status < 500 ? 'Adressen er ugyldig.' : SERVER_ERROR_MESSAGE;
  return reply.code(status).send({ message });
}

/**
 * Fastify's `clientErrorHandler`: Node's HTTP parser could not read the request (a broken header,
 * a Content-Length that is not a number, headers too large, too slow). Written straight onto the
 * socket, as Fastify's own default does, since there is no request to answer.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'Request Timeout', 'Forespørgslen tog for lang tid.']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large', 'Forespørgslens headere er for store.']
        : [400, 'Bad Request', 'Forespørgslen kunne ikke læses.'];
  const body = JSON.stringify({ message });
  if (socket.writable) {
    socket.write(`HTTP/1.1 ${status} ${reason}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`);
  }
  socket.destroy(error);
}

/**
 * The HTML of /memorial/{key}, /classic-memorial/{key} and /enhanced-memorial/{key}: for a visitor
 * the page made once per version of the memorial (page-cache.ts, docs/decisions/0009), for a
 * signed-in reader a page made for them (a private memorial for its members only). A key that is
 * a QR code costs a code look-up (docs/decisions/0021). Visits are counted here (stats/visits.ts).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sessionToken, userForSession } from '../auth/sessions';
import type { ClientHtml } from '../client-html';
import type { Deps } from '../deps';
import { HttpError } from '../lib/errors';
import { countIfCode } from '../qr/lookup-limit';
import { countsAsVisit } from '../stats/visits';
import { type MemorialPageCache, chooseEncoding } from './page-cache';
import { memorialPageHead } from './page-head';

const HTML = 'text/html; charset=utf-8';

export function memorialPageRoute(deps: Deps, clientHtml: ClientHtml, pages: MemorialPageCache) {
  return async function serveMemorialPage(request: FastifyRequest, reply: FastifyReply, pathname: string, key: string) {
    const refused = await countIfCode(deps, request, key).then(
      () => null,
      (error: unknown) => (error instanceof HttpError && error.statusCode === 429 ? error : Promise.reject(error)),
    );
    // Over the look-up limit a browser still gets the app, which asks for the memorial and shows
    // the same refusal in Danish with a way to try again, not a bare JSON body.
    if (refused) return reply.code(429).header('retry-after', String(refused.extra.retryAfterSeconds)).header('cache-control', 'no-store').type(HTML).send(clientHtml.forPath(pathname));
    // Written for the reader (a private memorial for its members only): never shared by a cache.
    reply.header('cache-control', 'private, no-cache').header('vary', 'accept-encoding, cookie');
    const token = sessionToken(request);
    const user = token ? await userForSession(deps.db, deps.now(), token) : null;
    if (!user) {
      const page = await pages.forVisitor(pathname, key, chooseEncoding(request.headers['accept-encoding']));
      if (page.encoding !== 'identity') reply.header('content-encoding', page.encoding);
      if (page.memorialId && countsAsVisit(request)) deps.stats.visited(page.memorialId);
      return reply.code(page.status).type(HTML).send(page.body);
    }
    const { status, head, memorial } = await memorialPageHead(deps, key, user.id);
    // The family's own visits are not what its statistics are for.
    if (status === 200 && memorial && !memorial.viewer.canEdit && countsAsVisit(request)) deps.stats.visited(memorial.id);
    return reply.code(status).type(HTML).send(clientHtml.withHead(head));
  };
}

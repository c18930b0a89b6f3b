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
import { whereFormerAddressLeads } from './addresses';
import { memorialPageHead, missingPageHead } from './page-head';

const HTML = 'text/html; charset=utf-8';
/**
 * Tells the service worker (client/public/sw.js) it may keep this page to open without a network,
 * for a visitor in a cemetery with no signal: a memorial anyone with its address may read. A
 * private memorial's page is never kept, so it does not outlive a member's sign-out on a shared phone.
 */
const OFFLINE = 'x-mindested-offline';

/**
 * The page's address with the memorial's address of today in place of the one it had: the same
 * page (/memorial, /classic-memorial, /enhanced-memorial). Moved permanently (301), so search
 * engines carry the old address's standing over; the redirect itself is not cached (the
 * cache-control above), since the family may take the old address back one day.
 */
const movedPath = (pathname: string, slug: string) => `${pathname.replace(/\/[^/]+\/?$/, '')}/${encodeURIComponent(slug)}`;

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
      const encoding = chooseEncoding(request.headers['accept-encoding']);
      let page = await pages.forVisitor(pathname, key, encoding);
      if (page.status === 404) {
        const leads = await whereFormerAddressLeads(deps.db, decodeURIComponent(key), null);
        if (leads && 'movedTo' in leads) return reply.redirect(movedPath(pathname, leads.movedTo), 301);
        if (leads) page = await pages.missing(410, encoding);
      }
      if (page.encoding !== 'identity') reply.header('content-encoding', page.encoding);
      if (page.memorialId && countsAsVisit(request)) deps.stats.visited(page.memorialId);
      if (page.status === 200) reply.header(OFFLINE, 'keep');
      return reply.code(page.status).type(HTML).send(page.body);
    }
    const found = await memorialPageHead(deps, key, user.id);
    const { memorial } = found;
    let { status, head } = found;
    if (status === 404) {
      const leads = await whereFormerAddressLeads(deps.db, decodeURIComponent(key), user.id);
      if (leads && 'movedTo' in leads) return reply.redirect(movedPath(pathname, leads.movedTo), 301);
      if (leads) ({ status, head } = missingPageHead(410));
    }
    // The family's own visits are not what its statistics are for.
    if (status === 200 && memorial && !memorial.viewer.canEdit && countsAsVisit(request)) deps.stats.visited(memorial.id);
    if (status === 200 && memorial && memorial.privacy !== 'private') reply.header(OFFLINE, 'keep');
    return reply.code(status).type(HTML).send(clientHtml.withHead(head));
  };
}

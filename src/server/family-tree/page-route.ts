/**
 * The HTML of /family-tree/{key} for a visitor: the page drawn by the server around the close
 * family of the person in focus, with that family written in (shared/family-tree-api.ts
 * InlineFamilyTree), so a phone at the grave paints the names from the first response and the app
 * takes the page over when the visitor reaches for it (docs/decisions/0012, 0032). A signed-in
 * reader gets the app, which draws the page itself (the family's buttons depend on who reads).
 * Never indexed: a family tree names the living.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { FAMILY_TREE_DATA_ELEMENT_ID, type InlineFamilyTree } from '../../shared/family-tree-api';
import { sessionToken, userForSession } from '../auth/sessions';
import { type ClientHtml, type PageHead, metaTag } from '../client-html';
import type { Deps } from '../deps';
import { HttpError } from '../lib/errors';
import { whereFormerAddressLeads } from '../memorials/addresses';
import { MEMORIAL_DELETED, UUID, findMemorial } from '../memorials/service';
import { countIfCode } from '../qr/lookup-limit';
import { readCloseFamily } from './read';

/** /family-tree/{key}: the memorial by id, slug or code, like /memorial/{key}. */
export const FAMILY_TREE_PAGE = /^\/family-tree\/([^/]+)\/?$/;

const HTML = 'text/html; charset=utf-8';
const NOINDEX = metaTag('name', 'robots', 'noindex');

export function familyTreePageRoute(deps: Deps, clientHtml: ClientHtml) {
  return async function serveFamilyTreePage(request: FastifyRequest, reply: FastifyReply, pathname: string, key: string) {
    // A tree asked for by a stone's code is a look-up of the code like any other (qr/lookup-limit.ts).
    // Over the limit a browser still gets the app, which shows the refusal in Danish.
    const refused = await countIfCode(deps, request, decodeURIComponent(key)).then(
      () => null,
      (error: unknown) => (error instanceof HttpError && error.statusCode === 429 ? error : Promise.reject(error)),
    );
    if (refused) return reply.code(429).header('retry-after', String(refused.extra.retryAfterSeconds)).header('cache-control', 'no-store').type(HTML).send(clientHtml.forPath(pathname));
    // Written for the reader: never shared by a cache.
    reply.header('cache-control', 'private, no-cache').header('vary', 'accept-encoding, cookie');
    const token = sessionToken(request);
    const user = token ? await userForSession(deps.db, deps.now(), token) : null;
    const memorial = decodeURIComponent(key);
    const asked = new URL(request.url, 'http://page').searchParams.get('person');
    const person = asked && UUID.test(asked) ? asked.toLowerCase() : null;
    const moved = (slug: string) => reply.redirect(`/family-tree/${encodeURIComponent(slug)}${person ? `?person=${person}` : ''}`, 301);
    if (user || !clientHtml.renderFamilyTree) {
      // The family, too, is led from an address the memorial had before to today's (decision 0034).
      if (user && !(await findMemorial(deps.db, memorial, user.id))) {
        const leads = await whereFormerAddressLeads(deps.db, memorial, user.id);
        if (leads && 'movedTo' in leads) return moved(leads.movedTo);
      }
      return reply.type(HTML).send(clientHtml.forPath(pathname));
    }

    let tree: InlineFamilyTree;
    try {
      tree = { memorial, person, close: await readCloseFamily(deps, memorial, null, person ?? undefined) };
    } catch (error) {
      if (!(error instanceof HttpError) || (error.statusCode !== 404 && error.statusCode !== 410)) throw error;
      // An address the memorial had before leads to its tree at today's address (decision 0034).
      const leads = error.statusCode === 404 ? await whereFormerAddressLeads(deps.db, memorial, null) : null;
      if (leads && 'movedTo' in leads) return moved(leads.movedTo);
      const gone = error.statusCode === 410 || leads !== null;
      // The app asks for itself and says why in Danish; the status says it to everyone else.
      const head: PageHead = gone
        ? { title: 'Mindesiden er slettet – Mindested', description: MEMORIAL_DELETED, tags: [NOINDEX] }
        : { title: 'Stamtræet findes ikke – Mindested', description: error.message, tags: [NOINDEX] };
      return reply.code(gone ? 410 : 404).type(HTML).send(clientHtml.withHead(head));
    }
    const name = tree.close.memorial.name;
    const head: PageHead = {
      title: `Stamtræ – ${name} – Mindested`,
      description: `${name}s familie: forældre, partnere, søskende og børn.`,
      tags: [NOINDEX],
      data: { elementId: FAMILY_TREE_DATA_ELEMENT_ID, value: tree },
    };
    const body = await clientHtml.renderFamilyTree(`${pathname}${person ? `?person=${person}` : ''}`, tree);
    return reply.type(HTML).send(clientHtml.withHead(head, { pathname, body }));
  };
}

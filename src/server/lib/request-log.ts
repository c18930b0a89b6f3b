/**
 * What the log keeps of a request: its method and address, not the caller's IP address (/privacy
 * promises that an address is kept only while a rate limit needs it) and not a working link's
 * token (a reset, set-up, invitation, decision or deletion link in a log file would still open).
 */
import type { FastifyRequest } from 'fastify';

/** Pages whose address carries a single-use token (the app's routes.tsx, and e-mails). */
const TOKEN_PAGE = /^\/(reset-password|setup|invitation|login|post-decision|unsubscribe|support\/reply|gdpr-data-request\/slet)\/[^/?#]+/;

export function requestForLog(request: FastifyRequest): { method: string; url: string } {
  // An API route names its token a parameter: the route's own pattern says all that is needed.
  const pattern = request.routeOptions?.url;
  const url = pattern?.includes(':token') ? pattern : request.url.replace(TOKEN_PAGE, '/$1/:token');
  return { method: request.method, url };
}

/**
 * Which requests for a memorial page count as a visit: a browser asking for the page itself. Not
 * a HEAD, not a link preview or search engine that says what it is, not a page the browser only
 * fetches in case it is opened (speculative prefetch). The page's own API calls never reach here.
 */
import type { FastifyRequest } from 'fastify';
import { isbot } from 'isbot';

export function countsAsVisit(request: FastifyRequest): boolean {
  if (request.method !== 'GET') return false;
  const agent = request.headers['user-agent'];
  // Crawlers, link previews (WhatsApp, Messenger, Slack, iMessage …) and headless browsers, by
  // isbot's maintained list: a hand-kept pattern falls behind every new app that unfurls links.
  if (!agent || isbot(agent)) return false;
  const purpose = request.headers['sec-purpose'] ?? request.headers.purpose;
  return !(typeof purpose === 'string' && purpose.includes('prefetch'));
}

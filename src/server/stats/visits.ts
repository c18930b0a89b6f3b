/**
 * Which requests for a memorial page count as a visit: a browser asking for the page itself. Not
 * a HEAD, not a link preview or search engine that says what it is, not a page the browser only
 * fetches in case it is opened (speculative prefetch). The page's own API calls never reach here.
 */
import type { FastifyRequest } from 'fastify';

/** What crawlers and link-preview fetchers (Facebook, Slack, iMessage…) put in their user-agent. */
const NOT_A_PERSON = /bot|crawl|spider|slurp|facebookexternalhit|embedly|preview/i;

export function countsAsVisit(request: FastifyRequest): boolean {
  if (request.method !== 'GET') return false;
  const agent = request.headers['user-agent'];
  if (!agent || NOT_A_PERSON.test(agent)) return false;
  const purpose = request.headers['sec-purpose'] ?? request.headers.purpose;
  return !(typeof purpose === 'string' && purpose.includes('prefetch'));
}

/**
 * Who may read GET /metrics: a scraper on the same machine, or one that shows METRICS_TOKEN.
 *
 * "The same machine" is the connection's own peer address, never request.ip: with TRUST_PROXY set
 * that is read from X-Forwarded-For, which a client writes. And a request that came through a proxy
 * (one on this machine connects from loopback too) carries forwarding headers, so any of them
 * refuses the loopback way in: only a token lets a request from outside through.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'];

export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  return address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');
}

/** Compared as digests: equal lengths for timingSafeEqual, and no timing that tells how much matched. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

export function mayScrape(request: FastifyRequest, token: string | undefined): boolean {
  const authorization = request.headers.authorization;
  const bearer = authorization ? /^Bearer\s+(\S+)\s*$/i.exec(authorization)?.[1] : undefined;
  if (token && bearer && sameSecret(bearer, token)) return true;
  const forwarded = FORWARDING_HEADERS.some((name) => request.headers[name] !== undefined);
  return !forwarded && isLoopback(request.socket.remoteAddress);
}

/**
 * A browser's visitor id: a random token in an HttpOnly cookie, stored only as a hash. It ties a
 * browser's consent records together (consent/), and lets a visitor without an account see their
 * own candle or greeting while it waits for approval (posts/). Made on the first of those.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CONSENT_VALIDITY_MONTHS } from '../../shared/consent';
import { VISITOR_COOKIE } from '../../shared/constants';
import { hashToken, newToken } from './tokens';

const VISITOR_COOKIE_MAX_AGE_S = Math.round((CONSENT_VALIDITY_MONTHS * 365.25 * 24 * 60 * 60) / 12);
const WELL_FORMED = /^[\w-]{43}$/;

/** The hash of this browser's visitor id, or null when it has none (nothing is made). */
export function visitorHash(request: FastifyRequest): string | null {
  const existing = request.cookies[VISITOR_COOKIE];
  return existing && WELL_FORMED.test(existing) ? hashToken(existing) : null;
}

/** The hash of this browser's visitor id, made and set as a cookie when it has none. */
export function ensureVisitorHash(deps: { randomBytes: (size: number) => Uint8Array }, request: FastifyRequest, reply: FastifyReply): string {
  const existing = visitorHash(request);
  if (existing) return existing;
  const id = newToken(deps.randomBytes);
  reply.setCookie(VISITOR_COOKIE, id, {
    path: '/api',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: VISITOR_COOKIE_MAX_AGE_S,
  });
  return hashToken(id);
}

/**
 * POST /api/gdpr/consent: one record per purpose the banner posts (SPEC.md §7). Anyone may call
 * it, signed in or not; the record belongs to the account when there is one and always to the
 * browser's visitor id.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CONSENT_VALIDITY_MONTHS } from '../../shared/consent';
import { consentBody, consentResponse } from '../../shared/consent-api';
import { VISITOR_COOKIE } from '../../shared/constants';
import { sessionToken, userForSession } from '../auth/sessions';
import { consentRecords } from '../db/schema';
import type { Deps } from '../deps';
import { hashToken, newToken } from '../lib/tokens';

const VISITOR_COOKIE_MAX_AGE_S = Math.round((CONSENT_VALIDITY_MONTHS * 365.25 * 24 * 60 * 60) / 12);

/** The browser's visitor id, made and set as a cookie on its first consent. */
function visitorId(deps: Deps, request: FastifyRequest, reply: FastifyReply): string {
  const existing = request.cookies[VISITOR_COOKIE];
  if (existing && /^[\w-]{43}$/.test(existing)) return existing;
  const id = newToken(deps.randomBytes);
  reply.setCookie(VISITOR_COOKIE, id, {
    path: '/api/gdpr',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    maxAge: VISITOR_COOKIE_MAX_AGE_S,
  });
  return id;
}

export function consentRoutes(app: FastifyInstance, deps: Deps) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post('/api/gdpr/consent', { schema: { body: consentBody, response: { 201: consentResponse } } }, async (request, reply) => {
    // Five calls per save; a generous limit that still keeps a script from filling the table.
    await deps.rateLimiter.consume({
      key: `consent-ip:${request.ip}`,
      max: deps.config.RATE_LIMIT_CONSENT_PER_IP,
      windowMs: deps.config.RATE_LIMIT_WINDOW_MINUTES * 60_000,
    });
    const user = await userForSession(deps.db, deps.now(), sessionToken(request));
    const visitor = visitorId(deps, request, reply);
    const [record] = await deps.db
      .insert(consentRecords)
      .values({ ...request.body, userId: user?.id ?? null, visitorHash: hashToken(visitor), recordedAt: deps.now() })
      .returning({ id: consentRecords.id, recordedAt: consentRecords.recordedAt });
    reply.code(201);
    return { id: record!.id, recordedAt: record!.recordedAt.toISOString() };
  });
}

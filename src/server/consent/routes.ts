/**
 * POST /api/gdpr/consent: one record per purpose the banner posts (SPEC.md §7). Anyone may call
 * it, signed in or not; the record belongs to the account when there is one and always to the
 * browser's visitor id.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { consentBody, consentResponse } from '../../shared/consent-api';
import { sessionToken, userForSession } from '../auth/sessions';
import { consentRecords } from '../db/schema';
import type { Deps } from '../deps';
import { ensureVisitorHash } from '../lib/visitor';

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
    const visitorHash = ensureVisitorHash(deps, request, reply);
    const [record] = await deps.db
      .insert(consentRecords)
      .values({ ...request.body, userId: user?.id ?? null, visitorHash, recordedAt: deps.now() })
      .returning({ id: consentRecords.id, recordedAt: consentRecords.recordedAt });
    reply.code(201);
    return { id: record!.id, recordedAt: record!.recordedAt.toISOString() };
  });
}

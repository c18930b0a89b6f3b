/**
 * /gdpr-data-request's calls (issue 26): a signed-in person downloads everything we hold about
 * them (personal-data.ts). Made anew on every download from every table, so a day's downloads are
 * limited per account; the answer is the person's alone and no cache keeps it.
 */
import type { FastifyInstance } from 'fastify';
import { PERSONAL_DATA_PER_DAY, PERSONAL_DATA_URL } from '../../shared/personal-data';
import { requireUser } from '../auth/sessions';
import type { Deps } from '../deps';
import { personalDataZip } from './personal-data';

const DAY_MS = 24 * 60 * 60_000;

export function privacyRoutes(app: FastifyInstance, deps: Deps) {
  app.get(PERSONAL_DATA_URL, async (request, reply) => {
    const user = await requireUser(deps, request);
    await deps.rateLimiter.consume({ key: `personal-data:${user.id}`, max: PERSONAL_DATA_PER_DAY, windowMs: DAY_MS });
    const filename = `mindested-mine-data-${deps.now().toISOString().slice(0, 10)}.zip`;
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', `attachment; filename="${filename}"`)
      .header('cache-control', 'private, no-store')
      .send(personalDataZip(deps, user.id));
  });
}

/**
 * /gdpr-data-request's calls (issue 26): a signed-in person downloads everything we hold about
 * them (personal-data.ts), or deletes their account (account-deletion.ts): the plan, the request
 * that e-mails the confirming link, what the link will do, and doing it. Every answer is the
 * person's alone and no cache keeps it.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ACCOUNT_DELETION_URL,
  DELETION_REQUESTS_PER_DAY,
  deletionPlan as deletionPlanResponse,
  deletionPreview,
  deletionReceipt,
  deletionRequestBody,
  deletionRequestSent,
} from '../../shared/account-deletion';
import { PERSONAL_DATA_PER_DAY, PERSONAL_DATA_URL } from '../../shared/personal-data';
import { clearSessionCookie, requireUser } from '../auth/sessions';
import type { Deps } from '../deps';
import { confirmDeletion, deletionPlan, previewDeletion, requestDeletion } from './account-deletion';
import { personalDataZip } from './personal-data';

const DAY_MS = 24 * 60 * 60_000;
const personal = (reply: FastifyReply) => reply.header('cache-control', 'private, no-store');
const tokenParams = z.object({ token: z.string().min(1).max(100) });

export function privacyRoutes(app: FastifyInstance, deps: Deps) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  app.get(PERSONAL_DATA_URL, async (request, reply) => {
    const user = await requireUser(deps, request);
    await deps.rateLimiter.consume({ key: `personal-data:${user.id}`, max: PERSONAL_DATA_PER_DAY, windowMs: DAY_MS });
    const filename = `mindested-mine-data-${deps.now().toISOString().slice(0, 10)}.zip`;
    personal(reply);
    return reply.header('content-type', 'application/zip').header('content-disposition', `attachment; filename="${filename}"`).send(personalDataZip(deps, user.id));
  });

  api.get(ACCOUNT_DELETION_URL, { schema: { response: { 200: deletionPlanResponse } } }, async (request, reply) => {
    const user = await requireUser(deps, request);
    personal(reply);
    return deletionPlan(deps, user);
  });

  // Each request sends an e-mail: a day's few are plenty for a person who changes their mind.
  api.post(ACCOUNT_DELETION_URL, { schema: { body: deletionRequestBody, response: { 202: deletionRequestSent } } }, async (request, reply) => {
    const user = await requireUser(deps, request);
    await deps.rateLimiter.consume({ key: `account-deletion:${user.id}`, max: DELETION_REQUESTS_PER_DAY, windowMs: DAY_MS });
    personal(reply);
    return reply.status(202).send(await requestDeletion(deps, user, request.body));
  });

  api.get(`${ACCOUNT_DELETION_URL}/:token`, { schema: { params: tokenParams, response: { 200: deletionPreview } } }, async (request, reply) => {
    const user = await requireUser(deps, request);
    personal(reply);
    return previewDeletion(deps, user, request.params.token);
  });

  api.post(`${ACCOUNT_DELETION_URL}/:token`, { schema: { params: tokenParams, response: { 200: deletionReceipt } } }, async (request, reply) => {
    const user = await requireUser(deps, request);
    const receipt = await confirmDeletion(deps, user, request.params.token);
    // Every session of the account went with it; the browser lets go of its cookie too.
    clearSessionCookie(request, reply);
    personal(reply);
    return receipt;
  });
}

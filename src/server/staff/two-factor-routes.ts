/** The two-factor calls (SPEC.md §7); the rules are in two-factor.ts. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  twoFactorConfirmBody,
  twoFactorConfirmResponse,
  twoFactorSetupResponse,
  twoFactorStatusResponse,
  twoFactorVerifyBody,
} from '../../shared/staff';
import type { Deps } from '../deps';
import { ANY_STAFF, requireStaff } from './guard';
import { createSecretBox, twoFactorKey } from './secret-box';
import { confirmSetUp, resetTwoFactor, startSetUp, twoFactorStatus, verifySession } from './two-factor';

const userParams = z.object({ id: z.uuid('Ugyldigt id.') });

export function twoFactorRoutes(app: FastifyInstance, deps: Deps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const rules = { ...deps, box: createSecretBox(twoFactorKey(deps.config, deps.randomBytes), deps.randomBytes) };
  // Reachable before the second factor: these are how a staff member passes it.
  const owing = { beforeTwoFactor: true } as const;
  const personal = { 'cache-control': 'no-store' };

  api.get('/api/admin/two-factor-verification-status', { schema: { response: { 200: twoFactorStatusResponse } } }, async (request, reply) => {
    const caller = await requireStaff(deps, request, ANY_STAFF, owing);
    reply.headers(personal);
    return twoFactorStatus(deps, caller);
  });

  api.post('/api/admin/two-factor-setup', { schema: { response: { 200: twoFactorSetupResponse } } }, async (request, reply) => {
    const caller = await requireStaff(deps, request, ANY_STAFF, owing);
    reply.headers(personal);
    return startSetUp(rules, caller);
  });

  api.post('/api/admin/two-factor-setup/confirm', { schema: { body: twoFactorConfirmBody, response: { 200: twoFactorConfirmResponse } } }, async (request, reply) => {
    const caller = await requireStaff(deps, request, ANY_STAFF, owing);
    reply.headers(personal);
    return { recoveryCodes: await confirmSetUp(rules, caller, request, request.body) };
  });

  api.post('/api/admin/two-factor-verification', { schema: { body: twoFactorVerifyBody } }, async (request, reply) => {
    const caller = await requireStaff(deps, request, ANY_STAFF, owing);
    await verifySession(rules, caller, request, request.body.code);
    return reply.code(204).send();
  });

  api.post('/api/admin/users/:id/two-factor-reset', { schema: { params: userParams } }, async (request, reply) => {
    const caller = await requireStaff(deps, request, ['admin']);
    await resetTwoFactor(deps, caller, request, request.params.id);
    return reply.code(204).send();
  });
}

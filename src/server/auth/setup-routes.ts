/** E-mail registration with a QR code and the setup link it sends (account-setup.ts). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SETUP_REQUESTED, accountSetupBody, accountSetupResponse, qrEmailRegisterBody, setupTokenParams } from '../../shared/account-setup';
import { loginResponse, messageResponse } from '../../shared/auth';
import type { Deps } from '../deps';
import { completeAccountSetup, readAccountSetup, requestAccountSetup } from './account-setup';
import { presentUser } from './service';
import { destroySession, sessionToken, setSessionCookie } from './sessions';

export function accountSetupRoutes(app: FastifyInstance, deps: Deps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const windowMs = deps.config.RATE_LIMIT_WINDOW_MINUTES * 60_000;

  api.post('/api/qr-email-register', { schema: { body: qrEmailRegisterBody, response: { 200: messageResponse } } }, async (request) => {
    await deps.rateLimiter.consume({ key: `register-ip:${request.ip}`, max: deps.config.RATE_LIMIT_REGISTER_PER_IP, windowMs });
    // One address is sent at most a few links per window, whoever asks.
    await deps.rateLimiter.consume({ key: `setup-mail:${request.body.email}`, max: 3, windowMs });
    await requestAccountSetup(deps, request.body);
    return { message: SETUP_REQUESTED };
  });

  api.get('/api/setup/:token', { schema: { params: setupTokenParams, response: { 200: accountSetupResponse } } }, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return readAccountSetup(deps, request.params.token);
  });

  api.post('/api/setup', { schema: { body: accountSetupBody, response: { 201: loginResponse } } }, async (request, reply) => {
    await deps.rateLimiter.consume({ key: `register-ip:${request.ip}`, max: deps.config.RATE_LIMIT_REGISTER_PER_IP, windowMs });
    const { user, session, qrCodeLinked } = await completeAccountSetup(deps, request.body);
    // The new account takes over this browser; a refused link leaves its session be.
    await destroySession(deps.db, sessionToken(request));
    setSessionCookie(request, reply, session);
    reply.code(201);
    return { ...presentUser(user), qrCodeLinked };
  });
}

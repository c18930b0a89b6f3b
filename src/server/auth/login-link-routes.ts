/**
 * The public side of one-time login links: ask for one by e-mail (the login page's "Send mig et
 * login-link"), check one (GET, which a mail scanner may do freely), sign in with one (POST, only
 * on the person's own press of "Log ind").
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { linkToken, loginLinkRequestBody, loginResponse, messageResponse } from '../../shared/auth';
import type { Deps } from '../deps';
import { LOGIN_LINK_REQUESTED, checkLoginLink, requestLoginLink, signInWithLink } from './login-links';
import { presentUser } from './service';
import { destroySession, sessionToken, setSessionCookie } from './sessions';

export function loginLinkRoutes(app: FastifyInstance, deps: Deps) {
  const { config, rateLimiter } = deps;
  const windowMs = config.RATE_LIMIT_WINDOW_MINUTES * 60_000;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tokenParams = z.object({ token: linkToken });

  api.post('/api/login-link', { schema: { body: loginLinkRequestBody, response: { 200: messageResponse } } }, async (request) => {
    const { email } = request.body;
    // The reset's limits, counted apart: both send a mail to whatever address is typed, so both
    // must not become a way to flood someone's inbox, and one must not use up the other.
    await rateLimiter.consume({ key: `login-link-ip:${request.ip}`, max: config.RATE_LIMIT_RESET_PER_IP, windowMs });
    await rateLimiter.consume({ key: `login-link-account:${email}`, max: config.RATE_LIMIT_RESET_PER_ACCOUNT, windowMs });
    await requestLoginLink(deps, email);
    return { message: LOGIN_LINK_REQUESTED };
  });

  api.get('/api/login-link/:token', { schema: { params: tokenParams } }, async (request, reply) => {
    await checkLoginLink(deps, request.params.token);
    reply.header('cache-control', 'no-store');
    reply.code(204).send();
  });

  api.post('/api/login-link/:token', { schema: { params: tokenParams, response: { 200: loginResponse } } }, async (request, reply) => {
    // No limit here: a token is 256 random bits, so guessing is hopeless, and a wrong one costs a look-up.
    const { user, session } = await signInWithLink(deps, request.params.token);
    // Rotate, as a password login does: whatever session the browser had before ends.
    await destroySession(deps.db, sessionToken(request));
    setSessionCookie(request, reply, session);
    return { ...presentUser(user), qrCodeLinked: false };
  });
}

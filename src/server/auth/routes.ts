import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loginBody, loginResponse, messageResponse, passwordResetBody, passwordResetRequestBody, registerBody, userResponse } from '../../shared/auth';
import type { Deps } from '../deps';
import { HttpError, unauthorized } from '../lib/errors';
import type { Limit } from '../lib/rate-limit';
import {
  RESET_REQUESTED,
  WRONG_LOGIN,
  ACCOUNT_DISABLED,
  checkPassword,
  checkPasswordReset,
  findAccount,
  loginAttemptsKey,
  presentUser,
  register,
  requestPasswordReset,
  resetPassword,
  startSession,
} from './service';
import { clearSessionCookie, destroySession, sessionToken, setSessionCookie, userForSession } from './sessions';

/** SPEC.md §7: the user, login, register and logout calls carry a cache-busting timestamp `t`. */
const timestampQuery = z.object({ t: z.string().max(40).optional() });

export function authRoutes(app: FastifyInstance, deps: Deps) {
  const { config, rateLimiter } = deps;
  const window = config.RATE_LIMIT_WINDOW_MINUTES * 60_000;
  const perIp = (name: string, max: number, request: FastifyRequest): Limit => ({ key: `${name}-ip:${request.ip}`, max, windowMs: window });
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/user', { schema: { querystring: timestampQuery, response: { 200: userResponse } } }, async (request, reply) => {
    const user = await userForSession(deps.db, deps.now(), sessionToken(request));
    if (!user) throw unauthorized('Du er ikke logget ind.');
    reply.header('cache-control', 'no-store');
    return presentUser(user);
  });

  api.post(
    '/api/login',
    { schema: { querystring: timestampQuery, body: loginBody, response: { 200: loginResponse } } },
    async (request, reply) => {
      const { username, password, qrCode } = request.body;
      await rateLimiter.consume(perIp('login', config.RATE_LIMIT_LOGIN_PER_IP, request));
      const account = await findAccount(deps, username);
      // Counted before the password is checked, in one atomic upsert: fifty guesses at once are
      // refused from the limit's first excess on, exactly like fifty in a row (decision 20). Once
      // the limit is reached even the right password waits, so a guesser learns nothing.
      const attemptsKey = loginAttemptsKey(account, username);
      await rateLimiter.consume({ key: attemptsKey, max: config.RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT, windowMs: window });
      const user = await checkPassword(account, password);
      if (!user) throw new HttpError(401, WRONG_LOGIN);
      if (user.disabledAt) throw new HttpError(403, ACCOUNT_DISABLED);
      // Only failures should count: the owner who mistyped a few times and got in starts afresh.
      await rateLimiter.reset(attemptsKey);
      // Rotate: whatever session the browser had before is ended, so a planted cookie is useless.
      await destroySession(deps.db, sessionToken(request));
      const { session, qrCodeLinked } = await startSession(deps, user, qrCode);
      setSessionCookie(request, reply, session);
      return { ...presentUser(user), qrCodeLinked };
    },
  );

  api.post(
    '/api/register',
    { schema: { querystring: timestampQuery, body: registerBody, response: { 201: loginResponse } } },
    async (request, reply) => {
      await rateLimiter.consume(perIp('register', config.RATE_LIMIT_REGISTER_PER_IP, request));
      const { user, session } = await register(deps, request.body);
      // The new account takes over this browser; a refused registration leaves its session be.
      await destroySession(deps.db, sessionToken(request));
      setSessionCookie(request, reply, session);
      reply.code(201);
      return { ...presentUser(user), qrCodeLinked: true };
    },
  );

  api.post('/api/logout', { schema: { querystring: timestampQuery } }, async (request, reply) => {
    await destroySession(deps.db, sessionToken(request));
    clearSessionCookie(request, reply);
    reply.code(204).send();
  });

  api.post(
    '/api/password-reset',
    { schema: { body: passwordResetRequestBody, response: { 200: messageResponse } } },
    async (request) => {
      const { email } = request.body;
      await rateLimiter.consume(perIp('reset', config.RATE_LIMIT_RESET_PER_IP, request));
      await rateLimiter.consume({ key: `reset-account:${email}`, max: config.RATE_LIMIT_RESET_PER_ACCOUNT, windowMs: window });
      await requestPasswordReset(deps, email);
      return { message: RESET_REQUESTED };
    },
  );

  const tokenParams = z.object({ token: z.string().min(20).max(200) });

  api.get(
    '/api/password-reset/:token',
    { schema: { params: tokenParams, response: { 200: z.object({ valid: z.literal(true) }) } } },
    async (request) => {
      await checkPasswordReset(deps, request.params.token);
      return { valid: true as const };
    },
  );

  api.post(
    '/api/password-reset/confirm',
    { schema: { body: passwordResetBody, response: { 200: messageResponse } } },
    async (request) => {
      await rateLimiter.consume(perIp('reset', config.RATE_LIMIT_RESET_PER_IP, request));
      await resetPassword(deps, request.body.token, request.body.password);
      return { message: 'Din adgangskode er ændret. Du kan nu logge ind med den nye adgangskode.' };
    },
  );
}

/**
 * The calls behind the e-mail to administrators: the decision links (GET reads, POST decides), the
 * digest's unsubscribe link, and the signed-in person's own e-mail choices on /profile.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { mailPreferences, mailPreferencesBody, postDecision, tokenParams, unsubscribeStatus } from '../../shared/post-mail-api';
import { requireUser } from '../auth/sessions';
import { users } from '../db/schema';
import type { Deps } from '../deps';
import { notFound } from '../lib/errors';
import { decide, readDecision } from './decisions';
import { userForUnsubscribeToken } from './unsubscribe-token';

const UNKNOWN_UNSUBSCRIBE =
  'Linket virker ikke længere, måske fordi adgangskoden er skiftet siden e-mailen blev sendt. Log ind, og vælg under E-mail på din profil, hvornår du vil have besked.';

/** "karen@eksempel.dk" → "k•••n@eksempel.dk": enough to recognise, little to a stranger holding the link. */
function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  const shown = local.length <= 2 ? `${local[0] ?? ''}•••` : `${local[0]}•••${local[local.length - 1]}`;
  return `${shown}@${domain}`;
}

export function postMailRoutes(app: FastifyInstance, deps: Deps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const noStore = { 'cache-control': 'private, no-store' };

  // A GET only shows where the link stands: a mail scanner that opens it decides nothing.
  api.get('/api/post-decisions/:token', { schema: { params: tokenParams, response: { 200: postDecision } } }, async (request, reply) => {
    reply.headers(noStore);
    return readDecision(deps, request.params.token);
  });

  api.post('/api/post-decisions/:token', { schema: { params: tokenParams, response: { 200: postDecision } } }, async (request, reply) => {
    reply.headers(noStore);
    return decide(deps, request.params.token);
  });

  api.get('/api/profile/mail-preferences', { schema: { response: { 200: mailPreferences } } }, async (request, reply) => {
    const user = await requireUser(deps, request);
    const [row] = await deps.db.select({ postMails: users.postMails, anniversaryReminders: users.anniversaryReminders }).from(users).where(eq(users.id, user.id));
    reply.headers(noStore);
    return row!;
  });

  api.patch('/api/profile/mail-preferences', { schema: { body: mailPreferencesBody, response: { 200: mailPreferences } } }, async (request) => {
    const user = await requireUser(deps, request);
    const { postMails, anniversaryReminders } = request.body;
    const [row] = await deps.db
      .update(users)
      .set({ ...(postMails ? { postMails } : {}), ...(anniversaryReminders !== undefined ? { anniversaryReminders } : {}), updatedAt: deps.now() })
      .where(eq(users.id, user.id))
      .returning({ postMails: users.postMails, anniversaryReminders: users.anniversaryReminders });
    return row!;
  });

  // The unsubscribe link. The page asks first (GET) and turns the digest off on a press (POST);
  // a mail program's own "Afmeld" button POSTs the form body of RFC 8058 straight here.
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    const unsubscribe = scope.withTypeProvider<ZodTypeProvider>();

    unsubscribe.get('/api/unsubscribe/:token', { schema: { params: tokenParams, response: { 200: unsubscribeStatus } } }, async (request, reply) => {
      const user = await userForUnsubscribeToken(deps.db, request.params.token);
      if (!user) throw notFound(UNKNOWN_UNSUBSCRIBE);
      reply.headers(noStore);
      return { fullName: user.fullName, email: maskEmail(user.email), postMails: user.postMails };
    });

    unsubscribe.post('/api/unsubscribe/:token', { schema: { params: tokenParams, response: { 200: unsubscribeStatus } } }, async (request, reply) => {
      const user = await userForUnsubscribeToken(deps.db, request.params.token);
      if (!user) throw notFound(UNKNOWN_UNSUBSCRIBE);
      await deps.db.update(users).set({ postMails: 'off', updatedAt: deps.now() }).where(eq(users.id, user.id));
      reply.headers(noStore);
      return { fullName: user.fullName, email: maskEmail(user.email), postMails: 'off' as const };
    });
  });
}

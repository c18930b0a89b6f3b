/**
 * POST /api/contact: rate limit → validate → (honeypot) → store the message and queue the
 * receipt in one transaction, so a message is never stored without its receipt or the reverse.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { danishLongDate } from '../../shared/danish-dates';
import { CONTACT_THANKS, contactBody, contactResponse, dataRequestAnswerBy, dataRequestThanks } from '../../shared/contact';
import { sessionToken, userForSession } from '../auth/sessions';
import { contactMessages } from '../db/schema';
import type { Deps } from '../deps';
import { enqueue } from '../lib/jobs';
import { SEND_MAIL } from '../lib/mail';
import { contactReceiptMail } from './mail';

export function contactRoutes(app: FastifyInstance, deps: Deps) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post('/api/contact', { schema: { body: contactBody, response: { 201: contactResponse } } }, async (request, reply) => {
    await deps.rateLimiter.consume({
      key: `contact-ip:${request.ip}`,
      max: deps.config.RATE_LIMIT_CONTACT_PER_IP,
      windowMs: deps.config.RATE_LIMIT_WINDOW_MINUTES * 60_000,
    });
    reply.code(201);
    const { website, ...message } = request.body;
    // A robot that fills in the field people never see gets the same answer and nothing else:
    // no row, no e-mail to whatever address it typed.
    if (website.trim() !== '') {
      request.log.info('contact form honeypot filled; message dropped');
      return { message: CONTACT_THANKS };
    }
    const user = await userForSession(deps.db, deps.now(), sessionToken(request));
    const at = deps.now();
    // A request about personal data is answered within a month, and the sender is told by when.
    const answerBy = message.kind === 'data_request' ? danishLongDate(dataRequestAnswerBy(at)) : null;
    await deps.db.transaction(async (tx) => {
      await tx.insert(contactMessages).values({ ...message, email: message.email.toLowerCase(), userId: user?.id ?? null, createdAt: at, lastActivityAt: at });
      await enqueue(tx, SEND_MAIL, contactReceiptMail({ to: message.email, ...message, answerBy, contactEmail: deps.config.CONTACT_EMAIL }), at);
    });
    return { message: answerBy ? dataRequestThanks(answerBy) : CONTACT_THANKS };
  });
}

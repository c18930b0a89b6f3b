/**
 * POST /api/stripe/webhook: Stripe's signed events. The signature is checked on the raw body with
 * the library's own verifier (which also refuses a timestamp older than five minutes, so an old
 * event replayed later fails); anything it cannot verify is 400 and changes nothing, whether Stripe
 * is configured or not. A verified event is applied once (stripe-events.ts).
 */
import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import type { Deps } from '../deps';
import { badRequest } from '../lib/errors';
import { applyStripeEvent } from './stripe-events';
import { verifier } from './stripe';

const UNVERIFIED = 'Ugyldig eller manglende signatur.';

export function stripeWebhookRoute(app: FastifyInstance, deps: Deps) {
  void app.register(async (scope) => {
    // The signature covers the exact bytes Stripe sent: the body must not be parsed first.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_request, body, done) => done(null, body));

    scope.post('/api/stripe/webhook', async (request, reply) => {
      const secret = deps.config.STRIPE_WEBHOOK_SECRET;
      const signature = request.headers['stripe-signature'];
      if (!secret || typeof signature !== 'string' || !Buffer.isBuffer(request.body)) throw badRequest(UNVERIFIED);
      let event: Stripe.Event;
      try {
        event = await verifier.webhooks.constructEventAsync(request.body, signature, secret);
      } catch {
        throw badRequest(UNVERIFIED);
      }
      const applied = await deps.db.transaction((tx) => applyStripeEvent(tx, { config: deps.config, now: deps.now() }, event));
      reply.header('cache-control', 'no-store');
      return { received: true, applied };
    });
  });
}

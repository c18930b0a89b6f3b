/**
 * POST /api/stripe/webhook: Stripe's signed events. The signature is checked on the raw body with
 * the library's own verifier (which also refuses a timestamp older than five minutes, so an old
 * event replayed later fails), and a request received before under the same signature is refused
 * too (webhook-replays.ts): Stripe signs each attempt anew, so only a replay repeats one. Anything
 * refused is 400 and changes nothing, whether Stripe is configured or not. A verified event is
 * applied once (stripe-events.ts): Stripe's own redelivery of it is answered 200 and changes nothing.
 */
import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import type { Deps } from '../deps';
import { badRequest } from '../lib/errors';
import { withPayments } from './invoice-payments';
import { applyStripeEvent } from './stripe-events';
import { verifier } from './stripe';
import { TOLERANCE_SECONDS, firstReceipt, pruneDeliveries, signedDelivery } from './webhook-replays';

const UNVERIFIED = 'Ugyldig eller manglende signatur.';
const REPLAYED = 'Denne levering er modtaget før.';

export function stripeWebhookRoute(app: FastifyInstance, deps: Deps) {
  void app.register(async (scope) => {
    // The signature covers the exact bytes Stripe sent: the body must not be parsed first.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_request, body, done) => done(null, body));

    scope.post('/api/stripe/webhook', async (request, reply) => {
      const secret = deps.config.STRIPE_WEBHOOK_SECRET;
      const signature = request.headers['stripe-signature'];
      if (!secret || typeof signature !== 'string' || !Buffer.isBuffer(request.body)) throw badRequest(UNVERIFIED);
      // Stripe signs with the real time, so staleness is measured with it (not the app's clock, which tests move).
      const receivedAt = Date.now();
      let event: Stripe.Event;
      try {
        event = await verifier.webhooks.constructEventAsync(request.body, signature, secret, TOLERANCE_SECONDS, undefined, receivedAt);
      } catch {
        throw badRequest(UNVERIFIED);
      }
      // A subscription's paid invoice: which payment paid it is asked of Stripe (invoice-payments.ts).
      if (event.type === 'invoice.paid' && event.data.object.parent?.subscription_details) {
        event.data.object = await withPayments(deps.config, event.data.object);
      }
      const delivery = signedDelivery(request.body, signature, secret);
      const applied = await deps.db.transaction(async (tx) => {
        // A replay is refused before its event is looked at: nothing changes.
        if (!(await firstReceipt(tx, delivery))) throw badRequest(REPLAYED);
        return applyStripeEvent(tx, { config: deps.config, now: deps.now() }, event);
      });
      await pruneDeliveries(deps.db, receivedAt);
      reply.header('cache-control', 'no-store');
      return { received: true, applied };
    });
  });
}

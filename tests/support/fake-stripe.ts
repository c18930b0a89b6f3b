/**
 * A local fake of the parts of Stripe's HTTP API that Mindested uses, for tests: the official
 * library talks to it unchanged (`new Stripe(fake.secretKey, fake.clientOptions)`), a browser pays
 * on its checkout page, and it signs and POSTs Stripe Events to the webhook URL as Stripe would.
 * One fake per test file, on 127.0.0.1.
 *
 * Deliveries are made one at a time in the order the events were created. `pay()` and `renew()`
 * (and the page's "Betal") resolve after the webhook endpoint answered their events, so a test is
 * deterministic; events caused by an API call (refund, cancel, expire) are sent after the call is
 * answered, as Stripe's are, so the server is never waiting on its own webhook; `settled()` waits
 * for them.
 *
 * Each delivery attempt is signed anew, as Stripe signs each of its own: a new timestamp, so a new
 * signature. Stripe's attempts are minutes apart; the fake's may fall in one second, so an event
 * sent again within the second it was last signed in is signed for the next second (the library
 * refuses only old timestamps). `replay()` sends an earlier delivery again byte for byte, as
 * someone who caught it on the wire would.
 */
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { type FakeCheckout, FakeStripeAccount } from './fake-stripe-account';
import { createApi } from './fake-stripe-api';
import type { Charge, CheckoutSession, Invoice, PaymentIntent, PaymentMethodType, Refund, Subscription } from './fake-stripe-objects';
import { newId } from './fake-stripe-objects';
import { checkoutPage, missingPage, successUrl } from './fake-stripe-page';
import { StripeApiError, decodeForm } from './fake-stripe-params';

export type { FakeCheckout, FakeLineItem } from './fake-stripe-account';
export type * from './fake-stripe-objects';

export interface FakeStripeOptions {
  webhookSecret: string;
  /** Where events are POSTed; without one they are created but not delivered. */
  webhookUrl?: string;
  /** The only key the API accepts; a new random `sk_test_fake…` by default. */
  secretKey?: string;
  /** 0 (any free port) by default. */
  port?: number;
  /**
   * The account's clock: sessions' and events' times, subscription periods. The webhook signature
   * always carries the real time, which is what the library checks it against.
   */
  now?: () => Date;
}

/** What the webhook endpoint answered one POST; 0 when it did not answer (refused, timed out). */
export interface Delivery {
  eventId: string;
  status: number;
}

export interface FakePaymentResult {
  /** The session as it is once paid. */
  session: CheckoutSession;
  /** The payment that took the money (a subscription's: its first invoice's); null when nothing was charged. */
  paymentIntentId: string | null;
  chargeId: string | null;
  subscriptionId: string | null;
  invoiceId: string | null;
  /** The events the payment created, in the order they were (or would have been) sent. */
  events: Stripe.Event[];
  /** What the webhook endpoint answered each of them; empty when they were not delivered. */
  deliveries: Delivery[];
  /** Where the browser is sent: the success URL with `{CHECKOUT_SESSION_ID}` put in. */
  successUrl: string;
}

export interface DeliverOptions {
  /** The signature's time in seconds (default now): an old one makes a stale delivery. */
  timestamp?: number;
  /** Sign with this secret instead of the configured one. */
  secret?: string;
  /** Send this body instead of the event, still signed as the event: a tampered delivery. */
  body?: string;
}

export interface FakeStripe {
  /** http://127.0.0.1:PORT */
  url: string;
  /** For `new Stripe(secretKey, clientOptions)`. */
  clientOptions: { host: string; port: number; protocol: 'http' };
  secretKey: string;
  /** null: events are created but not delivered (a missed webhook). */
  setWebhookUrl(url: string | null): void;
  /** The buyer pays, as the page's "Betal" does; resolves once the webhook endpoint answered. */
  pay(sessionId: string, options?: { deliver?: boolean; method?: PaymentMethodType }): Promise<FakePaymentResult>;
  /** The subscription's period ends: the next is billed and paid, or it ends if set to stop at the period's end. */
  renew(subscriptionId: string): Promise<Stripe.Event[]>;
  /** Every event created, oldest first. */
  events: Stripe.Event[];
  /** Every POST to the webhook endpoint, in order. */
  deliveries: Delivery[];
  /** (Re)sends one event now, signed anew, optionally stale, wrongly signed or tampered; the endpoint's HTTP status. */
  deliver(eventId: string, options?: DeliverOptions): Promise<number>;
  /** Sends the event's latest delivery again, the same body under the same Stripe-Signature header; the endpoint's HTTP status. */
  replay(eventId: string): Promise<number>;
  /** Resolves once every delivery under way has been answered. */
  settled(): Promise<void>;
  sessions: ReadonlyMap<string, FakeCheckout>;
  subscriptions: ReadonlyMap<string, Subscription>;
  invoices: ReadonlyMap<string, Invoice>;
  paymentIntents: ReadonlyMap<string, PaymentIntent>;
  charges: ReadonlyMap<string, Charge>;
  refunds: ReadonlyMap<string, Refund>;
  close(): Promise<void>;
}

/** How long Stripe waits for a webhook endpoint's answer before counting the delivery as failed. */
const DELIVERY_TIMEOUT_MS = 30_000;

export async function startFakeStripe(options: FakeStripeOptions): Promise<FakeStripe> {
  const secretKey = options.secretKey ?? newId('sk_test_fake', 32);
  let webhookUrl = options.webhookUrl ?? null;
  let baseUrl = '';
  const account = new FakeStripeAccount(options.now ?? (() => new Date()), (id) => `${baseUrl}/pay/${id}`);
  const deliveries: Delivery[] = [];
  /** What each event's latest delivery sent, for `replay()`. */
  const sent = new Map<string, { body: string; signature: string }>();
  /** The second each event was last signed for. */
  const signedAt = new Map<string, number>();
  let queue: Promise<void> = Promise.resolve();

  /** Now, or the second after the event's last signature if that was now: each attempt's own signature. */
  function freshTimestamp(eventId: string): number {
    const timestamp = Math.max(Math.floor(Date.now() / 1000), (signedAt.get(eventId) ?? 0) + 1);
    signedAt.set(eventId, timestamp);
    return timestamp;
  }

  async function post(url: string, event: Stripe.Event, deliverOptions: DeliverOptions = {}): Promise<number> {
    // Pretty-printed as Stripe sends it, so a server that verifies a re-serialised body fails here too.
    const payload = JSON.stringify(event, null, 2);
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: deliverOptions.secret ?? options.webhookSecret,
      timestamp: deliverOptions.timestamp ?? freshTimestamp(event.id),
    });
    const body = deliverOptions.body ?? payload;
    sent.set(event.id, { body, signature });
    return send(url, event.id, body, signature);
  }

  async function send(url: string, eventId: string, body: string, signature: string): Promise<number> {
    let status = 0;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': signature,
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body,
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      });
      await response.arrayBuffer();
      status = response.status;
    } catch {
      // Refused or timed out: Stripe counts it as failed; the status says so.
    }
    deliveries.push({ eventId, status });
    return status;
  }

  /** Queues the events for the endpoint configured now; resolves when they have been answered. */
  function dispatch(events: Stripe.Event[]): Promise<void> {
    const url = webhookUrl;
    if (!url || events.length === 0) return Promise.resolve();
    const done = queue.then(async () => {
      for (const event of events) await post(url, event);
    });
    queue = done;
    return done;
  }

  async function pay(sessionId: string, payOptions: { deliver?: boolean; method?: PaymentMethodType } = {}): Promise<FakePaymentResult> {
    await dispatch(account.expireOverdue());
    const completion = account.completeCheckout(sessionId, payOptions.method);
    if (payOptions.deliver !== false) await dispatch(completion.events);
    const ids = new Set(completion.events.map((e) => e.id));
    return {
      session: completion.checkout.session,
      paymentIntentId: completion.paymentIntentId,
      chargeId: completion.chargeId,
      subscriptionId: completion.subscriptionId,
      invoiceId: completion.invoiceId,
      events: completion.events,
      deliveries: deliveries.filter((d) => ids.has(d.eventId)),
      successUrl: successUrl(completion.checkout),
    };
  }

  const handleApi = createApi({ account, secretKey, dispatch: (events) => void dispatch(events) });

  async function handlePage(method: string, path: string[], body: string, send: (status: number, html: string, location?: string) => void) {
    const [sessionId, action] = path;
    const checkout = sessionId ? account.sessions.get(sessionId) : undefined;
    if (!checkout || path.length > 2) return send(404, missingPage());
    if (method === 'GET' && action === undefined) return send(200, checkoutPage(checkout));
    if (method === 'POST' && action === 'cancel') return send(303, '', checkout.session.cancel_url ?? `/pay/${sessionId}`);
    if (method === 'POST' && action === 'confirm') {
      // A second click on "Betal" after paying lands where the first did.
      if (checkout.session.status === 'complete') return send(303, '', successUrl(checkout));
      const method = decodeForm(body).method;
      try {
        const paid = await pay(sessionId!, typeof method === 'string' ? { method: method as PaymentMethodType } : {});
        return send(303, '', paid.successUrl);
      } catch (error) {
        if (!(error instanceof StripeApiError)) throw error;
        return send(410, checkoutPage(checkout));
      }
    }
    return send(405, missingPage());
  }

  const server: Server = createServer((req, res) => {
    void dispatch(account.expireOverdue());
    const url = new URL(req.url ?? '/', 'http://fake');
    const handled = url.pathname.startsWith('/v1/')
      ? handleApi(req, res)
      : (async () => {
          const chunks: Buffer[] = [];
          for await (const chunk of req) chunks.push(chunk as Buffer);
          const path = url.pathname.split('/').slice(1);
          const send = (status: number, html: string, location?: string) => {
            res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', ...(location ? { location } : {}) });
            res.end(html);
          };
          if (path[0] !== 'pay') return send(404, missingPage());
          await handlePage(req.method ?? 'GET', path.slice(1), Buffer.concat(chunks).toString('utf8'), send);
        })();
    handled.catch((error: unknown) => {
      // A fault of the fake itself: answered in Stripe's shape, so the test sees it in the library's error.
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { type: 'api_error', message: `The fake Stripe failed: ${String(error)}` } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}`;

  return {
    url: baseUrl,
    clientOptions: { host: '127.0.0.1', port, protocol: 'http' },
    secretKey,
    setWebhookUrl(url) {
      webhookUrl = url;
    },
    pay,
    async renew(subscriptionId) {
      await dispatch(account.expireOverdue());
      const events = account.renewSubscription(subscriptionId);
      await dispatch(events);
      return events;
    },
    events: account.events,
    deliveries,
    async deliver(eventId, deliverOptions) {
      const event = account.events.find((e) => e.id === eventId);
      if (!event) throw new Error(`The fake Stripe made no event ${eventId}.`);
      if (!webhookUrl) throw new Error('The fake Stripe has no webhook URL to deliver to (setWebhookUrl).');
      const url = webhookUrl;
      const answered = queue.then(() => post(url, event, deliverOptions));
      queue = answered.then(() => undefined);
      return answered;
    },
    async replay(eventId) {
      const earlier = sent.get(eventId);
      if (!earlier) throw new Error(`The fake Stripe has not delivered ${eventId} yet.`);
      if (!webhookUrl) throw new Error('The fake Stripe has no webhook URL to deliver to (setWebhookUrl).');
      const url = webhookUrl;
      const answered = queue.then(() => send(url, eventId, earlier.body, earlier.signature));
      queue = answered.then(() => undefined);
      return answered;
    },
    settled: () => queue,
    sessions: account.sessions,
    subscriptions: account.subscriptions,
    invoices: account.invoices,
    paymentIntents: account.paymentIntents,
    charges: account.charges,
    refunds: account.refunds,
    async close() {
      await queue;
      await new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // The library keeps its connections alive; close them so close() does not wait for their timeout.
        server.closeAllConnections();
      });
    },
  };
}

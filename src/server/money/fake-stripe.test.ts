/**
 * The fake Stripe that money's tests pay through (tests/support/fake-stripe.ts), tried with the
 * official library against it and a webhook endpoint that verifies each delivery with the
 * library's own `constructEvent`, as the server's will.
 */
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeStripe, startFakeStripe } from '../../../tests/support/fake-stripe';

const WEBHOOK_SECRET = 'whsec_fake_stripe_test';

/** A webhook endpoint on loopback that accepts only what the library verifies. */
interface Endpoint {
  url: string;
  received: Stripe.Event[];
  refused: string[];
  /** The Stripe-Signature header of every POST, in order. */
  signatures: string[];
  close(): Promise<void>;
}

async function startEndpoint(): Promise<Endpoint> {
  const received: Stripe.Event[] = [];
  const refused: string[] = [];
  const signatures: string[] = [];
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    signatures.push(String(req.headers['stripe-signature']));
    try {
      received.push(Stripe.webhooks.constructEvent(Buffer.concat(chunks), req.headers['stripe-signature'] ?? '', WEBHOOK_SECRET));
      res.writeHead(200).end();
    } catch (error) {
      refused.push((error as Error).message);
      res.writeHead(400).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhook`,
    received,
    refused,
    signatures,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

let fake: FakeStripe;
let endpoint: Endpoint;
let stripe: Stripe;
/** The fake's clock; each test starts on the same day, so periods are known dates. */
let clock: Date;

beforeAll(async () => {
  endpoint = await startEndpoint();
  fake = await startFakeStripe({ webhookSecret: WEBHOOK_SECRET, webhookUrl: endpoint.url, now: () => clock });
  stripe = new Stripe(fake.secretKey, fake.clientOptions);
});

afterAll(async () => {
  await fake.close();
  await endpoint.close();
});

beforeEach(() => {
  clock = new Date('2026-03-10T09:00:00Z');
  fake.setWebhookUrl(endpoint.url);
  endpoint.received.length = 0;
  endpoint.refused.length = 0;
  endpoint.signatures.length = 0;
});

const RETURN = 'https://mindested.test/betaling';

function plaqueSession(options: Partial<Stripe.Checkout.SessionCreateParams> = {}) {
  return stripe.checkout.sessions.create({
    mode: 'payment',
    allowed_payment_method_types: ['mobilepay'],
    line_items: [
      { quantity: 1, price_data: { currency: 'dkk', unit_amount: 149_900, product_data: { name: 'Plade i granit, 20 × 15 cm' } } },
      { quantity: 2, price_data: { currency: 'dkk', unit_amount: 5_000, product_data: { name: 'Ekstra QR-kode' } } },
    ],
    client_reference_id: 'order-1',
    customer_email: 'anna@example.test',
    metadata: { orderId: 'order-1' },
    payment_intent_data: { metadata: { orderId: 'order-1' } },
    success_url: `${RETURN}/tak?session={CHECKOUT_SESSION_ID}`,
    cancel_url: `${RETURN}/annulleret`,
    locale: 'da',
    ...options,
  });
}

function premiumSession(interval: 'month' | 'year' = 'month') {
  return stripe.checkout.sessions.create({
    mode: 'subscription',
    allowed_payment_method_types: ['card'],
    line_items: [{ quantity: 1, price_data: { currency: 'dkk', unit_amount: 4_900, recurring: { interval }, product_data: { name: 'Premium' } } }],
    client_reference_id: 'order-2',
    metadata: { orderId: 'order-2' },
    subscription_data: { metadata: { memorialId: 'memorial-7', orderId: 'order-2' } },
    success_url: `${RETURN}/tak?session={CHECKOUT_SESSION_ID}`,
    cancel_url: `${RETURN}/annulleret`,
  });
}

/** Stripe's time: seconds since 1970. */
const seconds = (iso: string) => Date.parse(iso) / 1000;

describe('the fake Stripe', () => {
  it('sells once: a Checkout Session is paid and checkout.session.completed arrives signed', async () => {
    const session = await plaqueSession();
    expect(session).toMatchObject({
      object: 'checkout.session',
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      amount_total: 159_900,
      currency: 'dkk',
      payment_intent: null,
      subscription: null,
      client_reference_id: 'order-1',
      customer_email: 'anna@example.test',
      metadata: { orderId: 'order-1' },
      payment_method_types: ['mobilepay'],
    });
    expect(session.id).toMatch(/^cs_test_/);
    expect(session.url).toBe(`${fake.url}/pay/${session.id}`);

    const paid = await fake.pay(session.id);
    expect(paid.successUrl).toBe(`${RETURN}/tak?session=${session.id}`);
    expect(paid.deliveries).toEqual([{ eventId: paid.events[0]!.id, status: 200 }]);
    expect(endpoint.refused).toEqual([]);
    expect(endpoint.received.map((e) => e.type)).toEqual(['checkout.session.completed']);
    const event = endpoint.received[0]!;
    expect(event).toMatchObject({ object: 'event', api_version: Stripe.API_VERSION, livemode: false });
    expect(event.data.object).toMatchObject({ id: session.id, status: 'complete', payment_status: 'paid', payment_intent: paid.paymentIntentId });

    const again = await stripe.checkout.sessions.retrieve(session.id, { expand: ['payment_intent'] });
    expect(again.status).toBe('complete');
    expect(again.url).toBeNull();
    const paymentIntent = again.payment_intent as Stripe.PaymentIntent;
    expect(paymentIntent).toMatchObject({ id: paid.paymentIntentId, amount: 159_900, status: 'succeeded', metadata: { orderId: 'order-1' }, latest_charge: paid.chargeId });
    await expect(stripe.paymentIntents.retrieve(paid.paymentIntentId!)).resolves.toMatchObject({ amount_received: 159_900 });
  });

  it('starts a subscription: its creation, its first paid invoice and the completed session arrive', async () => {
    const session = await premiumSession();
    const paid = await fake.pay(session.id);
    expect(endpoint.received.map((e) => e.type)).toEqual(['customer.subscription.created', 'invoice.paid', 'checkout.session.completed']);
    expect(paid.deliveries.map((d) => d.status)).toEqual([200, 200, 200]);

    const [created, invoicePaid, completed] = endpoint.received as [Stripe.CustomerSubscriptionCreatedEvent, Stripe.InvoicePaidEvent, Stripe.CheckoutSessionCompletedEvent];
    expect(completed.data.object).toMatchObject({ subscription: paid.subscriptionId, invoice: paid.invoiceId, payment_intent: null, payment_status: 'paid' });
    expect(completed.data.object.customer).toMatch(/^cus_/);
    const subscription = created.data.object;
    expect(subscription).toMatchObject({ id: paid.subscriptionId, status: 'active', cancel_at_period_end: false, metadata: { memorialId: 'memorial-7', orderId: 'order-2' } });
    const item = subscription.items.data[0]!;
    expect(item).toMatchObject({ current_period_start: seconds('2026-03-10T09:00:00Z'), current_period_end: seconds('2026-04-10T09:00:00Z') });

    const invoice = invoicePaid.data.object;
    expect(invoice).toMatchObject({
      id: paid.invoiceId,
      billing_reason: 'subscription_create',
      status: 'paid',
      amount_paid: 4_900,
      parent: { subscription_details: { subscription: paid.subscriptionId, metadata: { memorialId: 'memorial-7', orderId: 'order-2' } } },
    });
    expect(invoice.lines.data[0]!.period).toEqual({ start: item.current_period_start, end: item.current_period_end });

    const retrieved = await stripe.invoices.retrieve(paid.invoiceId!, { expand: ['payments'] });
    expect(retrieved.payments!.data[0]!.payment).toEqual({ type: 'payment_intent', payment_intent: paid.paymentIntentId });
    await expect(stripe.subscriptions.retrieve(paid.subscriptionId!)).resolves.toMatchObject({ latest_invoice: paid.invoiceId, status: 'active' });
  });

  it('renews a subscription with the next period paid, and ends one set to stop at the period end', async () => {
    const { subscriptionId } = await fake.pay((await premiumSession('year')).id);
    const first = await stripe.subscriptions.retrieve(subscriptionId!);
    const { current_period_start: start, current_period_end: end } = first.items.data[0]!;
    expect([start, end]).toEqual([seconds('2026-03-10T09:00:00Z'), seconds('2027-03-10T09:00:00Z')]);
    const next = seconds('2028-03-10T09:00:00Z');
    endpoint.received.length = 0;

    await fake.renew(subscriptionId!);
    expect(endpoint.received.map((e) => e.type)).toEqual(['customer.subscription.updated', 'invoice.paid']);
    const [updated, invoicePaid] = endpoint.received as [Stripe.CustomerSubscriptionUpdatedEvent, Stripe.InvoicePaidEvent];
    expect(updated.data.previous_attributes?.items?.data[0]?.current_period_end).toBe(end);
    expect(updated.data.object.items.data[0]).toMatchObject({ current_period_start: end, current_period_end: next });
    const invoice = invoicePaid.data.object;
    expect(invoice.billing_reason).toBe('subscription_cycle');
    expect(invoice.parent?.subscription_details?.subscription).toBe(subscriptionId);
    expect(invoice.lines.data[0]!.period).toEqual({ start: end, end: next });
    // Stripe's invoice header covers the period before it; what was paid for is the line's period.
    expect([invoice.period_start, invoice.period_end]).toEqual([start, end]);

    const stopping = await stripe.subscriptions.update(subscriptionId!, { cancel_at_period_end: true });
    expect(stopping).toMatchObject({ cancel_at_period_end: true, cancel_at: next, status: 'active' });
    await fake.settled();
    const stop = endpoint.received.at(-1) as Stripe.CustomerSubscriptionUpdatedEvent;
    expect(stop.type).toBe('customer.subscription.updated');
    expect(stop.data.previous_attributes).toMatchObject({ cancel_at_period_end: false });
    expect(stop.request?.idempotency_key).toMatch(/^stripe-node-retry-/);

    await fake.renew(subscriptionId!);
    expect(endpoint.received.at(-1)).toMatchObject({ type: 'customer.subscription.deleted', data: { object: { id: subscriptionId, status: 'canceled', ended_at: next } } });
    await expect(fake.renew(subscriptionId!)).rejects.toThrow(/canceled/);
    await expect(stripe.subscriptions.update(subscriptionId!, { cancel_at_period_end: false })).rejects.toMatchObject({ statusCode: 400 });
  });

  it('bills a month from the 31st on the last day of a shorter month, and back on the 31st after it', async () => {
    clock = new Date('2027-01-31T12:00:00Z');
    const { subscriptionId } = await fake.pay((await premiumSession('month')).id);
    await fake.renew(subscriptionId!);
    await fake.renew(subscriptionId!);
    const periods = endpoint.received
      .filter((e): e is Stripe.InvoicePaidEvent => e.type === 'invoice.paid')
      .map((e) => e.data.object.lines.data[0]!.period);
    expect(periods).toEqual([
      { start: seconds('2027-01-31T12:00:00Z'), end: seconds('2027-02-28T12:00:00Z') },
      { start: seconds('2027-02-28T12:00:00Z'), end: seconds('2027-03-31T12:00:00Z') },
      { start: seconds('2027-03-31T12:00:00Z'), end: seconds('2027-04-30T12:00:00Z') },
    ]);
  });

  it('cancels a subscription now', async () => {
    const { subscriptionId } = await fake.pay((await premiumSession()).id);
    const canceled = await stripe.subscriptions.cancel(subscriptionId!);
    expect(canceled).toMatchObject({ status: 'canceled', cancellation_details: { reason: 'cancellation_requested' } });
    await fake.settled();
    expect(endpoint.received.at(-1)).toMatchObject({ type: 'customer.subscription.deleted', data: { object: { id: subscriptionId, status: 'canceled' } } });
  });

  it('refunds part and then the rest of a payment, and refuses more than was paid', async () => {
    const { paymentIntentId, chargeId } = await fake.pay((await plaqueSession()).id);
    const refund = await stripe.refunds.create({ payment_intent: paymentIntentId!, amount: 10_000, metadata: { creditNote: 'K-1' } });
    expect(refund).toMatchObject({ object: 'refund', status: 'succeeded', amount: 10_000, payment_intent: paymentIntentId, charge: chargeId, metadata: { creditNote: 'K-1' } });
    expect(refund.id).toMatch(/^re_/);
    await fake.settled();
    expect(endpoint.received.at(-1)).toMatchObject({
      type: 'charge.refunded',
      data: { object: { id: chargeId, payment_intent: paymentIntentId, amount_refunded: 10_000, refunded: false } },
    });

    const tooMuch = stripe.refunds.create({ payment_intent: paymentIntentId!, amount: 149_901 });
    await expect(tooMuch).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    await expect(tooMuch).rejects.toMatchObject({ statusCode: 400, code: 'amount_too_large' });

    await stripe.refunds.create({ payment_intent: paymentIntentId! });
    await fake.settled();
    expect(endpoint.received.at(-1)).toMatchObject({ type: 'charge.refunded', data: { object: { amount_refunded: 159_900, refunded: true } } });
    await expect(stripe.refunds.create({ payment_intent: paymentIntentId! })).rejects.toMatchObject({ statusCode: 400, code: 'charge_already_refunded' });
  });

  it('answers the first answer again for the same idempotency key, and refuses the key with other parameters', async () => {
    const first = await plaqueSession({ client_reference_id: 'order-3' });
    const again = await stripe.checkout.sessions.create(sessionParams('order-4'), { idempotencyKey: 'order-4' });
    const repeated = await stripe.checkout.sessions.create(sessionParams('order-4'), { idempotencyKey: 'order-4' });
    expect(repeated.id).toBe(again.id);
    expect(again.id).not.toBe(first.id);
    await expect(stripe.checkout.sessions.create(sessionParams('order-5'), { idempotencyKey: 'order-4' })).rejects.toBeInstanceOf(
      Stripe.errors.StripeIdempotencyError,
    );
  });

  it("answers Stripe's errors: an unknown id, an unknown parameter, a wrong key", async () => {
    const missing = stripe.checkout.sessions.retrieve('cs_test_nothing');
    await expect(missing).rejects.toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    await expect(missing).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing' });
    await expect(stripe.subscriptions.retrieve('sub_nothing')).rejects.toMatchObject({ statusCode: 404 });
    await expect(stripe.invoices.retrieve('in_nothing')).rejects.toMatchObject({ statusCode: 404 });

    // Removed from Checkout in the pinned API version; the fake says what replaced it.
    const old = { ...sessionParams('order-6'), payment_method_types: ['card'] } as Stripe.Checkout.SessionCreateParams;
    await expect(stripe.checkout.sessions.create(old)).rejects.toMatchObject({ statusCode: 400, code: 'parameter_unknown', message: /allowed_payment_method_types/ });
    // MobilePay takes no recurring payments.
    const mobilePremium = stripe.checkout.sessions.create({
      ...sessionParams('order-7'),
      mode: 'subscription',
      allowed_payment_method_types: ['mobilepay'],
      line_items: [{ quantity: 1, price_data: { currency: 'dkk', unit_amount: 4_900, recurring: { interval: 'month' }, product_data: { name: 'Premium' } } }],
    });
    await expect(mobilePremium).rejects.toMatchObject({ statusCode: 400, message: /MobilePay takes no recurring payments/ });

    const stranger = new Stripe('sk_test_someone_else', fake.clientOptions);
    await expect(stranger.checkout.sessions.retrieve('cs_test_nothing')).rejects.toBeInstanceOf(Stripe.errors.StripeAuthenticationError);
    await expect(stranger.checkout.sessions.retrieve('cs_test_nothing')).rejects.toMatchObject({ statusCode: 401 });
  });

  it('expires an open session: checkout.session.expired arrives and it can no longer be paid', async () => {
    const session = await plaqueSession();
    await expect(stripe.checkout.sessions.expire(session.id)).resolves.toMatchObject({ status: 'expired', url: null });
    await fake.settled();
    expect(endpoint.received.at(-1)).toMatchObject({ type: 'checkout.session.expired', data: { object: { id: session.id } } });
    await expect(fake.pay(session.id)).rejects.toThrow(/expired/);
  });

  it('expires a session left open past its expires_at', async () => {
    const session = await plaqueSession({ expires_at: seconds('2026-03-10T09:30:00Z') });
    clock = new Date('2026-03-10T09:30:00Z');
    await expect(stripe.checkout.sessions.retrieve(session.id)).resolves.toMatchObject({ status: 'expired' });
    await fake.settled();
    expect(endpoint.received.at(-1)).toMatchObject({ type: 'checkout.session.expired', data: { object: { id: session.id } } });
    const page = await fetch(`${session.url}/confirm`, { method: 'POST', redirect: 'manual' });
    expect(page.status).toBe(410);
    await expect(page.text()).resolves.toContain('Betalingssiden er udløbet');
  });

  it("shows the buyer a Danish page whose 'Betal' pays and sends the browser to the success URL", async () => {
    const session = await plaqueSession();
    const page = await fetch(session.url!);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<html lang="da">');
    expect(html).toContain('<h1>Betaling</h1>');
    expect(html).toContain('Plade i granit, 20 × 15 cm: 1.499,00 kr.');
    expect(html).toContain('I alt: 1.599,00 kr.');
    expect(html).toContain('MobilePay');
    expect(html).toMatch(/<button type="submit">Betal<\/button>/);
    expect(html).toMatch(/<button type="submit">Annuller<\/button>/);

    const cancel = await fetch(`${session.url}/cancel`, { method: 'POST', redirect: 'manual' });
    expect([cancel.status, cancel.headers.get('location')]).toEqual([303, `${RETURN}/annulleret`]);
    expect(fake.sessions.get(session.id)?.session.status).toBe('open');

    const confirm = await fetch(`${session.url}/confirm`, { method: 'POST', redirect: 'manual', body: new URLSearchParams({ method: 'mobilepay' }) });
    expect([confirm.status, confirm.headers.get('location')]).toEqual([303, `${RETURN}/tak?session=${session.id}`]);
    expect(endpoint.received.at(-1)).toMatchObject({ type: 'checkout.session.completed', data: { object: { id: session.id, payment_status: 'paid' } } });
    const charge = fake.charges.get(fake.paymentIntents.get(fake.sessions.get(session.id)!.session.payment_intent as string)!.latest_charge as string);
    expect(charge?.payment_method_details?.type).toBe('mobilepay');
    await expect((await fetch(session.url!)).text()).resolves.toContain('Betalingen er gennemført');
  });

  it('keeps the events of a missed webhook, and sends one again, stale, wrongly signed or tampered on request', async () => {
    fake.setWebhookUrl(null);
    const paid = await fake.pay((await plaqueSession()).id);
    expect(paid.deliveries).toEqual([]);
    expect(fake.events.at(-1)?.id).toBe(paid.events[0]!.id);
    expect(endpoint.received).toEqual([]);

    fake.setWebhookUrl(endpoint.url);
    const eventId = paid.events[0]!.id;
    await expect(fake.deliver(eventId)).resolves.toBe(200);
    expect(endpoint.received.map((e) => e.id)).toEqual([eventId]);
    await expect(fake.deliver(eventId, { timestamp: Math.floor(Date.now() / 1000) - 3600 })).resolves.toBe(400);
    await expect(fake.deliver(eventId, { secret: 'whsec_someone_else' })).resolves.toBe(400);
    const tampered = JSON.stringify({ ...paid.events[0], data: { object: { ...paid.events[0]!.data.object, amount_total: 1 } } });
    await expect(fake.deliver(eventId, { body: tampered })).resolves.toBe(400);
    expect(endpoint.refused).toHaveLength(3);
    expect(fake.deliveries.slice(-4).map((d) => d.status)).toEqual([200, 400, 400, 400]);
  });

  it('signs each attempt anew, even within one second, and replays an earlier delivery byte for byte', async () => {
    fake.setWebhookUrl(null);
    const paid = await fake.pay((await plaqueSession()).id);
    fake.setWebhookUrl(endpoint.url);
    const eventId = paid.events[0]!.id;
    await expect(fake.deliver(eventId)).resolves.toBe(200);
    await expect(fake.deliver(eventId)).resolves.toBe(200);
    await expect(fake.replay(eventId)).resolves.toBe(200);
    const [first, second, replayed] = endpoint.signatures;
    expect(second).not.toBe(first);
    expect(replayed).toBe(second);
    const times = endpoint.signatures.map((header) => Number(/t=(\d+)/.exec(header)![1]));
    expect(times[1]).toBeGreaterThan(times[0]!);
    expect(endpoint.received.map((e) => e.id)).toEqual([eventId, eventId, eventId]);
  });
});

/** Plain payment parameters for a session of its own. */
function sessionParams(order: string): Stripe.Checkout.SessionCreateParams {
  return {
    mode: 'payment',
    line_items: [{ quantity: 1, price_data: { currency: 'dkk', unit_amount: 9_900, product_data: { name: 'Ekstra QR-kode' } } }],
    client_reference_id: order,
    success_url: `${RETURN}/tak`,
  };
}

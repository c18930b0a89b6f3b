/**
 * Stripe promises neither the order of its events nor that each arrives: delivered in any order,
 * late or not at all, they settle to the same state. A subscription's three events in every order;
 * an older customer.subscription.updated after a newer one; one that comes before the subscription
 * is known; charge.refunded before or after the payment's own event; and the success page catching
 * up an invoice.paid that never came after Checkout's own event did.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StripeApp, startStripeApp } from '../../../tests/support/fake-stripe-app';
import type { FakePaymentResult } from '../../../tests/support/fake-stripe';
import { castMemorial } from '../../../tests/support/memorial-cast';
import { invoices, premiumPeriods, subscriptions } from '../db/schema';

let app: StripeApp;
beforeAll(async () => {
  app = await startStripeApp();
});
afterAll(() => app.close());

const DAY = 24 * 3600_000;

/** What an order came to, without ids or times, so orders paid in different ways compare. */
async function outcome(orderId: string) {
  const db = app.t.database.db;
  const order = await app.order(orderId);
  const periods = await db.select().from(premiumPeriods).where(eq(premiumPeriods.orderId, orderId));
  const issued = await db.select().from(invoices).where(eq(invoices.orderId, orderId));
  const [subscription] = order.stripeSubscriptionId ? await db.select().from(subscriptions).where(eq(subscriptions.stripeSubscriptionId, order.stripeSubscriptionId)) : [];
  return {
    status: order.status,
    paymentKnown: order.stripePaymentIntentId !== null,
    periods: periods.map((period) => ({ revoked: period.revokedAt !== null, forGood: period.endsAt === null })),
    invoices: issued.map((invoice) => `${invoice.kind}:${invoice.status}`).sort(),
    subscription: subscription ? { status: subscription.status, cancelAtPeriodEnd: subscription.cancelAtPeriodEnd, periodEnd: subscription.currentPeriodEnd !== null } : null,
  };
}

/** A purchase paid at the fake Stripe with none of its events delivered yet. */
async function paidUndelivered(planSlug: 'premium-maaned' | 'premium-livstid') {
  const cast = await castMemorial(app.t);
  const purchase = await app.buy(cast.owner, { kind: 'premium', memorialId: cast.memorial.id, planSlug }, 'card');
  const paid = await app.fake.pay(purchase.sessionId!, { deliver: false });
  return { ...cast, orderId: purchase.orderId, sessionId: purchase.sessionId!, paid };
}

const eventOf = (paid: FakePaymentResult, type: string) => paid.events.find((event) => event.type === type)!;

async function deliverAll(eventIds: string[]) {
  for (const id of eventIds) expect(await app.fake.deliver(id)).toBe(200);
}

/** Stripe's events of something done at Stripe (its dashboard), kept back to be delivered by the test. */
async function heldBack(act: () => Promise<unknown>): Promise<string[]> {
  app.fake.setWebhookUrl(null);
  const before = app.fake.events.length;
  await act();
  app.fake.setWebhookUrl(app.webhookUrl);
  return app.fake.events.slice(before).map((event) => event.id);
}

const PERMUTATIONS = [
  [0, 1, 2],
  [0, 2, 1],
  [1, 0, 2],
  [1, 2, 0],
  [2, 0, 1],
  [2, 1, 0],
];

describe('a card subscription’s three events', () => {
  it('settle to the same state in each of their six orders', async () => {
    const outcomes = [];
    for (const order of PERMUTATIONS) {
      const { orderId, paid } = await paidUndelivered('premium-maaned');
      expect(paid.events.map((event) => event.type)).toEqual(['customer.subscription.created', 'invoice.paid', 'checkout.session.completed']);
      await deliverAll(order.map((i) => paid.events[i]!.id));
      outcomes.push(await outcome(orderId));
    }
    expect(outcomes[0]).toEqual({
      status: 'paid',
      paymentKnown: true,
      periods: [{ revoked: false, forGood: false }],
      invoices: ['invoice:paid'],
      subscription: { status: 'active', cancelAtPeriodEnd: false, periodEnd: true },
    });
    for (const each of outcomes) expect(each).toEqual(outcomes[0]);
  });
});

describe('customer.subscription.updated', () => {
  it('that comes before anything else of its subscription is kept, and the older events after it do not undo it', async () => {
    const { owner, orderId, paid } = await paidUndelivered('premium-maaned');
    app.t.clock.advance(60_000);
    // Stopped at the period's end in Stripe's dashboard before any of the payment's events arrived.
    const [updated] = await heldBack(() => app.stripe.subscriptions.update(paid.subscriptionId!, { cancel_at_period_end: true }));
    await deliverAll([updated!, ...paid.events.map((event) => event.id)]);
    expect((await outcome(orderId)).subscription).toEqual({ status: 'active', cancelAtPeriodEnd: true, periodEnd: true });
    const mine = (await app.get(owner.cookie, '/api/user/premium-status')).json().memorials[0];
    expect(mine).toMatchObject({ premium: true, subscription: { cancelAtPeriodEnd: true } });
  });

  it('older than one applied already changes nothing: the newest wins, in whatever order they come', async () => {
    const results = [];
    for (const order of [[0, 1, 2], [2, 0, 1], [1, 2, 0]]) {
      const { orderId, paid } = await paidUndelivered('premium-maaned');
      await deliverAll(paid.events.map((event) => event.id));
      const changes: string[] = [];
      for (const stop of [true, false, true]) {
        app.t.clock.advance(60_000);
        changes.push(...(await heldBack(() => app.stripe.subscriptions.update(paid.subscriptionId!, { cancel_at_period_end: stop }))));
      }
      await deliverAll(order.map((i) => changes[i]!));
      results.push((await outcome(orderId)).subscription);
    }
    expect(results).toEqual(Array(3).fill({ status: 'active', cancelAtPeriodEnd: true, periodEnd: true }));
  });
});

describe('charge.refunded', () => {
  it('before or after the payment’s own event: the order ends refunded, credited, its Premium revoked', async () => {
    const results = [];
    for (const refundFirst of [false, true]) {
      for (const plan of ['premium-livstid', 'premium-maaned'] as const) {
        const { orderId, paid } = await paidUndelivered(plan);
        const refund = await heldBack(() => app.stripe.refunds.create({ payment_intent: paid.paymentIntentId! }));
        const payment = paid.events.map((event) => event.id);
        await deliverAll(refundFirst ? [...refund, ...payment] : [...payment, ...refund]);
        results.push({ plan, ...(await outcome(orderId)) });
      }
    }
    const [lifetime, monthly] = results;
    expect(lifetime).toEqual({ plan: 'premium-livstid', status: 'refunded', paymentKnown: true, periods: [{ revoked: true, forGood: true }], invoices: ['credit_note:paid', 'invoice:credited'], subscription: null });
    expect(monthly).toMatchObject({ status: 'refunded', paymentKnown: true, periods: [{ revoked: true, forGood: false }], invoices: ['credit_note:paid', 'invoice:credited'] });
    expect(results.slice(2)).toEqual(results.slice(0, 2));
  });
});

describe('the success page', () => {
  it('adds the period Stripe was paid for when checkout.session.completed came but invoice.paid was lost', async () => {
    const { memorial, owner, orderId, sessionId, paid } = await paidUndelivered('premium-maaned');
    await deliverAll([eventOf(paid, 'customer.subscription.created').id, eventOf(paid, 'checkout.session.completed').id]);
    // Paid, but without the invoice's event the ledger has no period: the memorial is not Premium.
    expect((await outcome(orderId)).periods).toEqual([]);
    expect((await app.get(owner.cookie, '/api/user/premium-status')).json().memorials[0].premium).toBe(false);

    const result = await app.get(owner.cookie, `/api/checkout/${sessionId}`);
    expect(result.json()).toMatchObject({ paid: true, memorial: { slug: memorial.slug } });
    const mine = (await app.get(owner.cookie, '/api/user/premium-status')).json().memorials[0];
    expect(mine.premium).toBe(true);
    expect(new Date(mine.premiumUntil).getTime() - app.t.clock.now().getTime()).toBeGreaterThan(27 * DAY);
    const settled = await outcome(orderId);
    expect(settled).toMatchObject({ status: 'paid', paymentKnown: true, periods: [{ revoked: false, forGood: false }], invoices: ['invoice:paid'] });

    // The lost event comes at last, and so does the page again: nothing is added twice.
    await deliverAll([eventOf(paid, 'invoice.paid').id]);
    await app.get(owner.cookie, `/api/checkout/${sessionId}`);
    expect(await outcome(orderId)).toEqual(settled);
  });
});

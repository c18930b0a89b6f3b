/**
 * Refunding a period of a Premium subscription by card, through the fake Stripe: each period's
 * order knows the payment that paid it (read from the invoice's payments, as the pinned API
 * version gives them), so staff refund it like any card payment (a credit note, the period
 * revoked) and the subscription is ended at Stripe so it charges no more; a refund made in Stripe's
 * own dashboard finds its order through charge.refunded, a renewal's included.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StripeApp, startStripeApp } from '../../../tests/support/fake-stripe-app';
import { castMemorial } from '../../../tests/support/memorial-cast';
import { signIn } from '../../../tests/support/sign-in';
import { invoices, orders, staffActions, subscriptions } from '../db/schema';

let app: StripeApp;
beforeAll(async () => {
  app = await startStripeApp();
});
afterAll(() => app.close());

const DAY = 24 * 3600_000;
const invoiceKinds = async (orderId: string) =>
  (await app.t.database.db.select().from(invoices).where(eq(invoices.orderId, orderId))).map((row) => `${row.kind}:${row.status}`).sort();

async function subscribed(planSlug: 'premium-maaned' | 'premium-aar') {
  const cast = await castMemorial(app.t);
  const purchase = await app.buy(cast.owner, { kind: 'premium', memorialId: cast.memorial.id, planSlug }, 'card');
  const paid = await app.fake.pay(purchase.sessionId!);
  expect(paid.deliveries.map((d) => d.status)).toEqual([200, 200, 200]);
  return { ...cast, orderId: purchase.orderId, paid };
}

describe('staff refund a period of a running subscription', () => {
  it('gives the money back through Stripe, credits the invoice, revokes the period, and ends the subscription so it charges no more', async () => {
    const { memorial, owner, orderId, paid } = await subscribed('premium-maaned');
    expect(await app.order(orderId)).toMatchObject({ status: 'paid', stripePaymentIntentId: paid.paymentIntentId, stripeSubscriptionId: paid.subscriptionId });

    const refund = await app.post(app.staff, `/api/admin/orders/${orderId}/refund`, { reason: 'Familien fortrød inden for 14 dage' });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(refund.json()).toMatchObject({ status: 'refunded', canRefund: false });
    await app.fake.settled();

    expect(app.fake.charges.get(paid.chargeId!)).toMatchObject({ refunded: true, amount_refunded: 4900 });
    expect(app.fake.subscriptions.get(paid.subscriptionId!)).toMatchObject({ status: 'canceled', cancellation_details: { comment: 'Refunderet: Familien fortrød inden for 14 dage' } });
    expect(await invoiceKinds(orderId)).toEqual(['credit_note:paid', 'invoice:credited']);
    const [period] = await app.periodsOf(memorial.id);
    expect(period!.revokedAt).not.toBeNull();
    const status = (await app.get(owner.cookie, '/api/user/premium-status')).json().memorials[0];
    expect(status).toMatchObject({ premium: false, subscription: null });
    const [row] = await app.t.database.db.select().from(subscriptions).where(eq(subscriptions.stripeSubscriptionId, paid.subscriptionId!));
    expect(row).toMatchObject({ status: 'canceled', cancelAtPeriodEnd: false });

    // Nothing left to charge: Stripe will not renew an ended subscription.
    await expect(app.fake.renew(paid.subscriptionId!)).rejects.toThrow(/only an active one renews/);
    const [audit] = await app.t.database.db.select().from(staffActions).where(and(eq(staffActions.action, 'order.refund'), eq(staffActions.subject, `order:${orderId}`)));
    expect(audit!.details).toMatchObject({ reason: 'Familien fortrød inden for 14 dage', subscriptionEnded: paid.subscriptionId });
    // Stripe's charge.refunded and customer.subscription.deleted came too, and changed nothing more.
    expect(await invoiceKinds(orderId)).toEqual(['credit_note:paid', 'invoice:credited']);
    expect((await app.post(app.staff, `/api/admin/orders/${orderId}/refund`, { reason: 'Igen' })).statusCode).toBe(409);
  });

  it('refunds an order whose first invoice.paid came before Checkout’s own event', async () => {
    const cast = await castMemorial(app.t);
    const purchase = await app.buy(cast.owner, { kind: 'premium', memorialId: cast.memorial.id, planSlug: 'premium-aar' }, 'card');
    const paid = await app.fake.pay(purchase.sessionId!, { deliver: false });
    // Checkout's session names no payment for a subscription: the invoice's payments do, whichever comes first.
    for (const type of ['checkout.session.completed', 'invoice.paid', 'customer.subscription.created']) {
      expect(await app.fake.deliver(paid.events.find((event) => event.type === type)!.id)).toBe(200);
    }
    expect(await app.order(purchase.orderId)).toMatchObject({ status: 'paid', stripePaymentIntentId: paid.paymentIntentId });
    const refund = await app.post(app.staff, `/api/admin/orders/${purchase.orderId}/refund`, { reason: 'Dobbeltkøb' });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(app.fake.charges.get(paid.chargeId!)!.refunded).toBe(true);
  });
});

// Last: it moves the clock a month on.
describe('a renewal refunded in Stripe’s own dashboard', () => {
  it('is found by its payment: the renewal’s order is refunded with a credit note and its period revoked, the first period kept', async () => {
    const { memorial, owner, orderId, paid } = await subscribed('premium-maaned');
    app.t.clock.advance(31 * DAY);
    owner.cookie = await signIn(app.t, owner);
    await app.fake.renew(paid.subscriptionId!);
    await app.fake.settled();
    const renewal = (await app.t.database.db.select().from(orders).where(eq(orders.stripeSubscriptionId, paid.subscriptionId!))).find((row) => row.id !== orderId)!;
    const renewalInvoice = [...app.fake.invoices.values()].find((invoice) => invoice.parent?.subscription_details?.subscription === paid.subscriptionId && invoice.billing_reason === 'subscription_cycle')!;
    const { payments } = await app.stripe.invoices.retrieve(renewalInvoice.id, { expand: ['payments'] });
    expect(renewal).toMatchObject({ status: 'paid', stripePaymentIntentId: payments!.data[0]!.payment.payment_intent });
    expect((await app.get(owner.cookie, '/api/user/premium-status')).json().memorials[0].premium).toBe(true);

    await app.stripe.refunds.create({ payment_intent: renewal.stripePaymentIntentId! });
    await app.fake.settled();
    expect(await app.order(renewal.id)).toMatchObject({ status: 'refunded' });
    expect(await invoiceKinds(renewal.id)).toEqual(['credit_note:paid', 'invoice:credited']);
    expect(await app.order(orderId)).toMatchObject({ status: 'paid' });
    const periods = await app.periodsOf(memorial.id);
    expect(periods.map((period) => [period.orderId, period.revokedAt !== null]).sort()).toEqual([[orderId, false], [renewal.id, true]].sort());
    expect((await app.get(owner.cookie, '/api/user/premium-status')).json().memorials[0].premium).toBe(false);
  });
});

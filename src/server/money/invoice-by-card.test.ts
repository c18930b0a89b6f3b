/**
 * An open invoice paid by card instead of by transfer (/invoice-payment/{id} → POST
 * /api/orders/{id}/checkout), end to end through the fake Stripe: one payment of that invoice's
 * amount, never a subscription, so the period it pays for is added once, after any running one; the
 * same invoice is marked paid by card; the payment can be refunded. Another's order is 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StripeApp, startStripeApp } from '../../../tests/support/fake-stripe-app';
import { castMemorial } from '../../../tests/support/memorial-cast';
import { pdfText } from '../../../tests/support/qr-decode';
import { moneyMessages } from '../../shared/money-api';

let app: StripeApp;
beforeAll(async () => {
  app = await startStripeApp();
});
afterAll(() => app.close());

const DAY = 24 * 3600_000;

describe('an open Premium invoice paid by card', () => {
  it('is one payment of that invoice’s period, not a subscription, and marks the same invoice paid', async () => {
    const { memorial, owner, stranger } = await castMemorial(app.t);
    // A year already running, bought by transfer: the month paid next starts where it ends.
    const year = await app.buy(owner, { kind: 'premium', memorialId: memorial.id, planSlug: 'premium-aar' }, 'bank_transfer');
    expect((await app.post(app.staff, `/api/admin/orders/${year.orderId}/mark-paid`)).statusCode).toBe(200);
    const { orderId, invoiceId } = await app.buy(owner, { kind: 'premium', memorialId: memorial.id, planSlug: 'premium-maaned' }, 'bank_transfer');
    expect((await app.get(owner.cookie, `/api/invoices/${invoiceId}`)).json()).toMatchObject({ status: 'open', totalOre: 4900, cardPayments: true });

    expect((await app.post(stranger.cookie, `/api/orders/${orderId}/checkout`, { paymentMethod: 'card' })).statusCode).toBe(404);
    const checkout = await app.post(owner.cookie, `/api/orders/${orderId}/checkout`, { paymentMethod: 'card' });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const sessionId = new URL(checkout.json().checkoutUrl).pathname.split('/').pop()!;
    const { session, lineItems } = app.fake.sessions.get(sessionId)!;
    expect(session).toMatchObject({ mode: 'payment', amount_total: 4900, allowed_payment_method_types: ['card'], client_reference_id: orderId });
    expect(lineItems).toEqual([expect.objectContaining({ interval: null, unitAmount: 4900 })]);
    // Pressed twice: the same page at Stripe.
    expect((await app.post(owner.cookie, `/api/orders/${orderId}/checkout`, { paymentMethod: 'card' })).json().checkoutUrl).toBe(checkout.json().checkoutUrl);

    const subscriptionsBefore = app.fake.subscriptions.size;
    const paid = await app.fake.pay(sessionId);
    expect(paid.deliveries.map((delivery) => delivery.status)).toEqual([200]);
    expect(app.fake.subscriptions.size).toBe(subscriptionsBefore);
    expect(await app.order(orderId)).toMatchObject({ status: 'paid', paymentMethod: 'card', stripePaymentIntentId: paid.paymentIntentId, stripeSubscriptionId: null });

    const result = (await app.get(owner.cookie, `/api/checkout/${sessionId}`)).json();
    expect(result).toMatchObject({ paid: true, invoiceId });
    const detail = (await app.get(owner.cookie, `/api/orders/${orderId}`)).json();
    expect(detail.invoices).toEqual([expect.objectContaining({ id: invoiceId, kind: 'invoice', status: 'paid' })]);
    expect(await pdfText((await app.get(owner.cookie, `/api/invoices/${invoiceId}/pdf`)).rawPayload)).toContain('med kort');

    const status = (await app.get(owner.cookie, '/api/user/premium-status')).json().memorials[0];
    expect(status).toMatchObject({ premium: true, subscription: null, pendingOrderId: null });
    const periods = (await app.periodsOf(memorial.id)).sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
    expect(periods).toHaveLength(2);
    expect(periods[1]!.startsAt).toEqual(periods[0]!.endsAt);
    const days = (periods[1]!.endsAt!.getTime() - periods[1]!.startsAt.getTime()) / DAY;
    expect(days).toBeGreaterThanOrEqual(28);
    expect(days).toBeLessThanOrEqual(31);

    const again = await app.post(owner.cookie, `/api/orders/${orderId}/checkout`, { paymentMethod: 'card' });
    expect([again.statusCode, again.json().message]).toEqual([409, moneyMessages.notPayable]);
    const refund = await app.post(app.staff, `/api/admin/orders/${orderId}/refund`, { reason: 'Betalt to gange' });
    expect(refund.statusCode, refund.body).toBe(200);
    await app.fake.settled();
    expect(app.fake.charges.get(paid.chargeId!)!.refunded).toBe(true);
    expect(refund.json().invoices.map((invoice: { kind: string }) => invoice.kind)).toEqual(['invoice', 'credit_note']);
  });

  it('by MobilePay is one payment too', async () => {
    const { memorial, owner } = await castMemorial(app.t);
    const { orderId } = await app.buy(owner, { kind: 'premium', memorialId: memorial.id, planSlug: 'premium-aar' }, 'bank_transfer');
    const checkout = await app.post(owner.cookie, `/api/orders/${orderId}/checkout`, { paymentMethod: 'mobilepay' });
    const sessionId = new URL(checkout.json().checkoutUrl).pathname.split('/').pop()!;
    expect(app.fake.sessions.get(sessionId)!.session).toMatchObject({ mode: 'payment', amount_total: 49000 });
    await app.fake.pay(sessionId, { method: 'mobilepay' });
    expect(await app.order(orderId)).toMatchObject({ status: 'paid', paymentMethod: 'mobilepay' });
    expect((await app.get(owner.cookie, '/api/user/premium-status')).json().memorials[0]).toMatchObject({ premium: true, subscription: null });
  });
});

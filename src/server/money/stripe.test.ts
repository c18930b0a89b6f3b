/**
 * Paying through Stripe, with the official library pointed at a local fake of Stripe's API
 * (tests/support/fake-stripe.ts) whose events are signed by the library's own test helper and
 * delivered to this server over loopback. Premium by card is a subscription whose paid invoices add
 * periods; MobilePay pays one period; a webhook that is forged, tampered, stale or replayed is 400
 * and changes nothing, while Stripe's own redelivery (signed anew) is 200 and changes nothing; a
 * missed webhook is caught up by the success page; a refund goes back through Stripe.
 */
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeStripe } from '../../../tests/support/fake-stripe';
import { type StripeApp, WEBHOOK_SECRET, startStripeApp } from '../../../tests/support/fake-stripe-app';
import { type Person, castMemorial } from '../../../tests/support/memorial-cast';
import { signIn } from '../../../tests/support/sign-in';
import type { TestApp } from '../../../tests/support/test-app';
import { invoices, orders, stripeEvents, stripeWebhookDeliveries } from '../db/schema';
import { applyStripeEvent } from './stripe-events';

let app: StripeApp;
let t: TestApp;
let fake: FakeStripe;
let staff: string;

beforeAll(async () => {
  app = await startStripeApp();
  ({ t, fake, staff } = app);
});
afterAll(() => app.close());

const buy = async (who: Person, item: object, paymentMethod: 'card' | 'mobilepay') => {
  const { orderId, sessionId, checkoutUrl } = await app.buy(who, item, paymentMethod);
  return { orderId, sessionId: sessionId!, checkoutUrl: checkoutUrl! };
};
const get = (cookie: string, url: string) => app.get(cookie, url);
const status = async (who: Person) => (await get(who.cookie, '/api/user/premium-status')).json().memorials[0];
const periodsOf = (memorialId: string) => app.periodsOf(memorialId);

describe('MobilePay', () => {
  it('pays one period at a time (Stripe takes no recurring MobilePay payments), and the lifetime price for good', async () => {
    const { memorial, owner } = await castMemorial(t);
    const month = await buy(owner, { kind: 'premium', memorialId: memorial.id, planSlug: 'premium-maaned' }, 'mobilepay');
    expect(fake.sessions.get(month.sessionId)!.session).toMatchObject({ mode: 'payment', allowed_payment_method_types: ['mobilepay'] });
    await fake.pay(month.sessionId, { method: 'mobilepay' });
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, month.orderId));
    expect(order).toMatchObject({ status: 'paid', paymentMethod: 'mobilepay', stripeSubscriptionId: null });
    expect((await status(owner)).subscription).toBeNull();

    const ever = await buy(owner, { kind: 'premium', memorialId: memorial.id, planSlug: 'premium-livstid' }, 'mobilepay');
    await fake.pay(ever.sessionId, { method: 'mobilepay' });
    expect(await status(owner)).toMatchObject({ premium: true, forGood: true, premiumUntil: null });
    const more = await t.request({ method: 'POST', url: '/api/orders', headers: { cookie: owner.cookie }, payload: { idempotencyKey: `late-${Date.now()}`, paymentMethod: 'mobilepay', item: { kind: 'premium', memorialId: memorial.id, planSlug: 'premium-aar' } } });
    expect(more.statusCode).toBe(409);
  });
});

describe('the webhook', () => {
  it('refuses a forged, tampered, stale or replayed delivery with 400, and applies Stripe’s own redelivery once', async () => {
    const { memorial, owner } = await castMemorial(t);
    const { orderId, sessionId } = await buy(owner, { kind: 'premium', memorialId: memorial.id, planSlug: 'premium-livstid' }, 'card');
    const paid = await fake.pay(sessionId, { deliver: false });
    const completed = paid.events.find((event) => event.type === 'checkout.session.completed')!;

    expect(await fake.deliver(completed.id, { secret: 'whsec_someone_else' })).toBe(400);
    const tampered = JSON.stringify({ ...completed, data: { object: { ...completed.data.object, amount_total: 1 } } });
    expect(await fake.deliver(completed.id, { body: tampered })).toBe(400);
    expect(await fake.deliver(completed.id, { timestamp: Math.floor(Date.now() / 1000) - 3600 })).toBe(400);
    const unsigned = await t.request({ method: 'POST', url: '/api/stripe/webhook', headers: { 'content-type': 'application/json' }, payload: JSON.stringify(completed) });
    expect(unsigned.statusCode).toBe(400);
    expect(await t.database.db.select().from(stripeEvents).where(eq(stripeEvents.id, completed.id))).toHaveLength(0);
    expect((await t.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!.status).toBe('pending_payment');

    expect(await fake.deliver(completed.id)).toBe(200);
    // Stripe's retry is signed anew: answered 200, applied once.
    expect(await fake.deliver(completed.id)).toBe(200);
    // The same request again, byte for byte and under the same signature: a replay, refused.
    const replayed = await fake.replay(completed.id);
    expect(replayed).toBe(400);
    expect((await t.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!.status).toBe('paid');
    expect(await periodsOf(memorial.id)).toHaveLength(1);
    expect(await t.database.db.select().from(invoices).where(eq(invoices.orderId, orderId))).toHaveLength(1);
    expect(await t.database.db.select().from(stripeEvents).where(eq(stripeEvents.id, completed.id))).toHaveLength(1);
  });
});

describe('a replayed webhook', () => {
  it('is told from Stripe’s retry by its signature: two copies of one request at once, one applied, one 400', async () => {
    const { memorial, owner } = await castMemorial(t);
    const { orderId, sessionId } = await buy(owner, { kind: 'premium', memorialId: memorial.id, planSlug: 'premium-livstid' }, 'card');
    const paid = await fake.pay(sessionId, { deliver: false });
    const completed = paid.events.find((event) => event.type === 'checkout.session.completed')!;
    // A signature older than the library's five minutes is kept no longer: it would be refused as stale anyway.
    await t.database.db.insert(stripeWebhookDeliveries).values({ signature: 'old', signedAt: new Date(Date.now() - 10 * 60_000) });
    const payload = JSON.stringify(completed, null, 2);
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    const send = () => t.request({ method: 'POST', url: '/api/stripe/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': header }, payload });
    const answers = await Promise.all([send(), send()]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    expect(answers.find((answer) => answer.statusCode === 400)!.json()).toEqual({ message: 'Denne levering er modtaget før.' });
    expect((await send()).statusCode).toBe(400);
    expect((await t.database.db.select().from(orders).where(eq(orders.id, orderId)))[0]!.status).toBe('paid');
    expect(await periodsOf(memorial.id)).toHaveLength(1);
    const kept = (await t.database.db.select().from(stripeWebhookDeliveries)).map((row) => row.signature);
    expect(kept).not.toContain('old');
    expect(kept.length).toBeGreaterThan(0);
  });
});

describe('a refund by card', () => {
  it('goes back through Stripe, issues one credit note, and Stripe’s own refund event changes nothing more', async () => {
    const { memorial, owner } = await castMemorial(t);
    const { orderId, sessionId } = await buy(owner, { kind: 'premium', memorialId: memorial.id, planSlug: 'premium-livstid' }, 'card');
    const paid = await fake.pay(sessionId);
    const refund = await t.request({ method: 'POST', url: `/api/admin/orders/${orderId}/refund`, headers: { cookie: staff }, payload: { reason: 'Købt to gange ved en fejl' } });
    expect(refund.statusCode, refund.body).toBe(200);
    await fake.settled();
    expect(fake.charges.get(paid.chargeId!)).toMatchObject({ refunded: true, amount_refunded: 149500 });
    const rows = await t.database.db.select().from(invoices).where(eq(invoices.orderId, orderId));
    expect(rows.map((row) => row.kind).sort()).toEqual(['credit_note', 'invoice']);
    expect((await status(owner)).premium).toBe(false);
    const again = await t.request({ method: 'POST', url: `/api/admin/orders/${orderId}/refund`, headers: { cookie: staff }, payload: { reason: 'Igen' } });
    expect(again.statusCode).toBe(409);
  });
});

// Last: it moves the clock two months on.
describe('Premium by card', () => {
  it('is a subscription: paid through Checkout, renewed by its invoices, stopped at the period’s end', async () => {
    const { memorial, owner } = await castMemorial(t);
    const { orderId, sessionId, checkoutUrl } = await buy(owner, { kind: 'premium', memorialId: memorial.id, planSlug: 'premium-maaned' }, 'card');
    expect(checkoutUrl.startsWith(fake.url)).toBe(true);
    const checkout = fake.sessions.get(sessionId)!;
    expect(checkout.session).toMatchObject({ mode: 'subscription', amount_total: 4900, currency: 'dkk', client_reference_id: orderId });
    expect(checkout.session.allowed_payment_method_types).toEqual(['card']);
    expect((await get(owner.cookie, `/api/checkout/${sessionId}`)).json()).toMatchObject({ paid: false });

    const paid = await fake.pay(sessionId);
    expect(paid.deliveries.map((d) => d.status)).toEqual(paid.events.map(() => 200));
    const result = (await get(owner.cookie, `/api/checkout/${sessionId}`)).json();
    expect(result).toMatchObject({ paid: true, memorial: { name: memorial.name, slug: memorial.slug } });
    expect(result.invoiceId).toEqual(expect.any(String));
    let mine = await status(owner);
    expect(mine).toMatchObject({ premium: true, subscription: { planSlug: 'premium-maaned', cancelAtPeriodEnd: false } });
    expect(await periodsOf(memorial.id)).toHaveLength(1);

    // A month on, Stripe renews: a new period, and an order and invoice of its own.
    t.clock.advance(31 * 24 * 3600_000);
    owner.cookie = await signIn(t, owner);
    await fake.renew(paid.subscriptionId!);
    await fake.settled();
    expect(await periodsOf(memorial.id)).toHaveLength(2);
    mine = await status(owner);
    expect(mine.premium).toBe(true);
    const myOrders = (await get(owner.cookie, '/api/orders')).json().orders;
    expect(myOrders).toHaveLength(2);
    expect(myOrders[0]).toMatchObject({ status: 'paid', title: 'Premium (fornyelse)', totalOre: 4900 });

    const stop = await t.request({ method: 'POST', url: `/api/subscriptions/${mine.subscription.id}/cancel`, headers: { cookie: owner.cookie } });
    expect(stop.statusCode, stop.body).toBe(200);
    expect(stop.json().subscription.cancelAtPeriodEnd).toBe(true);
    expect(fake.subscriptions.get(paid.subscriptionId!)!.cancel_at_period_end).toBe(true);
    const again = await t.request({ method: 'POST', url: `/api/subscriptions/${mine.subscription.id}/resume`, headers: { cookie: owner.cookie } });
    expect(again.json().subscription.cancelAtPeriodEnd).toBe(false);
    await fake.settled();
    // The cancel's event, stamped in the same second (Stripe stamps whole seconds), arriving after
    // the "carry on": it is older than the answer the row was written from, and changes nothing.
    const stale = { ...structuredClone(fake.subscriptions.get(paid.subscriptionId!)!), cancel_at_period_end: true };
    const created = Math.floor(t.clock.now().getTime() / 1000);
    const event = { id: `evt_stale_${created}`, object: 'event', type: 'customer.subscription.updated', created, data: { object: stale } } as unknown as Stripe.Event;
    expect(await t.database.db.transaction((tx) => applyStripeEvent(tx, { config: t.app.deps.config, now: t.clock.now() }, event))).toBe(true);
    expect((await status(owner)).subscription.cancelAtPeriodEnd).toBe(false);
    await t.request({ method: 'POST', url: `/api/subscriptions/${mine.subscription.id}/cancel`, headers: { cookie: owner.cookie } });
    await fake.settled();

    // The period runs out: Stripe ends the subscription, and the memorial is free again, nothing deleted.
    t.clock.advance(31 * 24 * 3600_000);
    owner.cookie = await signIn(t, owner);
    await fake.renew(paid.subscriptionId!);
    await fake.settled();
    mine = await status(owner);
    expect(mine.premium).toBe(false);
    expect(mine.subscription).toBeNull();
    expect(await periodsOf(memorial.id)).toHaveLength(2);
    const page = await t.request({ method: 'GET', url: `/api/memorials/${memorial.slug}` });
    expect(page.statusCode).toBe(200);
  });

  it('settles from Stripe’s own record when the webhook never came, and the late webhook adds nothing', async () => {
    const { memorial, owner } = await castMemorial(t);
    const { orderId, sessionId } = await buy(owner, { kind: 'premium', memorialId: memorial.id, planSlug: 'premium-aar' }, 'card');
    const paid = await fake.pay(sessionId, { deliver: false });
    expect((await status(owner)).premium).toBe(false);
    expect((await get(owner.cookie, `/api/checkout/${sessionId}`)).json()).toMatchObject({ paid: true });
    expect((await status(owner)).premium).toBe(true);
    for (const event of paid.events) expect(await fake.deliver(event.id)).toBe(200);
    expect(await periodsOf(memorial.id)).toHaveLength(1);
    expect(await t.database.db.select().from(invoices).where(eq(invoices.orderId, orderId))).toHaveLength(1);
  });
});

/**
 * The back office's money actions leave their audit entry (staff_actions) in the same transaction:
 * a transfer marked received, each production step, a refund and a price change, with who did it,
 * to whom and what. A price change reaches new orders only; an order keeps the price it was bought
 * at. And what is the family's own stays theirs: a stranger managing another's subscription or
 * reading another's checkout session is answered 404, as for one that does not exist.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StripeApp, startStripeApp } from '../../../tests/support/fake-stripe-app';
import { castMemorial } from '../../../tests/support/memorial-cast';
import { staffActions } from '../db/schema';
import { SUBSCRIPTION_NOT_FOUND } from './subscriptions';
import { ORDER_NOT_FOUND } from './orders';

let app: StripeApp;
beforeAll(async () => {
  app = await startStripeApp();
});
afterAll(() => app.close());

const delivery = { name: 'Anna Ejer', address: 'Kirkevej 3', postcode: '5000', town: 'Odense C' };
const auditOf = (subject: string) =>
  app.t.database.db.select().from(staffActions).where(eq(staffActions.subject, subject)).orderBy(asc(staffActions.at), asc(staffActions.id));

describe('the audit log', () => {
  it('has an entry for a transfer marked received, each step, and a refund: who, to whom, what', async () => {
    const { memorial, owner } = await castMemorial(app.t);
    const { orderId } = await app.buy(owner, { kind: 'extra_codes', memorialId: memorial.id, quantity: 2, delivery }, 'bank_transfer');
    const { number, totalOre } = await app.order(orderId);
    expect((await app.post(app.staff, `/api/admin/orders/${orderId}/mark-paid`)).statusCode).toBe(200);
    for (const [status, note] of [['in_production', ''], ['shipped', 'PostNord 00370712345678'], ['delivered', '']] as const) {
      expect((await app.post(app.staff, `/api/admin/orders/${orderId}/status`, { status, note })).statusCode).toBe(200);
    }
    // A step that does not follow is refused and leaves no entry.
    expect((await app.post(app.staff, `/api/admin/orders/${orderId}/status`, { status: 'shipped', note: '' })).statusCode).toBe(409);
    expect((await app.post(app.staff, `/api/admin/orders/${orderId}/refund`, { reason: 'Koderne kom aldrig frem' })).statusCode).toBe(200);

    const entries = await auditOf(`order:${orderId}`);
    expect(entries.map((entry) => entry.action)).toEqual(['order.mark-paid', 'order.status', 'order.status', 'order.status', 'order.refund']);
    for (const entry of entries) expect(entry).toMatchObject({ actorId: app.staffId, targetUserId: owner.id });
    expect(entries.map((entry) => entry.details)).toEqual([
      { number, totalOre },
      { number, from: 'paid', to: 'in_production', note: '' },
      { number, from: 'in_production', to: 'shipped', note: 'PostNord 00370712345678' },
      { number, from: 'shipped', to: 'delivered', note: '' },
      { number, totalOre, reason: 'Koderne kom aldrig frem' },
    ]);
  });

  it('has an entry for a cancelled unpaid order, and none for an action refused', async () => {
    const { memorial, owner } = await castMemorial(app.t);
    const { orderId } = await app.buy(owner, { kind: 'premium', memorialId: memorial.id, planSlug: 'premium-maaned' }, 'bank_transfer');
    expect((await app.post(app.staff, `/api/admin/orders/${orderId}/refund`, { reason: 'Ikke betalt' })).statusCode).toBe(409);
    expect((await app.post(app.staff, `/api/admin/orders/${orderId}/status`, { status: 'cancelled', note: 'Aldrig betalt' })).statusCode).toBe(200);
    expect((await app.post(app.staff, `/api/admin/orders/${orderId}/mark-paid`)).statusCode).toBe(409);
    const entries = await auditOf(`order:${orderId}`);
    expect(entries.map((entry) => [entry.action, entry.details.to])).toEqual([['order.status', 'cancelled']]);
  });
});

describe('a price change', () => {
  it('is logged, and reaches new orders only: an order placed before keeps its price, on its lines and its invoice', async () => {
    const { memorial, owner } = await castMemorial(app.t);
    const before = await app.buy(owner, { kind: 'premium', memorialId: memorial.id, planSlug: 'premium-maaned' }, 'bank_transfer');
    const changed = await app.t.request({ method: 'PUT', url: '/api/admin/prices/plan/premium-maaned', headers: { cookie: app.staff }, payload: { priceOre: 5900 } });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().prices).toContainEqual(expect.objectContaining({ kind: 'plan', slug: 'premium-maaned', priceOre: 5900 }));
    const catalogue = (await app.get(owner.cookie, '/api/catalogue')).json();
    expect(catalogue.premium.find((plan: { slug: string }) => plan.slug === 'premium-maaned').priceOre).toBe(5900);

    const after = await app.buy(owner, { kind: 'premium', memorialId: memorial.id, planSlug: 'premium-maaned' }, 'bank_transfer');
    const newer = (await app.get(owner.cookie, `/api/orders/${after.orderId}`)).json();
    expect(newer).toMatchObject({ totalOre: 5900, lines: [{ unitPriceOre: 5900, totalOre: 5900 }] });
    expect((await app.get(owner.cookie, `/api/invoices/${after.invoiceId}`)).json()).toMatchObject({ totalOre: 5900 });

    // Paid after the change, the older order is still the price it was bought at.
    expect((await app.post(app.staff, `/api/admin/orders/${before.orderId}/mark-paid`)).statusCode).toBe(200);
    const older = (await app.get(owner.cookie, `/api/orders/${before.orderId}`)).json();
    expect(older).toMatchObject({ status: 'paid', totalOre: 4900, lines: [{ unitPriceOre: 4900, totalOre: 4900 }] });
    expect((await app.get(owner.cookie, `/api/invoices/${before.invoiceId}`)).json()).toMatchObject({ totalOre: 4900, status: 'paid' });

    const [entry] = await app.t.database.db
      .select()
      .from(staffActions)
      .where(and(eq(staffActions.action, 'price.change'), eq(staffActions.subject, 'plan:premium-maaned')));
    expect(entry).toMatchObject({ actorId: app.staffId, details: { from: 4900, to: 5900 } });
    // Back to the seeded price, for the other tests of this file.
    await app.t.request({ method: 'PUT', url: '/api/admin/prices/plan/premium-maaned', headers: { cookie: app.staff }, payload: { priceOre: 4900 } });
  });
});

describe('what is the family’s own', () => {
  it('answers a stranger 404 for another’s subscription (stop or resume) and checkout session, and changes nothing', async () => {
    const { memorial, owner, viewer, stranger } = await castMemorial(app.t);
    const { sessionId } = await app.buy(owner, { kind: 'premium', memorialId: memorial.id, planSlug: 'premium-maaned' }, 'card');
    const paid = await app.fake.pay(sessionId!);
    const subscription = (await app.get(owner.cookie, '/api/user/premium-status')).json().memorials[0].subscription;

    for (const who of [stranger, viewer]) {
      for (const action of ['cancel', 'resume']) {
        const refused = await app.post(who.cookie, `/api/subscriptions/${subscription.id}/${action}`);
        expect([refused.statusCode, refused.json().message]).toEqual([404, SUBSCRIPTION_NOT_FOUND]);
      }
      const session = await app.get(who.cookie, `/api/checkout/${sessionId}`);
      expect([session.statusCode, session.json().message]).toEqual([404, ORDER_NOT_FOUND]);
    }
    expect((await app.post(stranger.cookie, `/api/subscriptions/${randomUUID()}/cancel`)).statusCode).toBe(404);
    expect((await app.get(stranger.cookie, '/api/checkout/cs_test_unknown')).statusCode).toBe(404);
    expect(app.fake.subscriptions.get(paid.subscriptionId!)!.cancel_at_period_end).toBe(false);
    expect((await app.get(owner.cookie, '/api/user/premium-status')).json().memorials[0].subscription).toMatchObject({ cancelAtPeriodEnd: false });
    expect((await app.get(owner.cookie, `/api/checkout/${sessionId}`)).json()).toMatchObject({ paid: true });
  });
});

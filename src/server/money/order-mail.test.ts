/**
 * Every step of an order e-mails the buyer, through the outbox and a real SMTP capture: placing it
 * (with where to find the invoice when paying by transfer), paying, refunding, the buyer calling off
 * an unpaid order (whose open invoice is credited), and each renewal of a subscription, which is an
 * order of its own.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StripeApp, startStripeApp } from '../../../tests/support/fake-stripe-app';
import type { CapturedMail } from '../../../tests/support/smtp-capture';
import { castMemorial } from '../../../tests/support/memorial-cast';
import { signIn } from '../../../tests/support/sign-in';
import { orders } from '../db/schema';

let app: StripeApp;
beforeAll(async () => {
  app = await startStripeApp();
});
afterAll(() => app.close());

/** The subjects of the mails about order `number`, in the order they came. */
async function mailAbout(email: string, number: number): Promise<CapturedMail[]> {
  return (await app.mailsTo(email)).filter((mail) => new RegExp(`nr\\. ${number}\\b`).test(mail.text));
}
const subjects = (mails: CapturedMail[]) => mails.map((mail) => mail.subject);

describe('the buyer’s e-mail', () => {
  it('comes with each step of a card purchase: placed, paid, refunded', async () => {
    const { memorial, owner } = await castMemorial(app.t);
    const { orderId, sessionId } = await app.buy(owner, { kind: 'premium', memorialId: memorial.id, planSlug: 'premium-livstid' }, 'card');
    const { number } = await app.order(orderId);
    const [placed] = await mailAbout(owner.email, number);
    expect(placed).toMatchObject({ subject: 'Vi har modtaget din bestilling' });
    expect(placed!.text).toContain('Den venter nu på betalingen.');
    expect(placed!.text).toContain('Premium slås til, så snart betalingen er modtaget.');
    expect(placed!.text).toContain('http://localhost:5000/orders');

    await app.fake.pay(sessionId!);
    await app.post(app.staff, `/api/admin/orders/${orderId}/refund`, { reason: 'Fortrudt' });
    await app.fake.settled();
    expect(subjects(await mailAbout(owner.email, number))).toEqual(['Vi har modtaget din bestilling', 'Tak for din betaling', 'Vi har refunderet din betaling']);
  });

  it('for a bank transfer says where the invoice is; called off by the buyer, the invoice is credited and the buyer told', async () => {
    const { memorial, owner, stranger } = await castMemorial(app.t);
    const { orderId, invoiceId } = await app.buy(owner, { kind: 'premium', memorialId: memorial.id, planSlug: 'premium-aar' }, 'bank_transfer');
    const { number } = await app.order(orderId);
    const [placed] = await mailAbout(owner.email, number);
    expect(placed!.text).toContain('Fakturaen med vores kontooplysninger finder du under Mine bestillinger. Betal den inden for 8 dage.');

    expect((await app.post(stranger.cookie, `/api/orders/${orderId}/cancel`)).statusCode).toBe(404);
    const cancelled = await app.post(owner.cookie, `/api/orders/${orderId}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const [invoice, credit] = cancelled.json().invoices;
    expect(invoice).toMatchObject({ id: invoiceId, kind: 'invoice', status: 'credited' });
    expect(credit).toMatchObject({ kind: 'credit_note', totalOre: -49000, number: invoice.number + 1 });
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', events: [{ status: 'pending_payment' }, { status: 'cancelled' }] });
    expect((await app.post(owner.cookie, `/api/orders/${orderId}/cancel`)).statusCode).toBe(409);
    expect(subjects(await mailAbout(owner.email, number))).toEqual(['Vi har modtaget din bestilling', 'Din bestilling er annulleret']);
  });

  it('cancelled unpaid by card, no invoice was issued, so none is credited', async () => {
    const { memorial, owner } = await castMemorial(app.t);
    const { orderId } = await app.buy(owner, { kind: 'premium', memorialId: memorial.id, planSlug: 'premium-maaned' }, 'card');
    const cancelled = await app.post(owner.cookie, `/api/orders/${orderId}/cancel`);
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', invoices: [] });
  });

  // Last: it moves the clock a month on.
  it('comes with each renewal of a subscription, for the renewal’s own order', async () => {
    const { memorial, owner } = await castMemorial(app.t);
    const { orderId, sessionId } = await app.buy(owner, { kind: 'premium', memorialId: memorial.id, planSlug: 'premium-maaned' }, 'card');
    const paid = await app.fake.pay(sessionId!);
    app.t.clock.advance(31 * 24 * 3600_000);
    owner.cookie = await signIn(app.t, owner);
    await app.fake.renew(paid.subscriptionId!);
    await app.fake.settled();
    const renewal = (await app.t.database.db.select().from(orders).where(eq(orders.stripeSubscriptionId, paid.subscriptionId!))).find((row) => row.id !== orderId)!;
    const detail = (await app.get(owner.cookie, `/api/orders/${renewal.id}`)).json();
    expect(detail).toMatchObject({ status: 'paid', title: 'Premium (fornyelse)', events: [{ status: 'paid' }], invoices: [{ kind: 'invoice', status: 'paid' }] });
    const mails = await mailAbout(owner.email, renewal.number);
    expect(subjects(mails)).toEqual(['Tak for din betaling']);
    expect(mails[0]!.text).toContain('49,00 kr.');
  });
});

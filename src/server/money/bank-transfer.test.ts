/**
 * Buying without any payment provider, on a real database with real e-mail and real PDFs: an order
 * paid by bank transfer gets an open invoice at once, staff mark the transfer received, Premium
 * starts, the order moves through production to delivery with an e-mail at each step, and a refund
 * issues a credit note and takes Premium back. Also: the server's price wins over anything sent,
 * a double press makes one order, another's order or invoice is 404, and invoice numbers under 50
 * purchases at once have no gap and no repeat.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDealer } from '../../../tests/support/dealers';
import { createCode, createUser } from '../../../tests/support/factories';
import { type Cast, type Person, castMemorial } from '../../../tests/support/memorial-cast';
import { decodePng, pdfText } from '../../../tests/support/qr-decode';
import { signIn } from '../../../tests/support/sign-in';
import { UNCALLED_AI_ENV } from '../../../tests/support/ai-app';
import { type TestApp, createTestApp } from '../../../tests/support/test-app';
import type { OrderBody } from '../../shared/money-api';
import { moneyMessages } from '../../shared/money-api';
import { invoices, orderLines, qrCodes } from '../db/schema';
import { SELLER_ENV } from '../../../tests/support/seller';


let t: TestApp;
let staff: string;
beforeAll(async () => {
  // With AI providers (never called here), so the AI extras are for sale.
  t = await createTestApp({ ...SELLER_ENV, ...UNCALLED_AI_ENV });
  staff = await signIn(t, await createUser(t.database.db, { role: 'admin' }));
});
afterAll(() => t.close());

let keys = 0;
const key = () => `test-key-${Date.now()}-${(keys += 1)}`;
const order = (who: Person, body: Partial<OrderBody> & Pick<OrderBody, 'item'>) =>
  t.request({ method: 'POST', url: '/api/orders', headers: { cookie: who.cookie }, payload: { idempotencyKey: key(), paymentMethod: 'bank_transfer', ...body } });
const get = (cookie: string, url: string) => t.request({ method: 'GET', url, headers: { cookie } });
const post = (cookie: string, url: string, payload?: object) => t.request({ method: 'POST', url, headers: { cookie }, ...(payload ? { payload } : {}) });
const delivery = { name: 'Anna Ejer', address: 'Kirkevej 3', postcode: '5000', town: 'Odense C' };

async function mailsTo(email: string) {
  await t.app.deps.jobs.drain();
  return t.mail.messages.filter((m) => m.to.includes(email));
}

describe('Premium paid by bank transfer', () => {
  it('issues an open invoice with the transfer details, starts Premium when staff mark it received, and takes it back on a refund', async () => {
    const { memorial, owner } = await castMemorial(t);
    const created = await order(owner, { item: { kind: 'premium', memorialId: memorial.id, planSlug: 'premium-aar' } });
    expect(created.statusCode, created.body).toBe(201);
    const { order: placed, invoiceId, checkoutUrl } = created.json();
    expect(checkoutUrl).toBeNull();
    expect(placed).toMatchObject({ status: 'pending_payment', totalOre: 49000, kind: 'premium', memorialName: memorial.name });

    const invoice = await get(owner.cookie, `/api/invoices/${invoiceId}`);
    expect(invoice.json()).toMatchObject({ status: 'open', totalOre: 49000, momsOre: 9800, netOre: 39200, bank: { regNumber: '1234', accountNumber: '0012345678' } });
    const pdf = await get(owner.cookie, `/api/invoices/${invoiceId}/pdf`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toMatch(new RegExp(`Fakturanr\\.\\s+${invoice.json().number}\\b`));
    expect(text).toContain('12345674');
    expect(text).toContain('Moms 25 %');
    expect(text).toContain('98,00 kr.');
    expect(text).toContain('490,00 kr.');
    expect(text).toContain('1234');

    let status = await get(owner.cookie, '/api/user/premium-status');
    expect(status.json().memorials[0]).toMatchObject({ memorialId: memorial.id, premium: false, pendingOrderId: placed.id, canManage: true });

    // The owner cannot mark their own transfer received; staff can, once.
    expect((await post(owner.cookie, `/api/admin/orders/${placed.id}/mark-paid`)).statusCode).toBe(403);
    const marked = await post(staff, `/api/admin/orders/${placed.id}/mark-paid`);
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json()).toMatchObject({ status: 'paid', canMarkPaid: false, canRefund: true, nextSteps: [] });
    expect((await post(staff, `/api/admin/orders/${placed.id}/mark-paid`)).statusCode).toBe(409);

    status = await get(owner.cookie, '/api/user/premium-status');
    const until = new Date(status.json().memorials[0].premiumUntil);
    expect(status.json()).toMatchObject({ premium: true, memorials: [{ premium: true, forGood: false, pendingOrderId: null }] });
    expect(until.getTime() - t.clock.now().getTime()).toBeGreaterThan(364 * 24 * 3600_000);
    expect((await get(owner.cookie, `/api/invoices/${invoiceId}`)).json()).toMatchObject({ status: 'paid', bank: null });
    expect(await pdfText((await get(owner.cookie, `/api/invoices/${invoiceId}/pdf`)).rawPayload)).toContain('med bankoverførsel');

    const refund = await post(staff, `/api/admin/orders/${placed.id}/refund`, { reason: 'Fortrudt inden for 14 dage' });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(refund.json().status).toBe('refunded');
    const [original, credit] = refund.json().invoices;
    expect(original).toMatchObject({ kind: 'invoice', status: 'credited' });
    expect(credit).toMatchObject({ kind: 'credit_note', totalOre: -49000, number: original.number + 1 });
    const creditText = await pdfText((await get(owner.cookie, `/api/invoices/${credit.id}/pdf`)).rawPayload);
    expect(creditText).toContain('Kreditnota');
    expect(creditText).toContain(`${original.number}`);
    expect(creditText).toContain('-490,00 kr.');
    expect((await get(owner.cookie, '/api/user/premium-status')).json().premium).toBe(false);

    const subjects = (await mailsTo(owner.email)).map((m) => m.subject);
    expect(subjects).toEqual(expect.arrayContaining(['Tak for din betaling', 'Vi har refunderet din betaling']));
  });

  it('uses the server’s price and plan whatever else the request carries, and one press twice is one order', async () => {
    const { memorial, owner } = await castMemorial(t);
    const idempotencyKey = key();
    const tampered = { idempotencyKey, paymentMethod: 'bank_transfer', item: { kind: 'premium', memorialId: memorial.id, planSlug: 'premium-maaned', priceOre: 100 }, totalOre: 100, priceOre: 1 };
    const first = await t.request({ method: 'POST', url: '/api/orders', headers: { cookie: owner.cookie }, payload: tampered });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().order.totalOre).toBe(4900);
    const second = await t.request({ method: 'POST', url: '/api/orders', headers: { cookie: owner.cookie }, payload: tampered });
    expect(second.statusCode).toBe(200);
    expect(second.json().order.id).toBe(first.json().order.id);
    expect(second.json().invoiceId).toBe(first.json().invoiceId);
    const unknownPlan = await order(owner, { item: { kind: 'premium', memorialId: memorial.id, planSlug: 'gratis-for-evigt' as never } });
    expect(unknownPlan.statusCode).toBe(400);
  });

  it('lets only the memorial’s owner and co-admins buy for it, and shows an order or invoice to nobody else', async () => {
    const { memorial, owner, coadmin, viewer, stranger } = await castMemorial(t);
    const item = { kind: 'premium' as const, memorialId: memorial.id, planSlug: 'premium-maaned' as const };
    expect((await order(coadmin, { item })).statusCode).toBe(201);
    for (const outsider of [viewer, stranger]) {
      const refused = await order(outsider, { item });
      expect(refused.statusCode).toBe(404);
      expect(refused.json().message).toBe(moneyMessages.notYours);
    }
    const mine = (await order(owner, { item })).json();
    expect((await get(stranger.cookie, `/api/orders/${mine.order.id}`)).statusCode).toBe(404);
    expect((await get(stranger.cookie, `/api/invoices/${mine.invoiceId}`)).statusCode).toBe(404);
    expect((await get(stranger.cookie, `/api/invoices/${mine.invoiceId}/pdf`)).statusCode).toBe(404);
    expect((await get(owner.cookie, `/api/orders/${mine.order.id}`)).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/orders' })).statusCode).toBe(401);
    expect((await get(stranger.cookie, '/api/orders')).json().orders).toEqual([]);
  });

  it('numbers the invoices of 50 purchases at once with no gap and no repeat', async () => {
    // Ten families, made one after another (memorials made at the same instant may wait on each other's slug).
    const buyers: Cast[] = [];
    for (let i = 0; i < 10; i += 1) buyers.push(await castMemorial(t));
    const before = await t.database.db.select({ number: invoices.number }).from(invoices);
    const highest = Math.max(0, ...before.map((row) => row.number));
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) => {
        const { memorial, owner } = buyers[i % 10]!;
        return order(owner, { item: { kind: 'premium', memorialId: memorial.id, planSlug: 'premium-maaned' } });
      }),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(50).fill(201));
    const numbers = (await t.database.db.select({ number: invoices.number }).from(invoices)).map((row) => row.number).filter((n) => n > highest).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => highest + 1 + i));
  });
});

describe('a plaque', () => {
  it('shows the proof with the memorial’s own code, refuses text the laser cannot cut, and goes from paid to delivered with an e-mail at each step', async () => {
    const { memorial, owner } = await castMemorial(t);
    const proofUrl = `/api/plaque-proof?product=plade-granit-8&memorialId=${memorial.id}&line=Karen%20Jensen&line=1941%20%E2%80%93%202023`;
    const noCode = await get(owner.cookie, proofUrl);
    expect(noCode.statusCode).toBe(422);
    expect(noCode.json().message).toBe(moneyMessages.plaqueNeedsCode);

    const code = await createCode(t.database.db, { status: 'claimed', claimedBy: owner.id });
    await t.database.db.update(qrCodes).set({ status: 'linked', memorialId: memorial.id }).where(eq(qrCodes.code, code.code));
    const proof = await get(owner.cookie, proofUrl);
    expect(proof.statusCode, proof.body).toBe(200);
    expect(proof.headers['content-type']).toBe('image/png');
    expect(await decodePng(proof.rawPayload)).toEqual([`http://localhost:5000/qr/${code.code}`]);
    expect((await get(owner.cookie, `/api/plaque-proof?product=plade-staal-5&memorialId=${memorial.id}&line=${'M'.repeat(40)}`)).statusCode).toBe(400);

    const tooLong = await order(owner, { item: { kind: 'plaque', memorialId: memorial.id, productSlug: 'plade-staal-5', lines: ['Karen Margrethe Jensen Andersen'], delivery } });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toMatch(/for lang|fylder for meget/);

    const created = await order(owner, {
      item: { kind: 'plaque', memorialId: memorial.id, productSlug: 'plade-granit-8', lines: ['Karen Jensen', '1941 – 2023'], delivery },
      buyer: { company: '', cvr: '' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().order.id;
    expect(created.json().order).toMatchObject({ totalOre: 89900, title: 'QR-plade i sort granit, 8 × 8 cm' });

    const early = await post(staff, `/api/admin/orders/${id}/status`, { status: 'shipped' });
    expect(early.statusCode).toBe(409);
    await post(staff, `/api/admin/orders/${id}/mark-paid`);
    for (const [step, note] of [['in_production', ''], ['shipped', 'PostNord 00370712345678'], ['delivered', '']] as const) {
      const moved = await post(staff, `/api/admin/orders/${id}/status`, { status: step, note });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json().status).toBe(step);
    }
    const detail = (await get(owner.cookie, `/api/orders/${id}`)).json();
    expect(detail.events.map((e: { status: string }) => e.status)).toEqual(['pending_payment', 'paid', 'in_production', 'shipped', 'delivered']);
    expect(detail.events[3].note).toBe('PostNord 00370712345678');
    expect(detail).toMatchObject({ engraving: ['Karen Jensen', '1941 – 2023'], delivery });
    const subjects = (await mailsTo(owner.email)).map((m) => m.subject);
    expect(subjects).toEqual(
      expect.arrayContaining(['Tak for din betaling', 'Din bestilling er i produktion', 'Din bestilling er sendt', 'Din bestilling er leveret']),
    );
    const [line] = await t.database.db.select().from(orderLines).where(eq(orderLines.orderId, id));
    expect(line).toMatchObject({ unitPriceOre: 89900, quantity: 1 });
  });
});

describe('a reseller’s wholesale package', () => {
  it('is for approved resellers only, paid by invoice, and earns the referrer its commission on the amount without moms', async () => {
    const admin = { id: (await createUser(t.database.db, { role: 'admin' })).id, role: 'admin' as const };
    const referrer = await createDealer(t, admin, { size: 1, record: { companyName: 'Stenhuggeriet Nord ApS', commissionBasisPoints: 1000 } });
    const partner = await createDealer(t, admin, { size: 1, record: { companyName: 'Begravelse Syd ApS', referredBy: referrer.reseller.id } });
    const item = { kind: 'qr_package', productSlug: 'qr-pakke-25', quantity: 2, delivery: { name: 'Begravelse Syd ApS', address: 'Havnegade 2', postcode: '6000', town: 'Kolding' } };
    const buy = (cookie: string) => t.request({ method: 'POST', url: '/api/orders', headers: { cookie }, payload: { idempotencyKey: key(), paymentMethod: 'bank_transfer', item } });

    const family = await castMemorial(t);
    const refused = await buy(family.owner.cookie);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe(moneyMessages.resellersOnly);
    const catalogue = (await get(partner.cookie, '/api/catalogue')).json();
    expect(catalogue.products.filter((p: { kind: string }) => p.kind === 'qr_package').map((p: { slug: string }) => p.slug)).toEqual(['qr-pakke-25', 'qr-pakke-50', 'qr-pakke-100']);

    const created = await buy(partner.cookie);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().order).toMatchObject({ kind: 'qr_package', totalOre: 375000 });
    expect(created.json().order.title).toBe('2 × QR-pakke med 25 koder');
    const invoice = await get(partner.cookie, `/api/invoices/${created.json().invoiceId}/pdf`);
    const text = await pdfText(invoice.rawPayload);
    expect(text).toContain('Begravelse Syd ApS');
    expect(text).toContain(partner.reseller.cvr);
    expect(text).toContain('3.750,00 kr.');

    expect((await get(referrer.cookie, '/api/resellers/me/partners')).json().totalCommissionOre).toBe(0);
    await post(staff, `/api/admin/orders/${created.json().order.id}/mark-paid`);
    const partners = (await get(referrer.cookie, '/api/resellers/me/partners')).json();
    // 3.750,00 kr. incl. moms is 3.000,00 kr. without; 10 % of that is 300,00 kr.
    expect(partners.totalCommissionOre).toBe(30000);
    expect(partners.partners[0]).toMatchObject({ companyName: 'Begravelse Syd ApS', commissionOre: 30000 });

    await post(staff, `/api/admin/orders/${created.json().order.id}/refund`, { reason: 'Pakken kom aldrig frem' });
    expect((await get(referrer.cookie, '/api/resellers/me/partners')).json().totalCommissionOre).toBe(0);
  });
});

describe('an AI extra', () => {
  it('is ordered and paid now, at the catalogue’s price', async () => {
    const { memorial, owner } = await castMemorial(t);
    const greeting = await order(owner, { item: { kind: 'animated_greeting', memorialId: memorial.id } });
    expect(greeting.statusCode, greeting.body).toBe(201);
    expect(greeting.json().order).toMatchObject({ kind: 'animated_greeting', totalOre: 14900, title: 'Animeret hilsen' });
    const song = await order(owner, { item: { kind: 'song', memorialId: memorial.id } });
    expect(song.json().order).toMatchObject({ kind: 'song', totalOre: 19900 });
  });
});

describe('when something is not set up', () => {
  it('says in Danish that card payment is not set up, and that invoicing is not, instead of issuing an incomplete invoice', async () => {
    const bare = await createTestApp();
    try {
      const owner = await createUser(bare.database.db);
      const cookie = await signIn(bare, owner);
      const memorial = await bare.request({ method: 'POST', url: '/api/memorials', headers: { cookie }, payload: { name: 'Poul Hansen' } });
      const item = { kind: 'premium', memorialId: memorial.json().id, planSlug: 'premium-maaned' };
      const card = await bare.request({ method: 'POST', url: '/api/orders', headers: { cookie }, payload: { idempotencyKey: key(), paymentMethod: 'card', item } });
      expect(card.statusCode).toBe(409);
      expect(card.json().message).toBe(moneyMessages.stripeMissing);
      const transfer = await bare.request({ method: 'POST', url: '/api/orders', headers: { cookie }, payload: { idempotencyKey: key(), paymentMethod: 'bank_transfer', item } });
      expect(transfer.statusCode).toBe(409);
      expect(transfer.json().message).toBe(moneyMessages.invoicingMissing);
      const catalogue = await bare.request({ method: 'GET', url: '/api/catalogue', headers: { cookie } });
      expect(catalogue.json()).toMatchObject({ cardPayments: false, invoicing: false });
      expect(catalogue.json().products.some((p: { kind: string }) => p.kind === 'qr_package')).toBe(false);
      const webhook = await bare.request({ method: 'POST', url: '/api/stripe/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=abc' }, payload: '{}' });
      expect(webhook.statusCode).toBe(400);
    } finally {
      await bare.close();
    }
  });
});

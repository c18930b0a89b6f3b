/**
 * Laser jobs (issue 23 item 7) on a real database with the official Stripe library against the fake
 * Stripe: a paid plaque order makes one job however often its payment is reported; the job's face
 * is the laser's file at the plaque's real size in mm, and its preview decodes with zbarimg to the
 * code's address; every step and every refusal, two people at once, the order moving along with
 * the family's e-mail, the audit log, and who may call what.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCode, createReseller, createUser } from '../../../tests/support/factories';
import { type StripeApp, startStripeApp } from '../../../tests/support/fake-stripe-app';
import { castMemorial } from '../../../tests/support/memorial-cast';
import { decodePng } from '../../../tests/support/qr-decode';
import { signIn } from '../../../tests/support/sign-in';
import { type LaserJobDetail, laserMessages, laserStepRefusal } from '../../shared/laser-jobs';
import { CHOOSE_A_SIZE, plaqueTextProblems } from '../../shared/plaque';
import { formatCode } from '../../shared/qr-code';
import { laserJobEvents, laserJobs, orderEvents, orders, qrCodes, staffActions } from '../db/schema';
import { markPaid } from '../money/order-status';
import { laserJobForPaidOrder } from './paid-plaque';

let app: StripeApp;
/** A production worker's Cookie header, and their name. */
let floor: string;
let floorName: string;
beforeAll(async () => {
  app = await startStripeApp();
  const worker = await createUser(app.t.database.db, { role: 'production', fullName: 'Lars Laser' });
  floorName = worker.fullName;
  floor = await signIn(app.t, worker);
}, 60_000);
afterAll(() => app.close());

const BASE_URL = 'http://localhost:5000';
const delivery = { name: 'Anna Ejer', address: 'Kirkevej 3', postcode: '5000', town: 'Odense C' };

const jobOfOrder = async (orderId: string) => app.t.database.db.select().from(laserJobs).where(eq(laserJobs.orderId, orderId));
const detail = async (id: string) => (await app.get(floor, `/api/admin/laser-jobs/${id}`)).json<LaserJobDetail>();
const orderStatuses = async (orderId: string) =>
  (await app.t.database.db.select({ status: orderEvents.status }).from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.at), asc(orderEvents.id))).map((e) => e.status);

/** A family whose memorial has its own code, and a plaque ordered for it (unpaid). */
async function plaqueOrder(productSlug: string, lines: string[], paymentMethod: 'card' | 'bank_transfer') {
  const { memorial, owner } = await castMemorial(app.t);
  const code = await createCode(app.t.database.db, { status: 'claimed', claimedBy: owner.id });
  await app.t.database.db.update(qrCodes).set({ status: 'linked', memorialId: memorial.id }).where(eq(qrCodes.code, code.code));
  const purchase = await app.buy(owner, { kind: 'plaque', memorialId: memorial.id, productSlug, lines, delivery }, paymentMethod);
  return { owner, code: code.code, ...purchase };
}

/** A plaque order paid by bank transfer, marked received by an admin: its job. */
async function paidPlaque(productSlug = 'plade-staal-5', lines = ['Karen Jensen', '1941 – 2023']) {
  const order = await plaqueOrder(productSlug, lines, 'bank_transfer');
  const paid = await app.post(app.staff, `/api/admin/orders/${order.orderId}/mark-paid`);
  expect(paid.statusCode, paid.body).toBe(200);
  const [job] = await jobOfOrder(order.orderId);
  return { ...order, job: job! };
}

const step = (id: string, action: 'start' | 'done' | 'fail' | 'rerun', payload?: object, who = floor) => app.post(who, `/api/admin/laser-jobs/${id}/${action}`, payload);

describe('a paid plaque order', () => {
  it('becomes one job in its payment’s transaction, however often the payment is reported', async () => {
    const order = await plaqueOrder('plade-granit-8', ['Karen Jensen', '1941 – 2023'], 'card');
    expect(await jobOfOrder(order.orderId)).toEqual([]);
    const paid = await app.fake.pay(order.sessionId!);
    expect(paid.deliveries.every((d) => d.status === 200)).toBe(true);
    expect((await app.order(order.orderId)).status).toBe('paid');

    // The same request replayed (refused), Stripe's retry of the event (accepted, applied once), the
    // success page asking Stripe, and the payment step once more: still one job.
    const completed = paid.events.find((event) => event.type === 'checkout.session.completed')!;
    expect(await app.fake.replay(completed.id)).toBe(400);
    expect(await app.fake.deliver(completed.id)).toBe(200);
    expect((await app.get(order.owner.cookie, `/api/checkout/${order.sessionId}`)).json()).toMatchObject({ paid: true });
    const again = await app.t.database.db.transaction(async (tx) => {
      const [row] = await tx.select().from(orders).where(eq(orders.id, order.orderId));
      return { step: await markPaid(tx, row!, { config: app.t.app.deps.config, now: app.t.clock.now(), actorId: null, method: 'card' }), job: await laserJobForPaidOrder(tx, row!, { actorId: null, now: app.t.clock.now() }) };
    });
    expect(again).toEqual({ step: null, job: null });

    const jobs = await jobOfOrder(order.orderId);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ code: order.code, material: 'granit', widthMm: 80, heightMm: 80, lines: ['Karen Jensen', '1941 – 2023'], status: 'waiting', attempt: 1, createdBy: null });
    const events = await app.t.database.db.select().from(laserJobEvents).where(eq(laserJobEvents.jobId, jobs[0]!.id));
    expect(events.map((e) => [e.status, e.attempt, e.actorId])).toEqual([['waiting', 1, null]]);
  });

  it('paid by a transfer staff saw arrive names them as the job’s maker; another kind of order makes no job', async () => {
    const { job, orderId } = await paidPlaque();
    const shown = await detail(job.id);
    expect(shown).toMatchObject({ status: 'waiting', createdByName: expect.any(String), order: { id: orderId, status: 'paid', buyerName: expect.any(String), delivery } });
    expect(shown.history).toEqual([expect.objectContaining({ status: 'waiting', attempt: 1, actorName: shown.createdByName })]);
    // The back office's order page leads to its job, and says where it stands.
    expect((await app.get(app.staff, `/api/admin/orders/${orderId}`)).json().laserJob).toEqual({ id: job.id, status: 'waiting', attempt: 1 });

    const { memorial, owner } = await castMemorial(app.t);
    const codes = await app.buy(owner, { kind: 'extra_codes', memorialId: memorial.id, quantity: 2, delivery }, 'bank_transfer');
    expect((await app.post(app.staff, `/api/admin/orders/${codes.orderId}/mark-paid`)).statusCode).toBe(200);
    expect(await jobOfOrder(codes.orderId)).toEqual([]);
    expect((await app.get(app.staff, `/api/admin/orders/${codes.orderId}`)).json().laserJob).toBeNull();
  });
});

/** The width and height the SVG declares, in mm. */
function declaredSize(svg: string) {
  const root = /<svg\b[^>]*>/.exec(svg)![0];
  return { width: /\swidth="([\d.]+)mm"/.exec(root)?.[1], height: /\sheight="([\d.]+)mm"/.exec(root)?.[1], viewBox: /viewBox="([^"]+)"/.exec(root)?.[1] };
}

describe('the face', () => {
  it('is the laser’s file at the plaque’s real size, downloaded under the code’s name; its preview decodes to the code’s address', async () => {
    const fromOrder = await paidPlaque('plade-messing-10', ['Karen Jensen', '1941 – 2023']);
    const byHand = [];
    for (const [material, widthMm, heightMm] of [['staal', 50, 50], ['granit', 80, 80]] as const) {
      const code = await createCode(app.t.database.db, { status: 'shipped' });
      const made = await app.post(floor, '/api/admin/laser-jobs', { code: code.code, material, widthMm, heightMm, lines: ['Karen Jensen'] });
      expect(made.statusCode, made.body).toBe(201);
      byHand.push(made.json<LaserJobDetail>());
    }
    for (const job of [await detail(fromOrder.job.id), ...byHand]) {
      const svg = await app.get(floor, `/api/admin/laser-jobs/${job.id}/face.svg`);
      expect(svg.statusCode, svg.body).toBe(200);
      expect(svg.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
      expect(svg.headers['content-disposition']).toBe(`attachment; filename="plade-${formatCode(job.code)}-${job.material}-${job.widthMm}x${job.heightMm}mm.svg"`);
      expect(declaredSize(svg.body)).toEqual({ width: String(job.widthMm), height: String(job.heightMm), viewBox: `0 0 ${job.widthMm} ${job.heightMm}` });
      // Text as outlines: the laser's computer needs no font.
      expect(svg.body).not.toContain('<text');

      const png = await app.get(floor, `/api/admin/laser-jobs/${job.id}/face.png`);
      expect(png.statusCode).toBe(200);
      expect(png.headers['content-type']).toBe('image/png');
      expect(await decodePng(png.rawPayload), `${job.material} ${job.widthMm} × ${job.heightMm}`).toEqual([`${BASE_URL}/qr/${job.code}`]);
    }
  }, 60_000);

  it('of a job that does not exist is 404, of an address that is no job 400', async () => {
    expect((await app.get(floor, `/api/admin/laser-jobs/${randomUUID()}/face.svg`)).statusCode).toBe(404);
    const bad = await app.get(floor, '/api/admin/laser-jobs/ikke-et-job/face.png');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(laserMessages.notFound);
  });
});

describe('a job’s steps', () => {
  it('start puts the order in production, done sends it with the tracking number; the family is told at each step', async () => {
    const { job, orderId, owner } = await paidPlaque();
    const started = await step(job.id, 'start');
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({ status: 'engraving', startedByName: floorName, order: { status: 'in_production' } });

    const done = await step(job.id, 'done', { trackingNumber: 'PostNord 00370712345678' });
    expect(done.statusCode, done.body).toBe(200);
    const shown = done.json<LaserJobDetail>();
    expect(shown).toMatchObject({ status: 'done', finishedAt: expect.any(String), order: { status: 'shipped' } });
    expect(shown.history.map((e) => [e.status, e.actorName, e.note])).toEqual([
      ['waiting', expect.any(String), null],
      ['engraving', floorName, null],
      ['done', floorName, 'PostNord 00370712345678'],
    ]);

    // The family's own view of the order: it moved on, with the tracking number on its step.
    const mine = (await app.get(owner.cookie, `/api/orders/${orderId}`)).json();
    expect(mine.status).toBe('shipped');
    expect(mine.events.map((e: { status: string }) => e.status)).toEqual(['pending_payment', 'paid', 'in_production', 'shipped']);
    expect(mine.events.at(-1).note).toBe('PostNord 00370712345678');
    const subjects = (await app.mailsTo(owner.email)).map((m) => m.subject);
    expect(subjects).toEqual(expect.arrayContaining(['Din bestilling er i produktion', 'Din bestilling er sendt']));
  });

  it('failed needs a reason, is run again as the next attempt, and the order waits in production meanwhile', async () => {
    const { job, orderId } = await paidPlaque();
    expect((await step(job.id, 'start')).statusCode).toBe(200);
    for (const reason of [undefined, '', '  ab ']) {
      const refused = await step(job.id, 'fail', reason === undefined ? {} : { reason });
      expect(refused.statusCode).toBe(400);
      if (reason !== undefined) expect(refused.json()).toMatchObject({ message: laserMessages.reason, field: 'reason' });
    }
    const failed = await step(job.id, 'fail', { reason: 'Pladen fik en ridse i hjørnet' });
    expect(failed.statusCode, failed.body).toBe(200);
    expect(failed.json()).toMatchObject({ status: 'failed', failureReason: 'Pladen fik en ridse i hjørnet', attempt: 1, order: { status: 'in_production' } });

    const rerun = await step(job.id, 'rerun');
    expect(rerun.statusCode, rerun.body).toBe(200);
    expect(rerun.json()).toMatchObject({ status: 'waiting', failureReason: null, attempt: 2, startedAt: null, startedByName: null });
    expect((await step(job.id, 'start')).json()).toMatchObject({ status: 'engraving', attempt: 2, order: { status: 'in_production' } });
    expect((await step(job.id, 'done', {})).json()).toMatchObject({ status: 'done', attempt: 2, order: { status: 'shipped' } });
    const history = (await detail(job.id)).history;
    expect(history.map((e) => [e.status, e.attempt, e.note])).toEqual([
      ['waiting', 1, null],
      ['engraving', 1, null],
      ['failed', 1, 'Pladen fik en ridse i hjørnet'],
      ['waiting', 2, null],
      ['engraving', 2, null],
      ['done', 2, null],
    ]);
    expect(await orderStatuses(orderId)).toEqual(['pending_payment', 'paid', 'in_production', 'shipped']);
  });

  it('refuses every step that does not follow, in Danish, and changes nothing', async () => {
    const { job } = await paidPlaque();
    const refusals: [string, 'start' | 'done' | 'fail' | 'rerun', object | undefined, string][] = [
      ['waiting', 'done', {}, laserStepRefusal('done', 'waiting')],
      ['waiting', 'fail', { reason: 'Forkert plade' }, laserStepRefusal('fail', 'waiting')],
      ['waiting', 'rerun', undefined, laserStepRefusal('rerun', 'waiting')],
    ];
    for (const [, action, payload, message] of refusals) {
      const refused = await step(job.id, action, payload);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(message);
    }
    await step(job.id, 'start');
    const twice = await step(job.id, 'start');
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('Jobbet er allerede i gang på laseren. Det kan ikke startes igen.');
    expect((await step(job.id, 'rerun')).statusCode).toBe(409);
    await step(job.id, 'fail', { reason: 'Laseren stoppede midt i' });
    expect((await step(job.id, 'start')).json().message).toBe('Jobbet er markeret som fejlet. Kør det igen først.');
    expect((await step(job.id, 'done', {})).statusCode).toBe(409);
    const events = await app.t.database.db.select().from(laserJobEvents).where(eq(laserJobEvents.jobId, job.id));
    expect(events.map((e) => e.status)).toEqual(['waiting', 'engraving', 'failed']);
    expect((await step(randomUUID(), 'start')).statusCode).toBe(404);
  });

  it('two people pressing at once: one wins, the other is told where the job stands', async () => {
    const { job, orderId } = await paidPlaque();
    const other = await signIn(app.t, await createUser(app.t.database.db, { role: 'production' }));
    const answers = await Promise.all([step(job.id, 'start'), step(job.id, 'start', undefined, other)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.statusCode === 409)!.json().message).toBe(laserStepRefusal('start', 'engraving'));
    const finishing = await Promise.all([step(job.id, 'done', {}), step(job.id, 'fail', { reason: 'Forkert tekst' }, other)]);
    expect(finishing.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const events = await app.t.database.db.select().from(laserJobEvents).where(eq(laserJobEvents.jobId, job.id));
    expect(events).toHaveLength(3);
    expect(await orderStatuses(orderId)).toEqual(['pending_payment', 'paid', 'in_production', ...(finishing[0]!.statusCode === 200 ? ['shipped'] : [])]);
  });

  it('a refunded order’s job cannot start; an order moved on by hand stays where it is', async () => {
    const refunded = await paidPlaque();
    expect((await app.post(app.staff, `/api/admin/orders/${refunded.orderId}/refund`, { reason: 'Familien fortrød' })).statusCode).toBe(200);
    const refused = await step(refunded.job.id, 'start');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(laserMessages.orderRefunded);
    expect((await detail(refunded.job.id)).status).toBe('waiting');

    const byHand = await paidPlaque();
    expect((await app.post(app.staff, `/api/admin/orders/${byHand.orderId}/status`, { status: 'in_production', note: '' })).statusCode).toBe(200);
    expect((await step(byHand.job.id, 'start')).json()).toMatchObject({ status: 'engraving', order: { status: 'in_production' } });
    expect((await app.post(app.staff, `/api/admin/orders/${byHand.orderId}/status`, { status: 'shipped', note: '' })).statusCode).toBe(200);
    expect((await step(byHand.job.id, 'done', {})).json()).toMatchObject({ status: 'done', order: { status: 'shipped' } });
    expect(await orderStatuses(byHand.orderId)).toEqual(['pending_payment', 'paid', 'in_production', 'shipped']);
  });

  it('each step is in the audit log with who, what and the job', async () => {
    const { job, orderId } = await paidPlaque();
    await step(job.id, 'start');
    await step(job.id, 'fail', { reason: 'Symbolet kunne ikke scannes' });
    await step(job.id, 'rerun');
    await step(job.id, 'done', {}); // refused: not started again
    const entries = await app.t.database.db.select().from(staffActions).where(eq(staffActions.subject, `laser-job:${job.id}`)).orderBy(asc(staffActions.id));
    expect(entries.map((e) => [e.action, e.actorName, e.details])).toEqual([
      ['laser-job.start', floorName, { code: job.code, from: 'waiting', to: 'engraving', attempt: 1, orderId }],
      ['laser-job.fail', floorName, { code: job.code, from: 'engraving', to: 'failed', attempt: 1, orderId, note: 'Symbolet kunne ikke scannes' }],
      ['laser-job.rerun', floorName, { code: job.code, from: 'failed', to: 'waiting', attempt: 2, orderId }],
    ]);
  });
});

describe('a job by hand', () => {
  const make = (payload: object) => app.post(floor, '/api/admin/laser-jobs', payload);

  it('takes a code as typed, with the order form’s rules for size, material and text, and is logged', async () => {
    const code = await createCode(app.t.database.db, { status: 'shipped' });
    const made = await make({ code: ` ${formatCode(code.code).toLowerCase()} `, material: 'messing', widthMm: 100, heightMm: 60, lines: ['', ' Karen   Jensen ', '1941 – 2023', ''] });
    expect(made.statusCode, made.body).toBe(201);
    const job = made.json<LaserJobDetail>();
    expect(job).toMatchObject({ code: code.code, material: 'messing', widthMm: 100, heightMm: 60, lines: ['Karen Jensen', '1941 – 2023'], status: 'waiting', order: null, createdByName: floorName });
    const [entry] = await app.t.database.db.select().from(staffActions).where(and(eq(staffActions.subject, `laser-job:${job.id}`), eq(staffActions.action, 'laser-job.create')));
    expect(entry?.details).toMatchObject({ code: code.code, material: 'messing' });
    // A job without an order moves no order.
    expect((await step(job.id, 'start')).json()).toMatchObject({ status: 'engraving', order: null });
  });

  it('refuses what cannot be engraved, and says why in Danish', async () => {
    const linked = (await createCode(app.t.database.db, { status: 'shipped' })).code;
    const voided = (await createCode(app.t.database.db, { status: 'void' })).code;
    const unknown = (await createCode(app.t.database.db)).code;
    await app.t.database.db.delete(qrCodes).where(eq(qrCodes.code, unknown));
    const good = { code: linked, material: 'staal', widthMm: 50, heightMm: 50, lines: ['Karen'] };
    const cases: [object, string, string][] = [
      [{ ...good, code: 'ABC' }, laserMessages.code, 'code'],
      [{ ...good, code: unknown }, laserMessages.codeUnknown, 'code'],
      [{ ...good, code: voided }, laserMessages.codeVoid, 'code'],
      [{ ...good, material: 'guld' }, laserMessages.material, 'material'],
      [{ ...good, widthMm: 60, heightMm: 60 }, CHOOSE_A_SIZE, 'widthMm'],
      [{ ...good, widthMm: 50, heightMm: 80 }, CHOOSE_A_SIZE, 'widthMm'],
      [{ ...good, lines: ['Karen Margrethe Jensen Andersen'] }, plaqueTextProblems(['Karen Margrethe Jensen Andersen'], 50)!, 'lines'],
      [{ ...good, lines: ['Karen', 'Jensen', '1941', '2023'] }, 'Der er plads til højst 3 linjer tekst på pladen.', 'lines'],
      [{ ...good, lines: ['Karen ☺'] }, plaqueTextProblems(['Karen ☺'], 50)!, 'lines'],
    ];
    const before = (await app.t.database.db.select().from(laserJobs)).length;
    for (const [payload, message, field] of cases) {
      const refused = await make(payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(refused.json()).toMatchObject({ message, field });
    }
    expect((await app.t.database.db.select().from(laserJobs)).length).toBe(before);
  });
});

describe('the list', () => {
  it('shows the jobs still to finish oldest first, one state on asking, and how many are in each', async () => {
    const first = await paidPlaque();
    app.t.clock.advance(60_000);
    const second = await paidPlaque();
    app.t.clock.advance(60_000);
    await step(second.job.id, 'start');
    const open = (await app.get(floor, '/api/admin/laser-jobs')).json<{ jobs: LaserJobDetail[]; counts: Record<string, number> }>();
    const ids = open.jobs.map((job) => job.id);
    expect(ids.indexOf(first.job.id)).toBeLessThan(ids.indexOf(second.job.id));
    expect(open.jobs.every((job) => job.status !== 'done')).toBe(true);
    const waiting = (await app.get(floor, '/api/admin/laser-jobs?status=waiting')).json<{ jobs: LaserJobDetail[] }>();
    expect(waiting.jobs.every((job) => job.status === 'waiting')).toBe(true);
    expect(waiting.jobs.map((job) => job.id)).toContain(first.job.id);
    expect(waiting.jobs.map((job) => job.id)).not.toContain(second.job.id);
    const counted = await app.t.database.db.select().from(laserJobs).where(eq(laserJobs.status, 'engraving'));
    expect(open.counts.engraving).toBe(counted.length);
    expect((await app.get(floor, '/api/admin/laser-jobs?status=klar')).statusCode).toBe(400);
  });
});

describe('who may call', () => {
  it('production and admins; a user, a reseller and support staff 403; a visitor 401', async () => {
    const { job } = await paidPlaque();
    const db = app.t.database.db;
    const reseller = await createUser(db);
    await createReseller(db, { userId: reseller.id });
    const people: [string, string | null, number][] = [
      ['visitor', null, 401],
      ['user', await signIn(app.t, await createUser(db)), 403],
      ['reseller', await signIn(app.t, reseller), 403],
      ['support', await signIn(app.t, await createUser(db, { role: 'support' })), 403],
    ];
    const code = (await createCode(db, { status: 'shipped' })).code;
    const calls: [string, string, object?][] = [
      ['GET', '/api/admin/laser-jobs'],
      ['POST', '/api/admin/laser-jobs', { code, material: 'staal', widthMm: 50, heightMm: 50, lines: [] }],
      ['GET', `/api/admin/laser-jobs/${job.id}`],
      ['POST', `/api/admin/laser-jobs/${job.id}/start`],
      ['POST', `/api/admin/laser-jobs/${job.id}/done`, {}],
      ['POST', `/api/admin/laser-jobs/${job.id}/fail`, { reason: 'Ridse' }],
      ['POST', `/api/admin/laser-jobs/${job.id}/rerun`],
      ['GET', `/api/admin/laser-jobs/${job.id}/face.svg`],
      ['GET', `/api/admin/laser-jobs/${job.id}/face.png`],
    ];
    for (const [persona, cookie, expected] of people) {
      for (const [method, url, payload] of calls) {
        const response = await app.t.request({ method: method as 'GET' | 'POST', url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
        expect(response.statusCode, `${persona} ${method} ${url}`).toBe(expected);
      }
    }
    expect((await detail(job.id)).status).toBe('waiting');
    expect((await app.get(app.staff, `/api/admin/laser-jobs/${job.id}`)).statusCode).toBe(200);
  });
});


/**
 * The back office's resellers on a real database with real e-mail (an SMTP capture): the list
 * (applications first, search, status filter, pages), one reseller's view (account, setup link,
 * referrer and partners, packages, codes per state, history), and each decision with its letter
 * and its entry in the audit log: approving a signed-in user's application, a visitor's (whose
 * setup link makes the account that then runs the reseller), and one whose address has an account
 * by now; rejecting, suspending and reinstating with the reason; the commission rate; a new setup
 * link. A decision that does not fit the reseller's state is refused and changes nothing.
 */
import { randomBytes } from 'node:crypto';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCode, createReseller, createUser, validCvr } from '../../../tests/support/factories';
import { signIn } from '../../../tests/support/sign-in';
import { type CapturedMail, linkIn } from '../../../tests/support/smtp-capture';
import { type TestApp, cookieFrom, createTestApp } from '../../../tests/support/test-app';
import { ACCOUNT_SETUP_TTL_MS } from '../../shared/constants';
import { type ResellerDetail, type ResellersList, resellerAdminMessages } from '../../shared/resellers-admin';
import { accountSetups, codeHandovers, jobs, memorials, qrCodes, resellers, staffActions } from '../db/schema';
import { createPackage } from '../qr/packages';

let t: TestApp;
let staff: { id: string; fullName: string; cookie: string };
beforeAll(async () => {
  t = await createTestApp();
  const admin = await createUser(t.database.db, { role: 'admin', fullName: 'Birthe Bagkontor' });
  staff = { ...admin, cookie: await signIn(t, admin) };
});
afterAll(() => t.close());

const STAFF_IP = '203.0.113.21';
const get = (url: string, cookie = staff.cookie) => t.request({ method: 'GET', url, headers: { cookie } });
const post = (url: string, payload?: object) =>
  t.request({ method: 'POST', url, headers: { cookie: staff.cookie, 'user-agent': 'Kontorets tablet' }, remoteAddress: STAFF_IP, ...(payload ? { payload } : {}) });

async function list(params: string): Promise<ResellersList> {
  const response = await get(`/api/admin/resellers?${params}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ResellersList>();
}
async function detail(id: string): Promise<ResellerDetail> {
  const response = await get(`/api/admin/resellers/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ResellerDetail>();
}
/** A decision that goes through: the reseller as the answer shows it. */
async function decide(id: string, what: string, payload?: object): Promise<ResellerDetail> {
  const response = await post(`/api/admin/resellers/${id}/${what}`, payload);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ResellerDetail>();
}
/** The letter with `subject` sent to `email`, taken from the capture so a later wait finds the next one. */
async function letterTo(email: string, subject: string): Promise<CapturedMail> {
  await t.app.deps.jobs.drain();
  const mail = await t.mail.waitFor((m) => m.to.includes(email) && m.subject === subject);
  t.mail.messages.splice(t.mail.messages.indexOf(mail), 1);
  return mail;
}
const lettersTo = async (email: string) => {
  await t.app.deps.jobs.drain();
  return t.mail.messages.filter((m) => m.to.includes(email));
};
const tokenOf = (link: string) => link.split('/setup/')[1]!;
const me = (cookie: string) => t.request({ method: 'GET', url: '/api/resellers/me', headers: { cookie } });
const address = () => `ansoger-${randomBytes(4).toString('hex')}@eksempel.dk`;
/** A visitor's application: no account, waiting. */
const visitorApplication = (overrides: Parameters<typeof createReseller>[1] = {}) =>
  createReseller(t.database.db, { status: 'pending', userId: null, email: address(), contactName: 'Jonas Berg', ...overrides });

describe('GET /api/admin/resellers', () => {
  const tag = `t${randomBytes(3).toString('hex')}`;
  const day = 24 * 60 * 60_000;
  const ago = (days: number) => new Date(t.clock.now().getTime() - days * day);
  let rows: Record<'approved' | 'oldPending' | 'rejected' | 'newPending', typeof resellers.$inferSelect>;

  beforeAll(async () => {
    const db = t.database.db;
    rows = {
      approved: await createReseller(db, { companyName: `Vestjysk Stenhuggeri ${tag}`, town: 'Ærøskøbing', createdAt: ago(3) }),
      oldPending: await createReseller(db, { companyName: `Bedemand Holm ${tag}`, status: 'pending', contactName: 'Åse Østergaard', createdAt: ago(5) }),
      rejected: await createReseller(db, { companyName: `Sten & Co ${tag}`, status: 'rejected', statusReason: 'Ukendt firma.', createdAt: ago(1) }),
      newPending: await createReseller(db, { companyName: `Begravelsesforretningen ${tag}`, status: 'pending', email: `kontor.${tag}@begravelse.dk`, createdAt: ago(2) }),
    };
  });
  const ids = (result: ResellersList) => result.resellers.map((r) => r.id);

  it('lists applications first, then the newest, and says how many wait whatever the filter', async () => {
    const result = await list(`q=${tag}`);
    expect(ids(result)).toEqual([rows.newPending.id, rows.oldPending.id, rows.rejected.id, rows.approved.id]);
    expect(result).toMatchObject({ total: 4, page: 1, pageSize: 25 });
    const [waiting] = await t.database.db.select({ n: count() }).from(resellers).where(eq(resellers.status, 'pending'));
    expect(result.pending).toBe(waiting!.n);
    expect((await list(`q=${tag}&status=approved`)).pending).toBe(waiting!.n);
    expect(result.resellers[0]).toEqual({
      id: rows.newPending.id,
      companyName: `Begravelsesforretningen ${tag}`,
      cvr: rows.newPending.cvr,
      kind: 'other',
      contactName: '',
      email: `kontor.${tag}@begravelse.dk`,
      town: '',
      status: 'pending',
      createdAt: ago(2).toISOString(),
      hasAccount: false,
    });
  });

  it('filters by status', async () => {
    expect(ids(await list(`q=${tag}&status=pending`))).toEqual([rows.newPending.id, rows.oldPending.id]);
    expect(ids(await list(`q=${tag}&status=rejected`))).toEqual([rows.rejected.id]);
    expect(ids(await list(`q=${tag}&status=suspended`))).toEqual([]);
  });

  it('finds a piece of the name, CVR number, contact, e-mail or town, in any case', async () => {
    const find = async (q: string) => ids(await list(`q=${encodeURIComponent(q)}`));
    expect(await find(`STENHUGGERI ${tag.toUpperCase()}`)).toEqual([rows.approved.id]);
    const cvr = rows.oldPending.cvr;
    expect(await find(cvr)).toEqual([rows.oldPending.id]);
    expect(await find(`DK ${cvr.slice(0, 2)} ${cvr.slice(2, 4)} ${cvr.slice(4, 6)} ${cvr.slice(6)}`)).toEqual([rows.oldPending.id]);
    expect(await find('åse østergaard')).toContain(rows.oldPending.id);
    expect(await find(`KONTOR.${tag}@`)).toEqual([rows.newPending.id]);
    expect(await find('ærøskø')).toContain(rows.approved.id);
    // % and _ are taken literally.
    expect(await find(`Sten _ Co ${tag}`)).toEqual([]);
    expect(await find(`Sten % Co ${tag}`)).toEqual([]);
    expect(await find(`Sten & Co ${tag}`)).toEqual([rows.rejected.id]);
  });

  it('pages 25 at a time', async () => {
    const many = `m${randomBytes(3).toString('hex')}`;
    for (let i = 0; i < 30; i++) await createReseller(t.database.db, { companyName: `Forhandler ${i} ${many}`, createdAt: ago(100 - i) });
    const first = await list(`q=${many}`);
    expect(first).toMatchObject({ total: 30, page: 1, pageSize: 25 });
    expect(first.resellers[0]!.companyName).toBe(`Forhandler 29 ${many}`);
    const second = await list(`q=${many}&page=2`);
    expect(second.resellers.map((r) => r.companyName)).toEqual([4, 3, 2, 1, 0].map((i) => `Forhandler ${i} ${many}`));
    expect((await list(`q=${many}&page=3`)).resellers).toEqual([]);
  });

  it('refuses bad parameters', async () => {
    expect((await get('/api/admin/resellers?status=active')).statusCode).toBe(400);
    expect((await get('/api/admin/resellers?page=0')).statusCode).toBe(400);
    expect((await get(`/api/admin/resellers?q=${'a'.repeat(121)}`)).statusCode).toBe(400);
  });
});

describe('GET /api/admin/resellers/{id}', () => {
  it('shows the record, its account, referrer, partners, packages, codes per state and history', async () => {
    const db = t.database.db;
    const owner = await createUser(db, { fullName: 'Karen Holm', username: `karen${randomBytes(2).toString('hex')}` });
    const referrer = await createReseller(db, { companyName: 'Stenhuggeriet Nord ApS' });
    const reseller = await createReseller(db, {
      userId: owner.id,
      email: owner.email,
      companyName: 'Holms Begravelse',
      kind: 'funeral_home',
      contactName: 'Karen Holm',
      phone: '12 34 56 78',
      address: 'Kirkevej 4',
      postcode: '8000',
      town: 'Aarhus C',
      termsVersion: '2026-11-22',
      termsAcceptedAt: t.clock.now(),
      approvedAt: t.clock.now(),
      commissionBasisPoints: 1000,
      referredBy: referrer.id,
    });
    await createReseller(db, { referredBy: reseller.id });
    await createReseller(db, { referredBy: reseller.id, status: 'pending' });
    const pkg = await createPackage(t.app.deps, { id: staff.id, role: 'admin' }, { name: 'Forår', size: 3, resellerId: reseller.id });
    const shipped = await Promise.all([1, 2, 3].map(() => createCode(db, { status: 'shipped', resellerId: reseller.id })));
    await db.insert(codeHandovers).values({ code: shipped[0]!.code, resellerId: reseller.id, familyName: 'Familien Lund' });
    await db.insert(codeHandovers).values({ code: shipped[1]!.code, resellerId: reseller.id, familyName: 'Familien Dahl', withdrawnAt: t.clock.now() });
    await createCode(db, { status: 'claimed', claimedBy: owner.id, resellerId: reseller.id });
    await createCode(db, { status: 'void', resellerId: reseller.id });
    const [memorial] = await db.insert(memorials).values({ slug: `minde-${randomBytes(3).toString('hex')}`, name: 'Anna Holm' }).returning();
    const linked = await createCode(db, { status: 'claimed', claimedBy: owner.id, resellerId: reseller.id });
    await db.update(qrCodes).set({ status: 'linked', memorialId: memorial!.id }).where(eq(qrCodes.code, linked.code));
    await createCode(db, { status: 'shipped' });

    const view = await detail(reseller.id);
    expect(view.reseller).toMatchObject({
      id: reseller.id,
      companyName: 'Holms Begravelse',
      kind: 'funeral_home',
      phone: '12 34 56 78',
      address: 'Kirkevej 4',
      postcode: '8000',
      town: 'Aarhus C',
      status: 'approved',
      termsVersion: '2026-11-22',
      termsAcceptedAt: t.clock.now().toISOString(),
      commissionBasisPoints: 1000,
      referralCode: reseller.referralCode,
      hasAccount: true,
      statusReason: null,
    });
    expect(view.account).toEqual({ id: owner.id, username: owner.username, fullName: 'Karen Holm' });
    expect(view.setupLink).toBeNull();
    expect(view.referredBy).toEqual({ id: referrer.id, companyName: 'Stenhuggeriet Nord ApS' });
    expect(view.partners).toBe(1);
    expect(view.packages).toEqual([{ id: pkg.id, name: 'Forår', size: 3, status: 'created', createdAt: pkg.createdAt.toISOString() }]);
    expect(view.counts).toEqual({ on_the_way: 3, shipped: 2, given: 1, claimed: 1, linked: 1, void: 1 });
    expect(view.history).toEqual([]);
  });

  it('answers 404 for an unknown reseller and 400 for an address that is no id', async () => {
    const unknown = await get(`/api/admin/resellers/${crypto.randomUUID()}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: resellerAdminMessages.notFound });
    expect((await get('/api/admin/resellers/ikke-et-id')).statusCode).toBe(400);
  });
});

describe('approval', () => {
  it("approves a signed-in user's application: e-mail, audit entry, and /api/resellers/me says approved", async () => {
    const user = await createUser(t.database.db, { fullName: 'Mette Dahl' });
    const cookie = await signIn(t, user);
    const reseller = await createReseller(t.database.db, { userId: user.id, email: user.email, status: 'pending', contactName: 'Mette Dahl', companyName: 'Dahls Stenhuggeri' });
    expect((await me(cookie)).json()).toMatchObject({ status: 'pending' });

    const view = await decide(reseller.id, 'approve', { commissionBasisPoints: 1250 });
    expect(view.reseller).toMatchObject({ status: 'approved', statusReason: null, approvedAt: t.clock.now().toISOString(), statusChangedAt: t.clock.now().toISOString(), commissionBasisPoints: 1250 });
    expect(view.account).toMatchObject({ id: user.id });
    expect(view.setupLink).toBeNull();
    expect(view.history).toEqual([
      { id: expect.any(Number), actorId: staff.id, actorName: 'Birthe Bagkontor', action: 'reseller.approve', details: { from: 'pending', commissionBasisPoints: 1250, account: 'existing' }, ip: STAFF_IP, at: t.clock.now().toISOString() },
    ]);
    const [entry] = await t.database.db.select().from(staffActions).where(eq(staffActions.subject, `reseller:${reseller.id}`));
    expect(entry).toMatchObject({ targetUserId: user.id, userAgent: 'Kontorets tablet' });

    const mail = await letterTo(user.email, 'Jeres forhandleransøgning er godkendt');
    expect(mail.text).toContain('Kære Mette Dahl');
    expect(mail.text).toContain('Dahls Stenhuggeri');
    expect(mail.text).toContain('12,5 %');
    expect(linkIn(mail, '/reseller-dashboard')).toBe('http://localhost:5000/reseller-dashboard');
    expect((await me(cookie)).json()).toEqual({ id: reseller.id, companyName: 'Dahls Stenhuggeri', status: 'approved' });
  });

  it("approves a visitor's application: the e-mailed setup link makes the account, logs it in, and it runs the reseller", async () => {
    const reseller = await visitorApplication({ companyName: 'Bergs Bedemandsforretning', commissionBasisPoints: 500 });
    const view = await decide(reseller.id, 'approve', {});
    expect(view.reseller).toMatchObject({ status: 'approved', hasAccount: false, commissionBasisPoints: 500 });
    expect(view.account).toBeNull();
    const expiresAt = new Date(t.clock.now().getTime() + ACCOUNT_SETUP_TTL_MS).toISOString();
    expect(view.setupLink).toEqual({ sentAt: t.clock.now().toISOString(), expiresAt, used: false });
    expect(view.history[0]).toMatchObject({ action: 'reseller.approve', details: { from: 'pending', commissionBasisPoints: 500, account: 'setup-link' } });

    const mail = await letterTo(reseller.email, 'Jeres forhandleransøgning er godkendt');
    expect(mail.text).toContain('Kære Jonas Berg');
    expect(mail.text).toContain('vælg brugernavn og adgangskode til jeres forhandlerkonto');
    expect(mail.text).toContain('Linket virker i 7 dage og kan kun bruges én gang.');
    const token = tokenOf(linkIn(mail, '/setup/'));
    const [stored] = await t.database.db.select().from(accountSetups).where(eq(accountSetups.resellerId, reseller.id));
    expect(stored).toMatchObject({ fullName: 'Jonas Berg', email: reseller.email, qrCode: null, usedAt: null });

    const shown = await t.request({ method: 'GET', url: `/api/setup/${token}` });
    expect(shown.json()).toEqual({ fullName: 'Jonas Berg', email: reseller.email, qrCode: null, companyName: 'Bergs Bedemandsforretning' });
    const username = `jonas${randomBytes(2).toString('hex')}`;
    const made = await t.request({ method: 'POST', url: '/api/setup', payload: { token, username, password: 'kirkegaardsvej-7' } });
    expect(made.statusCode, made.body).toBe(201);
    const cookie = cookieFrom(made);
    expect((await me(cookie)).json()).toEqual({ id: reseller.id, companyName: 'Bergs Bedemandsforretning', status: 'approved' });

    const after = await detail(reseller.id);
    expect(after.account).toMatchObject({ username, fullName: 'Jonas Berg' });
    expect(after.reseller.hasAccount).toBe(true);
    expect(after.setupLink).toMatchObject({ used: true });
    // Single use.
    const again = await t.request({ method: 'POST', url: '/api/setup', payload: { token, username: `${username}x`, password: 'kirkegaardsvej-7' } });
    expect(again.statusCode).toBe(410);
    // Its account made, it needs no new link.
    const refused = await post(`/api/admin/resellers/${reseller.id}/setup-link`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: resellerAdminMessages.hasAccount });
  });

  it('lets a setup link expire after 7 days, and a new one from the back office works where the old one does not', async () => {
    const reseller = await visitorApplication();
    await decide(reseller.id, 'approve', {});
    const first = tokenOf(linkIn(await letterTo(reseller.email, 'Jeres forhandleransøgning er godkendt'), '/setup/'));
    t.clock.advance(ACCOUNT_SETUP_TTL_MS + 1000);
    const expired = await t.request({ method: 'POST', url: '/api/setup', payload: { token: first, username: `berg${randomBytes(2).toString('hex')}`, password: 'kirkegaardsvej-7' } });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toMatch(/^Linket er udløbet.*kontaktsiden/);

    const view = await decide(reseller.id, 'setup-link');
    expect(view.setupLink).toEqual({ sentAt: t.clock.now().toISOString(), expiresAt: new Date(t.clock.now().getTime() + ACCOUNT_SETUP_TTL_MS).toISOString(), used: false });
    expect(view.history[0]).toMatchObject({ action: 'reseller.setup-link', actorName: 'Birthe Bagkontor', details: { account: 'setup-link' } });
    const second = tokenOf(linkIn(await letterTo(reseller.email, 'Nyt link til jeres forhandlerkonto hos Mindested'), '/setup/'));

    // A third link: the second stops working at once, the third makes the account.
    await decide(reseller.id, 'setup-link');
    const third = tokenOf(linkIn(await letterTo(reseller.email, 'Nyt link til jeres forhandlerkonto hos Mindested'), '/setup/'));
    expect(new Set([first, second, third]).size).toBe(3);
    const stale = await t.request({ method: 'GET', url: `/api/setup/${second}` });
    expect(stale.statusCode).toBe(410);
    expect(stale.json().message).toMatch(/^Linket er udløbet/);
    const made = await t.request({ method: 'POST', url: '/api/setup', payload: { token: third, username: `berg${randomBytes(2).toString('hex')}`, password: 'kirkegaardsvej-7' } });
    expect(made.statusCode, made.body).toBe(201);
    expect((await me(cookieFrom(made))).json()).toMatchObject({ id: reseller.id, status: 'approved' });
  });

  it('attaches an account that has the application’s address by now, instead of sending a setup link', async () => {
    const reseller = await visitorApplication({ companyName: 'Lunds Stenhuggeri' });
    const account = await createUser(t.database.db, { email: reseller.email });
    const view = await decide(reseller.id, 'approve', { commissionBasisPoints: 0 });
    expect(view.account).toMatchObject({ id: account.id });
    expect(view.setupLink).toBeNull();
    expect(view.history[0]).toMatchObject({ details: { account: 'attached' } });
    expect(await t.database.db.select().from(accountSetups).where(eq(accountSetups.resellerId, reseller.id))).toEqual([]);
    const mail = await letterTo(reseller.email, 'Jeres forhandleransøgning er godkendt');
    expect(linkIn(mail, '/reseller-dashboard')).toBe('http://localhost:5000/reseller-dashboard');
    expect(mail.text).not.toContain('provision');
    expect((await me(await signIn(t, account))).json()).toMatchObject({ id: reseller.id, status: 'approved' });
  });

  it('approves an application that was rejected before, clearing the reason', async () => {
    const reseller = await visitorApplication({ status: 'rejected', statusReason: 'Mangler CVR.' });
    const view = await decide(reseller.id, 'approve', {});
    expect(view.reseller).toMatchObject({ status: 'approved', statusReason: null });
    expect(view.history[0]).toMatchObject({ details: { from: 'rejected' } });
  });
});

describe('rejection, suspension and reinstatement', () => {
  it('rejects a waiting application with the reason, which the e-mail gives', async () => {
    const reseller = await visitorApplication({ companyName: 'Hansens Sten' });
    const view = await decide(reseller.id, 'reject', { reason: '  Vi kan ikke finde firmaet i CVR-registret.  ' });
    expect(view.reseller).toMatchObject({ status: 'rejected', statusReason: 'Vi kan ikke finde firmaet i CVR-registret.', statusChangedAt: t.clock.now().toISOString(), approvedAt: null });
    expect(view.history[0]).toMatchObject({ action: 'reseller.reject', details: { reason: 'Vi kan ikke finde firmaet i CVR-registret.' } });
    const mail = await letterTo(reseller.email, 'Svar på jeres forhandleransøgning');
    expect(mail.text).toContain('Begrundelse: Vi kan ikke finde firmaet i CVR-registret.');
    expect(mail.text).toContain('Hansens Sten');
    expect(linkIn(mail, '/contact')).toBe('http://localhost:5000/contact');
    expect(await t.database.db.select().from(accountSetups).where(eq(accountSetups.resellerId, reseller.id))).toEqual([]);
  });

  it('refuses a rejection without a reason, in Danish', async () => {
    const reseller = await visitorApplication();
    const refused = await post(`/api/admin/resellers/${reseller.id}/reject`, { reason: '   ' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Skriv en begrundelse. Forhandleren får den at se.');
    expect((await detail(reseller.id)).reseller.status).toBe('pending');
  });

  it('suspends an approved reseller with the reason and reinstates it; its codes and history stay', async () => {
    const user = await createUser(t.database.db);
    const cookie = await signIn(t, user);
    const approvedAt = new Date(t.clock.now().getTime() - 30 * 24 * 60 * 60_000);
    const reseller = await createReseller(t.database.db, { userId: user.id, email: user.email, contactName: 'Poul Kragh', approvedAt });
    await createCode(t.database.db, { status: 'shipped', resellerId: reseller.id });

    const suspended = await decide(reseller.id, 'suspend', { reason: 'Fakturaen fra marts er ikke betalt.' });
    expect(suspended.reseller).toMatchObject({ status: 'suspended', statusReason: 'Fakturaen fra marts er ikke betalt.', approvedAt: approvedAt.toISOString() });
    expect(suspended.counts.shipped).toBe(1);
    expect((await me(cookie)).json()).toMatchObject({ status: 'suspended' });
    const suspendedMail = await letterTo(user.email, 'Jeres forhandleradgang hos Mindested er suspenderet');
    expect(suspendedMail.text).toContain('Kære Poul Kragh');
    expect(suspendedMail.text).toContain('Begrundelse: Fakturaen fra marts er ikke betalt.');

    t.clock.advance(60_000);
    const reinstated = await decide(reseller.id, 'reinstate');
    expect(reinstated.reseller).toMatchObject({ status: 'approved', statusReason: null, statusChangedAt: t.clock.now().toISOString(), approvedAt: approvedAt.toISOString() });
    expect(reinstated.counts.shipped).toBe(1);
    expect(reinstated.history.map((entry) => entry.action)).toEqual(['reseller.reinstate', 'reseller.suspend']);
    expect(reinstated.history[0]!.details).toEqual({ reason: 'Fakturaen fra marts er ikke betalt.' });
    expect((await me(cookie)).json()).toMatchObject({ status: 'approved' });
    const back = await letterTo(user.email, 'Jeres forhandleradgang hos Mindested er genoptaget');
    expect(linkIn(back, '/reseller-dashboard')).toBe('http://localhost:5000/reseller-dashboard');
  });
});

describe('commission', () => {
  it('sets the rate in any status, e-mails it, and logs from and to', async () => {
    const reseller = await visitorApplication();
    const view = await decide(reseller.id, 'commission', { commissionBasisPoints: 1050 });
    expect(view.reseller.commissionBasisPoints).toBe(1050);
    expect(view.reseller.status).toBe('pending');
    expect(view.history[0]).toMatchObject({ action: 'reseller.commission', details: { from: 0, to: 1050 } });
    const mail = await letterTo(reseller.email, 'Ny provision hos Mindested');
    expect(mail.text).toContain('10,5 %');

    // The same rate again is no change: no entry, no letter.
    const same = await decide(reseller.id, 'commission', { commissionBasisPoints: 1050 });
    expect(same.history).toHaveLength(1);
    expect(await lettersTo(reseller.email)).toEqual([]);
  });

  it('refuses a rate outside 0–100 % or in fractions of a basis point', async () => {
    const reseller = await createReseller(t.database.db);
    for (const commissionBasisPoints of [-1, 10_001, 12.5]) {
      expect((await post(`/api/admin/resellers/${reseller.id}/commission`, { commissionBasisPoints })).statusCode).toBe(400);
    }
    const over = await post(`/api/admin/resellers/${reseller.id}/commission`, { commissionBasisPoints: 10_001 });
    expect(over.json().message).toBe('Provisionen kan højst være 100 %.');
    expect((await post(`/api/admin/resellers/${reseller.id}/approve`, { commissionBasisPoints: -5 })).statusCode).toBe(400);
  });
});

describe('decisions that do not fit', () => {
  /** Everything a decision could touch: the reseller's row, its setup links, the audit log, the outbox. */
  async function state(id: string) {
    const db = t.database.db;
    const [row] = await db.select().from(resellers).where(eq(resellers.id, id));
    const links = await db.select().from(accountSetups).where(eq(accountSetups.resellerId, id));
    const [actions] = await db.select({ n: count() }).from(staffActions);
    const [queued] = await db.select({ n: count() }).from(jobs);
    return { row, links, actions: actions!.n, queued: queued!.n };
  }

  it.each([
    ['approve', 'approved', {}, resellerAdminMessages.notPending],
    ['approve', 'suspended', { commissionBasisPoints: 500 }, resellerAdminMessages.notPending],
    ['reject', 'approved', { reason: 'Nej.' }, resellerAdminMessages.notPendingReject],
    ['reject', 'rejected', { reason: 'Nej.' }, resellerAdminMessages.notPendingReject],
    ['suspend', 'pending', { reason: 'Nej.' }, resellerAdminMessages.notApproved],
    ['suspend', 'suspended', { reason: 'Nej.' }, resellerAdminMessages.notApproved],
    ['reinstate', 'approved', undefined, resellerAdminMessages.notSuspended],
    ['reinstate', 'rejected', undefined, resellerAdminMessages.notSuspended],
    ['setup-link', 'pending', undefined, resellerAdminMessages.notApprovedLink],
  ] as const)('%s of a reseller that is %s is refused with 409 and changes nothing', async (what, status, payload, message) => {
    const reseller = await visitorApplication({ status, statusReason: status === 'pending' || status === 'approved' ? null : 'Tidligere begrundelse.' });
    const before = await state(reseller.id);
    const refused = await post(`/api/admin/resellers/${reseller.id}/${what}`, payload);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message });
    expect(await state(reseller.id)).toEqual(before);
    expect(await lettersTo(reseller.email)).toEqual([]);
  });

  it('refuses a new setup link for a reseller with an account', async () => {
    const user = await createUser(t.database.db);
    const reseller = await createReseller(t.database.db, { userId: user.id, email: user.email });
    const before = await state(reseller.id);
    const refused = await post(`/api/admin/resellers/${reseller.id}/setup-link`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: resellerAdminMessages.hasAccount });
    expect(await state(reseller.id)).toEqual(before);
  });

  it('refuses to attach an account that already runs another reseller, and changes nothing', async () => {
    const reseller = await visitorApplication();
    const account = await createUser(t.database.db, { email: reseller.email });
    await createReseller(t.database.db, { userId: account.id, cvr: validCvr() });
    const before = await state(reseller.id);
    const refused = await post(`/api/admin/resellers/${reseller.id}/approve`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: resellerAdminMessages.accountTaken });
    expect(await state(reseller.id)).toEqual(before);
  });

  it('answers 404 for a decision about an unknown reseller', async () => {
    for (const what of ['approve', 'reinstate', 'setup-link']) {
      const refused = await post(`/api/admin/resellers/${crypto.randomUUID()}/${what}`, {});
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({ message: resellerAdminMessages.notFound });
    }
  });

  it('lets two admins approving at once approve once', async () => {
    const reseller = await visitorApplication();
    const answers = await Promise.all([post(`/api/admin/resellers/${reseller.id}/approve`, {}), post(`/api/admin/resellers/${reseller.id}/approve`, {})]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const [links] = await t.database.db.select({ n: count() }).from(accountSetups).where(eq(accountSetups.resellerId, reseller.id));
    expect(links!.n).toBe(1);
    expect(await t.database.db.select({ n: count() }).from(staffActions).where(sql`${staffActions.subject} = ${`reseller:${reseller.id}`}`)).toEqual([{ n: 1 }]);
  });
});

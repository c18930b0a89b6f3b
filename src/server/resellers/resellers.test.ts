/**
 * The reseller's dashboard calls on a real database: who may read what (a visitor, a user without
 * a record, a reseller in each status, another reseller, an admin), the codes page by
 * page with search and state, the counts, the CSV, the statistics per month kept by the code
 * events' trigger, and the partner network with commission summed from real rows, reached the way a
 * partner comes: through the referral link, the application and the admin's approval.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDealer } from '../../../tests/support/dealers';
import { createReseller, createUser, validCvr } from '../../../tests/support/factories';
import { signIn } from '../../../tests/support/sign-in';
import { type TestApp, createTestApp } from '../../../tests/support/test-app';
import type { Partners, ResellerCodesPage, ResellerOverview, ResellerSelf, ResellerStats } from '../../shared/resellers-api';
import { RESELLER_STATUSES, RESELLER_TERMS_VERSION, type ResellerMe, type ResellerStatus, isActiveReseller } from '../../shared/resellers';
import { codeHandovers, qrCodes, resellerCommissions, resellers } from '../db/schema';
import { claimCode } from '../qr/service';
import { createPackage, movePackage } from '../qr/packages';

let t: TestApp;
let admin: { id: string; role: 'admin' };
beforeAll(async () => {
  t = await createTestApp();
  admin = { id: (await createUser(t.database.db, { role: 'admin' })).id, role: 'admin' };
});
afterAll(() => t.close());

const get = (url: string, cookie?: string) => t.request({ method: 'GET', url, headers: cookie ? { cookie } : {} });

/** A family takes `code` in use the way families do: locks it to their account and links it to their new memorial. */
async function familyLinks(code: string) {
  const cookie = await signIn(t, await createUser(t.database.db));
  expect((await t.request({ method: 'POST', url: `/api/qr-codes/${code}/lock`, headers: { cookie } })).statusCode).toBe(200);
  const created = await t.request({ method: 'POST', url: '/api/memorials', headers: { cookie }, payload: { name: 'Inger Krogh', birthDate: '1931-02-03', deathDate: '2026-10-20', privacy: 'public' } });
  expect(created.statusCode, created.body).toBe(201);
  const linked = await t.request({ method: 'POST', url: `/api/qr-codes/${code}/link`, headers: { cookie }, payload: { memorial: created.json().id } });
  expect(linked.statusCode, linked.body).toBe(200);
}

const dealer = (options: { size?: number; status?: ResellerStatus; ship?: boolean; referredBy?: string } = {}) =>
  createDealer(t, admin, { ...options, record: { referredBy: options.referredBy ?? null } });

describe('who may read a reseller dashboard', () => {
  const calls = ['/api/resellers/me', '/api/resellers/me/overview', '/api/resellers/me/qr-codes', '/api/resellers/me/qr-codes.csv', '/api/resellers/me/stats', '/api/resellers/me/partners'];

  it('answers a visitor 401 and an account without a record (an admin too) 404, in Danish', async () => {
    const user = await createUser(t.database.db);
    const staff = await createUser(t.database.db, { role: 'admin' });
    for (const url of calls) {
      expect((await get(url)).statusCode).toBe(401);
      for (const who of [user, staff]) {
        const response = await get(url, await signIn(t, who));
        expect(response.statusCode).toBe(404);
        expect(response.json().message).toBe('Du er ikke registreret som forhandler.');
      }
    }
  });

  it('lets a reseller in every status read its own, and only its own; only an approved one wears "Aktiv"', async () => {
    for (const status of RESELLER_STATUSES) {
      const { cookie, reseller, codes } = await dealer({ size: 2, status });
      const other = await dealer({ size: 2 });
      const me = await get('/api/resellers/me', cookie);
      expect(me.json()).toEqual({ id: reseller.id, companyName: reseller.companyName, status });
      // The header decides its badge from this answer alone (use-reseller.ts).
      expect(isActiveReseller(me.json<ResellerMe>()), status).toBe(status === 'approved');
      const overview = (await get('/api/resellers/me/overview', cookie)).json<ResellerOverview>();
      expect(overview.reseller).toMatchObject({ id: reseller.id, status });
      expect(overview.total).toBe(2);
      const listed = (await get('/api/resellers/me/qr-codes', cookie)).json<ResellerCodesPage>();
      expect(listed.codes.map((c) => c.code)).toEqual(codes);
      expect(listed.codes.some((c) => other.codes.includes(c.code))).toBe(false);
      expect((await get(`/api/resellers/me/qr-codes?q=${other.codes[0]}`, cookie)).json().codes).toEqual([]);
    }
  });

  it('shows the reason of a suspension, and the referral link only while approved', async () => {
    const { cookie, reseller } = await dealer({ size: 1 });
    const approved = (await get('/api/resellers/me/overview', cookie)).json<ResellerOverview>();
    expect(approved.reseller.referralLink).toBe(`${t.app.deps.config.BASE_URL}/reseller-register?partner=${reseller.referralCode}`);
    await t.database.db.update(resellers).set({ status: 'suspended', statusReason: 'Ubetalt faktura fra oktober.' }).where(eq(resellers.id, reseller.id));
    const suspended = (await get('/api/resellers/me/overview', cookie)).json<ResellerOverview>();
    expect(suspended.reseller).toMatchObject({ status: 'suspended', statusReason: 'Ubetalt faktura fra oktober.', referralLink: null });
  });
});

describe("the reseller's codes", () => {
  it('counts every state, lists page by page, filters by state and finds a code or a family', async () => {
    const { cookie, codes, reseller } = await dealer({ size: 7 });
    t.clock.advance(60_000);
    const waiting = await createPackage(t.app.deps, admin, { name: 'Pakke 2', size: 2, resellerId: reseller.id });
    const family = await createUser(t.database.db);
    await t.request({ method: 'POST', url: `/api/resellers/me/qr-codes/${codes[0]}/handover`, headers: { cookie }, payload: { familyName: 'Familien Krogh', email: 'krogh@eksempel.dk' } });
    await t.request({ method: 'POST', url: `/api/resellers/me/qr-codes/${codes[1]}/handover`, headers: { cookie }, payload: { familyName: 'Familien Dahl' } });
    await t.database.db.transaction((tx) => claimCode(tx, codes[1]!, family.id, t.clock.now()));
    await t.database.db.update(qrCodes).set({ status: 'void' }).where(eq(qrCodes.code, codes[2]!));

    const overview = (await get('/api/resellers/me/overview', cookie)).json<ResellerOverview>();
    expect(overview.counts).toEqual({ on_the_way: 2, shipped: 4, given: 1, claimed: 1, linked: 0, void: 1 });
    expect(overview.total).toBe(9);
    expect(overview.packages.map((p) => [p.name, p.status])).toEqual([
      ['Pakke 2', 'created'],
      ['Pakke 1', 'shipped'],
    ]);
    expect(waiting.id).toBe(overview.packages[0]!.id);

    const first = (await get('/api/resellers/me/qr-codes?limit=4', cookie)).json<ResellerCodesPage>();
    expect(first.codes).toHaveLength(4);
    const second = (await get(`/api/resellers/me/qr-codes?limit=4&after=${first.nextAfter}`, cookie)).json<ResellerCodesPage>();
    const third = (await get(`/api/resellers/me/qr-codes?limit=4&after=${second.nextAfter}`, cookie)).json<ResellerCodesPage>();
    expect(third.nextAfter).toBeNull();
    const all = [...first.codes, ...second.codes, ...third.codes].map((c) => c.code);
    expect(all).toHaveLength(9);
    expect([...all].sort()).toEqual(all);

    const byState = async (state: string) => (await get(`/api/resellers/me/qr-codes?state=${state}`, cookie)).json<ResellerCodesPage>().codes.map((c) => c.code);
    expect(await byState('given')).toEqual([codes[0]]);
    expect(await byState('claimed')).toEqual([codes[1]]);
    expect(await byState('void')).toEqual([codes[2]]);
    expect(await byState('shipped')).toEqual(codes.slice(3));
    expect(await byState('on_the_way')).toHaveLength(2);

    const find = async (q: string) => (await get(`/api/resellers/me/qr-codes?q=${encodeURIComponent(q)}`, cookie)).json<ResellerCodesPage>().codes.map((c) => c.code);
    expect(await find('krogh')).toEqual([codes[0]]);
    expect(await find('Dahl')).toEqual([codes[1]]);
    expect(await find(codes[3]!.toLowerCase())).toEqual([codes[3]]);
    expect(await find(`${codes[4]!.slice(0, 5)}-${codes[4]!.slice(5)}`)).toEqual([codes[4]]);
    expect(await find('%')).toEqual([]);
  });

  it('gives every code as a CSV for a Danish spreadsheet, with the families and a formula defused', async () => {
    const { cookie, codes } = await dealer({ size: 3 });
    await t.request({ method: 'POST', url: `/api/resellers/me/qr-codes/${codes[0]}/handover`, headers: { cookie }, payload: { familyName: '=HYPERLINK("x")', email: '' } });
    const response = await get('/api/resellers/me/qr-codes.csv', cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="mindested-koder-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = response.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Kode;Status;Pakke;Familie;E-mail;Givet;Taget i brug');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(new RegExp(`^${codes[0]!.slice(0, 5)}-${codes[0]!.slice(5)};Givet til familie;Pakke 1;"'=HYPERLINK\\(""x""\\)";;\\d`));
    expect(lines[2]).toBe(`${codes[1]!.slice(0, 5)}-${codes[1]!.slice(5)};Modtaget;Pakke 1;;;;`);

    const filtered = await get('/api/resellers/me/qr-codes.csv?state=given', cookie);
    expect(filtered.body.trim().split('\r\n')).toHaveLength(2);
  });
});

describe('statistics', () => {
  it('counts codes received, given, activated and linked per Danish month, and the memorials they open', async () => {
    // The test clock starts on 1 November 2026 and only goes forward.
    const { cookie, codes } = await dealer({ size: 4 });
    t.clock.advance(new Date('2026-11-30T23:30:00Z').getTime() - t.clock.now().getTime()); // 1 December in Denmark
    await t.request({ method: 'POST', url: `/api/resellers/me/qr-codes/${codes[0]}/handover`, headers: { cookie }, payload: { familyName: 'Familien Krogh' } });
    await familyLinks(codes[0]!);

    const stats = (await get('/api/resellers/me/stats', cookie)).json<ResellerStats>();
    expect(stats.months).toHaveLength(12);
    expect(stats.months.at(-1)).toEqual({ month: '2026-12', received: 0, given: 1, activated: 1, linked: 1 });
    expect(stats.months.at(-2)).toEqual({ month: '2026-11', received: 4, given: 0, activated: 0, linked: 0 });
    expect(stats.months[0]!.month).toBe('2026-01');
    expect(stats.memorialsOpened).toBe(1);
  });
});

describe('the partner network', () => {
  it("lists the approved resellers that came through the link, their activity and the commission from real rows", async () => {
    const referrer = await dealer({ size: 1 });
    const partner = await dealer({ size: 3, referredBy: referrer.reseller.id });
    await createReseller(t.database.db, { referredBy: referrer.reseller.id, status: 'pending' });

    const before = (await get('/api/resellers/me/partners', referrer.cookie)).json<Partners>();
    expect(before.referralLink).toContain(`partner=${referrer.reseller.referralCode}`);
    expect(before.partners).toEqual([expect.objectContaining({ id: partner.reseller.id, codesReceived: 3, codesLinked: 0, commissionOre: 0 })]);
    expect(before.totalCommissionOre).toBe(0);

    await t.database.db.insert(resellerCommissions).values([
      { resellerId: referrer.reseller.id, partnerId: partner.reseller.id, amountOre: 12_500, source: 'order:1' },
      { resellerId: referrer.reseller.id, partnerId: partner.reseller.id, amountOre: 7_500, source: 'order:2' },
    ]);
    const after = (await get('/api/resellers/me/partners', referrer.cookie)).json<Partners>();
    expect(after.partners[0]!.commissionOre).toBe(20_000);
    expect(after.totalCommissionOre).toBe(20_000);
    // The partner has no partners of its own, and sees nothing of its referrer's.
    expect((await get('/api/resellers/me/partners', partner.cookie)).json<Partners>()).toMatchObject({ partners: [], totalCommissionOre: 0 });
    expect(await t.database.db.select().from(codeHandovers).where(eq(codeHandovers.resellerId, partner.reseller.id))).toEqual([]);
  });

  it("takes an applicant from the referral link through the admin's approval into the referrer's partners, with its activity; a rejected one stays out", async () => {
    const referrer = await dealer({ size: 1 });
    const staff = await signIn(t, admin);
    // The link as the referrer's dashboard shows it, and as the application page reads it.
    const link = new URL((await get('/api/resellers/me/partners', referrer.cookie)).json<Partners>().referralLink!);
    const partnerCode = link.searchParams.get('partner')!;
    expect((await get(`/api/resellers/partner/${partnerCode}`)).json()).toEqual({ companyName: referrer.reseller.companyName });

    const applyThroughLink = async (companyName: string) => {
      const cookie = await signIn(t, await createUser(t.database.db, { fullName: 'Lene Rasmussen' }));
      const payload = { companyName, cvr: validCvr(), kind: 'funeral_home', contactName: 'Lene Rasmussen', email: 'ignored@eksempel.dk', phone: '86 12 34 56', address: 'Søndergade 12', postcode: '8600', town: 'Silkeborg', acceptTerms: true, termsVersion: RESELLER_TERMS_VERSION, partner: partnerCode };
      const response = await t.request({ method: 'POST', url: '/api/resellers/applications', headers: { cookie }, payload });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ reseller: ResellerSelf }>().reseller.id;
    };
    const joined = await applyThroughLink('Bedemand Rasmussen');
    const turnedDown = await applyThroughLink('Stenhuggeriet Nord');
    // An application is not a partner yet.
    expect((await get('/api/resellers/me/partners', referrer.cookie)).json<Partners>().partners).toEqual([]);

    const decide = (id: string, what: string, payload: object) => t.request({ method: 'POST', url: `/api/admin/resellers/${id}/${what}`, headers: { cookie: staff }, payload });
    expect((await decide(joined, 'approve', {})).statusCode).toBe(200);
    expect((await decide(turnedDown, 'reject', { reason: 'Vi kan ikke finde virksomheden i CVR.' })).statusCode).toBe(200);

    // The new partner's first package arrives, and a family links one of its codes to a memorial.
    const pkg = await createPackage(t.app.deps, admin, { name: 'Rasmussens første pakke', size: 2, resellerId: joined });
    for (const to of ['produced', 'in_stock', 'shipped'] as const) await movePackage(t.app.deps, admin, pkg.id, to);
    const [first] = await t.database.db.select().from(qrCodes).where(eq(qrCodes.packageId, pkg.id)).limit(1);
    await familyLinks(first!.code);

    const partners = (await get('/api/resellers/me/partners', referrer.cookie)).json<Partners>();
    expect(partners.partners).toEqual([
      expect.objectContaining({ id: joined, companyName: 'Bedemand Rasmussen', town: 'Silkeborg', status: 'approved', codesReceived: 2, codesLinked: 1, commissionOre: 0 }),
    ]);
    expect(partners.partners[0]!.approvedAt).toBe(t.clock.now().toISOString());
  });
});

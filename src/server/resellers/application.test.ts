/**
 * /reseller-register's application on a real database with real e-mail: a signed-in user's and a
 * visitor's; a CVR number that fails modulus 11, a duplicate CVR, account or address, missing or
 * outdated terms, an address that has an account, a robot; a rejected applicant applying again;
 * and the referral link that makes the new reseller another's partner.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReseller, createUser, validCvr } from '../../../tests/support/factories';
import { signIn } from '../../../tests/support/sign-in';
import { type TestApp, createTestApp } from '../../../tests/support/test-app';
import { APPLICATION_RECEIVED, type ResellerApplicationBody, resellerMessages } from '../../shared/resellers-api';
import { RESELLER_TERMS_VERSION } from '../../shared/resellers';
import { resellers } from '../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let sequence = 0;
function application(overrides: Partial<ResellerApplicationBody> = {}): ResellerApplicationBody {
  sequence += 1;
  return {
    companyName: `Bedemand Holm ${sequence} ApS`,
    cvr: validCvr(),
    kind: 'funeral_home',
    contactName: 'Hanne Holm',
    email: `hanne${sequence}-${Date.now()}@bedemandholm.dk`,
    phone: '+45 86 12 34 56',
    address: 'Kirkevej 4',
    postcode: '8000',
    town: 'Aarhus C',
    acceptTerms: true,
    termsVersion: RESELLER_TERMS_VERSION,
    ...overrides,
  };
}

const applyAs = (payload: object, cookie?: string, ip = '127.0.0.1') =>
  t.request({ method: 'POST', url: '/api/resellers/applications', payload, headers: cookie ? { cookie } : {}, remoteAddress: ip });
const recordFor = async (cvr: string) => (await t.database.db.select().from(resellers).where(eq(resellers.cvr, cvr)))[0];

describe('POST /api/resellers/applications', () => {
  it("records a signed-in user's application for their account, with the terms' version and time, and sends a receipt", async () => {
    const user = await createUser(t.database.db, { fullName: 'Hanne Holm' });
    const cookie = await signIn(t, user);
    const body = application({ email: 'ignored@eksempel.dk' });
    const response = await applyAs(body, cookie);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ message: APPLICATION_RECEIVED, reseller: { status: 'pending', email: user.email, referralLink: null } });

    const record = await recordFor(response.json().reseller.cvr);
    expect(record).toMatchObject({ userId: user.id, email: user.email, status: 'pending', kind: 'funeral_home', termsVersion: RESELLER_TERMS_VERSION, postcode: '8000', town: 'Aarhus C' });
    expect(record!.termsAcceptedAt).toEqual(t.clock.now());
    expect(record!.referralCode).toMatch(/^[2-9A-Z]{10}$/);

    await t.app.deps.jobs.drain();
    const receipt = await t.mail.waitFor((m) => m.to.includes(user.email));
    expect(receipt.subject).toBe('Vi har modtaget jeres ansøgning som forhandler');
    expect(receipt.text).toContain(body.companyName);

    const me = await t.request({ method: 'GET', url: '/api/resellers/me', headers: { cookie } });
    expect(me.json()).toMatchObject({ status: 'pending', companyName: body.companyName });
  });

  it("records a visitor's application without an account, and shows them nothing before approval", async () => {
    const body = application({ cvr: validCvr(), email: 'Sten.Vest@Eksempel.DK' });
    const response = await applyAs(body);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({ message: APPLICATION_RECEIVED, reseller: null });
    expect(await recordFor(body.cvr)).toMatchObject({ userId: null, email: 'sten.vest@eksempel.dk', status: 'pending' });
  });

  it('reads a CVR number typed with spaces and a DK prefix', async () => {
    const cvr = validCvr();
    const response = await applyAs(application({ cvr: `DK ${cvr.slice(0, 4)} ${cvr.slice(4)}` }));
    expect(response.statusCode, response.body).toBe(201);
    expect(await recordFor(cvr)).toBeDefined();
  });

  it('refuses a CVR number that fails modulus 11, or is not 8 digits, naming the field', async () => {
    const good = validCvr();
    const bad = `${good.slice(0, 7)}${(Number(good[7]) + 1) % 10}`;
    for (const [cvr, message] of [
      [bad, resellerMessages.cvrInvalid],
      ['1234567', resellerMessages.cvrFormat],
      ['abcdefgh', resellerMessages.cvrFormat],
    ] as const) {
      const response = await applyAs(application({ cvr }));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message, field: 'cvr' });
    }
  });

  it('refuses an application without the terms accepted, or with terms that have changed since', async () => {
    const missing = await applyAs({ ...application(), acceptTerms: false });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ message: resellerMessages.terms, field: 'acceptTerms' });
    const old = await applyAs(application({ termsVersion: '2020-01-01' }));
    expect(old.statusCode).toBe(400);
    expect(old.json()).toMatchObject({ message: resellerMessages.termsChanged, field: 'acceptTerms' });
  });

  it('refuses bad fields with Danish messages naming them', async () => {
    const response = await applyAs(application({ phone: '12', postcode: '80', companyName: ' ' }));
    expect(response.statusCode).toBe(400);
    expect(['companyName', 'phone', 'postcode']).toContain(response.json().field);
  });

  it('refuses a second application from the same CVR number, account or address', async () => {
    const first = application();
    expect((await applyAs(first)).statusCode).toBe(201);
    const sameCvr = await applyAs(application({ cvr: first.cvr }));
    expect(sameCvr.statusCode).toBe(409);
    expect(sameCvr.json()).toMatchObject({ message: resellerMessages.duplicateCvr, field: 'cvr' });
    const sameAddress = await applyAs(application({ email: first.email }));
    expect(sameAddress.statusCode).toBe(409);
    expect(sameAddress.json()).toMatchObject({ message: resellerMessages.duplicateEmail, field: 'email' });

    const user = await createUser(t.database.db);
    const cookie = await signIn(t, user);
    expect((await applyAs(application(), cookie)).statusCode).toBe(201);
    const again = await applyAs(application(), cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(resellerMessages.duplicateAccount);
  });

  it('sends a visitor whose address has an account to log in first', async () => {
    const user = await createUser(t.database.db);
    const response = await applyAs(application({ email: user.email }));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ message: resellerMessages.existingAccount, field: 'email' });
  });

  it('lets a rejected applicant apply again on its own record, pending once more', async () => {
    const user = await createUser(t.database.db);
    const cookie = await signIn(t, user);
    const rejected = await createReseller(t.database.db, { userId: user.id, email: user.email, status: 'rejected', statusReason: 'CVR-nummeret hører til en anden virksomhed.' });
    const response = await applyAs(application({ cvr: rejected.cvr, companyName: 'Holm & Søn ApS' }), cookie);
    expect(response.statusCode, response.body).toBe(201);
    expect(await recordFor(rejected.cvr)).toMatchObject({ id: rejected.id, status: 'pending', statusReason: null, companyName: 'Holm & Søn ApS' });
  });

  it('keeps nothing from a robot, and answers it as anyone', async () => {
    const body = application({ website: 'http://spam.example' });
    const response = await applyAs(body);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: APPLICATION_RECEIVED, reseller: null });
    expect(await recordFor(body.cvr)).toBeUndefined();
  });

  it('limits applications from one address on the network', async () => {
    const ip = '10.9.8.7';
    const limit = t.app.deps.config.RATE_LIMIT_REGISTER_PER_IP;
    for (let i = 0; i < limit; i++) await applyAs(application({ website: 'robot' }), undefined, ip);
    expect((await applyAs(application(), undefined, ip)).statusCode).toBe(429);
  });
});

describe('the referral link', () => {
  it("makes an applicant that came through it the referrer's partner", async () => {
    const referrer = await createReseller(t.database.db, { userId: (await createUser(t.database.db)).id });
    const link = await t.request({ method: 'GET', url: `/api/resellers/partner/${referrer.referralCode.toLowerCase()}` });
    expect(link.json()).toEqual({ companyName: referrer.companyName });

    const body = application({ partner: referrer.referralCode });
    expect((await applyAs(body)).statusCode).toBe(201);
    expect(await recordFor(body.cvr)).toMatchObject({ referredBy: referrer.id });
  });

  it("refuses an unknown code, and one of a reseller that is not approved", async () => {
    const suspended = await createReseller(t.database.db, { status: 'suspended' });
    expect((await t.request({ method: 'GET', url: `/api/resellers/partner/${suspended.referralCode}` })).statusCode).toBe(404);
    for (const partner of ['UKENDT1234', suspended.referralCode]) {
      const response = await applyAs(application({ partner }));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: resellerMessages.unknownPartner, field: 'partner' });
    }
  });
});

/**
 * Giving a code to a family, on a real database with real e-mail: the setup link makes the family's
 * account with the code locked to it; an address with an account gets a link to log in and take
 * it; a family without e-mail gets the printed letter, whose QR symbol decodes to the code's
 * address; a code given twice, after it was taken, before it arrived, or by a reseller that may not
 * give codes is refused; withdrawing spends the family's link.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDealer } from '../../../tests/support/dealers';
import { createUser } from '../../../tests/support/factories';
import { decodePdf, pdfText } from '../../../tests/support/qr-decode';
import { linkIn } from '../../../tests/support/smtp-capture';
import { type TestApp, cookieFrom, createTestApp } from '../../../tests/support/test-app';
import { formatCode } from '../../shared/qr-code';
import { type ResellerCode, resellerMessages } from '../../shared/resellers-api';
import type { ResellerStatus } from '../../shared/resellers';
import { accountSetups, codeHandovers, qrCodes } from '../db/schema';
import { createPackage } from '../qr/packages';

let t: TestApp;
let admin: { id: string; role: 'admin' };
beforeAll(async () => {
  t = await createTestApp();
  admin = { id: (await createUser(t.database.db, { role: 'admin' })).id, role: 'admin' };
});
afterAll(() => t.close());

/** A reseller with an account, signed in, and a package of `size` codes sent to it. */
const dealer = (size = 3, status: ResellerStatus = 'approved') =>
  createDealer(t, admin, { size, status, packageName: 'Fyn, november', record: { companyName: 'Stenhuggeriet Fyn ApS', phone: '62 12 34 56' } });

const give = (cookie: string, code: string, payload: object) =>
  t.request({ method: 'POST', url: `/api/resellers/me/qr-codes/${code}/handover`, headers: { cookie }, payload });
const withdraw = (cookie: string, code: string) => t.request({ method: 'DELETE', url: `/api/resellers/me/qr-codes/${code}/handover`, headers: { cookie } });

async function mailTo(email: string) {
  await t.app.deps.jobs.drain();
  const mail = await t.mail.waitFor((m) => m.to.includes(email));
  t.mail.messages.splice(t.mail.messages.indexOf(mail), 1);
  return mail;
}

describe('giving a code to a family', () => {
  it("e-mails a family without an account a setup link that makes their account with the code locked to it", async () => {
    const { cookie, codes } = await dealer();
    const email = `familien.berg-${Date.now()}@eksempel.dk`;
    const response = await give(cookie, formatCode(codes[0]!).toLowerCase(), { familyName: 'Familien Berg', email: email.toUpperCase() });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().message).toBe(`Koden er givet til Familien Berg. Vi har sendt en e-mail til ${email} med et link, så familien kan tage koden i brug.`);
    expect(response.json<{ code: ResellerCode }>().code).toMatchObject({ code: codes[0], state: 'given', handover: { familyName: 'Familien Berg', email } });

    const mail = await mailTo(email);
    expect(mail.subject).toBe('Stenhuggeriet Fyn ApS har givet jer en QR-kode til mindestenen');
    expect(mail.text).toContain('Kære Familien Berg');
    const token = linkIn(mail, '/setup/').split('/setup/')[1]!;
    const shown = await t.request({ method: 'GET', url: `/api/setup/${token}` });
    expect(shown.json()).toEqual({ fullName: 'Familien Berg', email, qrCode: codes[0], companyName: null });

    const done = await t.request({ method: 'POST', url: '/api/setup', payload: { token, username: `berg${Date.now()}`, password: 'mindesten-42' } });
    expect(done.statusCode, done.body).toBe(201);
    const [code] = await t.database.db.select().from(qrCodes).where(eq(qrCodes.code, codes[0]!));
    expect(code).toMatchObject({ status: 'claimed', claimedBy: done.json().id });
    expect(cookieFrom(done)).toBeTruthy();

    const listed = await t.request({ method: 'GET', url: `/api/resellers/me/qr-codes?q=${codes[0]}`, headers: { cookie } });
    expect(listed.json().codes).toEqual([expect.objectContaining({ code: codes[0], state: 'claimed', handover: expect.objectContaining({ familyName: 'Familien Berg' }) })]);
  });

  it('e-mails an address that has an account a link to log in and take the code', async () => {
    const { cookie, codes } = await dealer();
    const family = await createUser(t.database.db, { fullName: 'Ole Berg' });
    expect((await give(cookie, codes[0]!, { familyName: 'Ole Berg', email: family.email })).statusCode).toBe(201);
    const mail = await mailTo(family.email);
    expect(linkIn(mail, '/qr-scan/')).toBe(`${t.app.deps.config.BASE_URL}/qr-scan/${codes[0]}/login`);
    expect(await t.database.db.select().from(accountSetups).where(eq(accountSetups.email, family.email))).toEqual([]);
  });

  it('prints a letter for a family without e-mail, whose symbol decodes to the code and which says how to begin', async () => {
    const { cookie, codes } = await dealer();
    const response = await give(cookie, codes[1]!, { familyName: 'Familien Østergård', email: '' });
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe('Koden er givet til Familien Østergård. Print brevet til familien, så de ved, hvordan de kommer i gang.');

    const letter = await t.request({ method: 'GET', url: `/api/resellers/me/qr-codes/${codes[1]}/letter.pdf`, headers: { cookie } });
    expect(letter.statusCode).toBe(200);
    expect(letter.headers['content-type']).toBe('application/pdf');
    const pdf = letter.rawPayload;
    expect(await decodePdf(pdf)).toEqual([`${t.app.deps.config.BASE_URL}/qr/${codes[1]}`]);
    const text = await pdfText(pdf);
    for (const words of ['Til Familien Østergård', 'Stenhuggeriet Fyn ApS', formatCode(codes[1]!), 'Sådan kommer I i gang', '62 12 34 56']) expect(text).toContain(words);

    // A code not given has no letter: there is no family to write to.
    const notGiven = await t.request({ method: 'GET', url: `/api/resellers/me/qr-codes/${codes[2]}/letter.pdf`, headers: { cookie } });
    expect(notGiven.statusCode).toBe(409);
  });

  it('refuses a code given twice, a code a family has taken, a code not yet arrived, and a void one', async () => {
    const { cookie, codes, reseller } = await dealer();
    expect((await give(cookie, codes[0]!, { familyName: 'Familien Berg' })).statusCode).toBe(201);
    const twice = await give(cookie, codes[0]!, { familyName: 'Familien Lund' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(resellerMessages.codeAlreadyGiven);

    const family = await createUser(t.database.db);
    await t.database.db.update(qrCodes).set({ status: 'claimed', claimedBy: family.id, claimedAt: t.clock.now() }).where(eq(qrCodes.code, codes[1]!));
    expect((await give(cookie, codes[1]!, { familyName: 'Familien Lund' })).json().message).toBe(resellerMessages.codeInUse);

    await t.database.db.update(qrCodes).set({ status: 'void' }).where(eq(qrCodes.code, codes[2]!));
    expect((await give(cookie, codes[2]!, { familyName: 'Familien Lund' })).json().message).toBe(resellerMessages.codeVoid);

    const waiting = await createPackage(t.app.deps, admin, { name: 'Ikke sendt', size: 1, resellerId: reseller.id });
    const [early] = await t.database.db.select().from(qrCodes).where(eq(qrCodes.packageId, waiting.id));
    const notYet = await give(cookie, early!.code, { familyName: 'Familien Lund' });
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json().message).toBe(resellerMessages.codeNotShipped);
  });

  it("answers another reseller's code, and an unknown one, as not theirs", async () => {
    const mine = await dealer(1);
    const theirs = await dealer(1);
    for (const code of [theirs.codes[0]!, 'ABC', '0000000000']) {
      const response = await give(mine.cookie, code, { familyName: 'Familien Berg' });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe(resellerMessages.codeNotYours);
    }
    expect((await withdraw(mine.cookie, theirs.codes[0]!)).statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url: `/api/resellers/me/qr-codes/${theirs.codes[0]}/letter.pdf`, headers: { cookie: mine.cookie } })).statusCode).toBe(404);
    expect(await t.database.db.select().from(codeHandovers).where(eq(codeHandovers.code, theirs.codes[0]!))).toEqual([]);
  });

  it('lets only an approved reseller give codes, and tells the others why', async () => {
    for (const [status, message] of [
      ['pending', resellerMessages.pending],
      ['suspended', resellerMessages.suspended],
      ['rejected', resellerMessages.rejected],
    ] as const) {
      const { cookie, codes } = await dealer(1, status);
      const response = await give(cookie, codes[0]!, { familyName: 'Familien Berg' });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(message);
    }
  });

  it('refuses a hand-over without a name, or with a bad address', async () => {
    const { cookie, codes } = await dealer(1);
    expect((await give(cookie, codes[0]!, { familyName: ' ' })).json()).toMatchObject({ field: 'familyName', message: resellerMessages.familyName });
    expect((await give(cookie, codes[0]!, { familyName: 'Familien Berg', email: 'berg@' })).json()).toMatchObject({ field: 'email' });
  });
});

describe('taking a hand-over back', () => {
  it("spends the family's setup link, and the code can be given again", async () => {
    const { cookie, codes } = await dealer(1);
    const email = `forkert-${Date.now()}@eksempel.dk`;
    await give(cookie, codes[0]!, { familyName: 'Familien Berg', email });
    const token = linkIn(await mailTo(email), '/setup/').split('/setup/')[1]!;

    const taken = await withdraw(cookie, codes[0]!);
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json().code).toMatchObject({ state: 'shipped', handover: null });
    expect((await t.request({ method: 'GET', url: `/api/setup/${token}` })).statusCode).toBe(400);
    expect((await give(cookie, codes[0]!, { familyName: 'Familien Lund' })).statusCode).toBe(201);
    // The history keeps the first hand-over.
    expect(await t.database.db.select().from(codeHandovers).where(eq(codeHandovers.code, codes[0]!))).toHaveLength(2);
  });

  it('refuses to take back a code the family has taken, or one never given', async () => {
    const { cookie, codes } = await dealer(2);
    expect((await withdraw(cookie, codes[0]!)).json().message).toBe(resellerMessages.notGiven);
    await give(cookie, codes[1]!, { familyName: 'Familien Berg' });
    const family = await createUser(t.database.db);
    await t.database.db.update(qrCodes).set({ status: 'claimed', claimedBy: family.id, claimedAt: t.clock.now() }).where(eq(qrCodes.code, codes[1]!));
    const response = await withdraw(cookie, codes[1]!);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(resellerMessages.codeInUse);
  });
});

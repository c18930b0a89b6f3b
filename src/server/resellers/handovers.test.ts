/**
 * Giving a code to a family, on a real database with real e-mail: the setup link makes the family's
 * account with the code locked to it; an address with an account gets a link to log in and take
 * it; a family without e-mail gets the printed letter, whose QR symbol decodes to the code's
 * address; a code given twice, after it was taken, before it arrived is refused; withdrawing spends
 * the family's link; sending it again replaces it. Who may call each of these (a visitor, an
 * account without a record, staff, a reseller in each status, another reseller), and the limit on
 * the e-mails they send.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDealer } from '../../../tests/support/dealers';
import { createUser } from '../../../tests/support/factories';
import { decodePdf, pdfText } from '../../../tests/support/qr-decode';
import { signIn } from '../../../tests/support/sign-in';
import { linkIn } from '../../../tests/support/smtp-capture';
import { type TestApp, cookieFrom, createTestApp } from '../../../tests/support/test-app';
import { formatCode } from '../../shared/qr-code';
import { type ResellerCode, resellerMessages } from '../../shared/resellers-api';
import type { ResellerStatus } from '../../shared/resellers';
import { accountSetups, codeHandovers, qrCodes, resellers } from '../db/schema';
import { createPackage } from '../qr/packages';

let t: TestApp;
let admin: { id: string; role: 'admin' };
/** Few, so the limit is reached in a handful of calls; every test has its own dealer and addresses. */
const MAILS_PER_RESELLER = 4;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_HANDOVER_MAILS_PER_RESELLER: String(MAILS_PER_RESELLER) });
  admin = { id: (await createUser(t.database.db, { role: 'admin' })).id, role: 'admin' };
});
afterAll(() => t.close());

/** A reseller with an account, signed in, and a package of `size` codes sent to it. */
const dealer = (size = 3, status: ResellerStatus = 'approved') =>
  createDealer(t, admin, { size, status, packageName: 'Fyn, november', record: { companyName: 'Stenhuggeriet Fyn ApS', phone: '62 12 34 56' } });

const give = (cookie: string, code: string, payload: object) =>
  t.request({ method: 'POST', url: `/api/resellers/me/qr-codes/${code}/handover`, headers: { cookie }, payload });
const withdraw = (cookie: string, code: string) => t.request({ method: 'DELETE', url: `/api/resellers/me/qr-codes/${code}/handover`, headers: { cookie } });
const resend = (cookie: string, code: string) => t.request({ method: 'POST', url: `/api/resellers/me/qr-codes/${code}/handover/resend`, headers: { cookie } });

let addresses = 0;
/** An address no other test writes to: each address has its own limit too. */
const address = (name = 'familie') => `${name}-${++addresses}-${Date.now()}@eksempel.dk`;

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

describe("sending the family's link again", () => {
  it('sends a new setup link, and the one before stops working', async () => {
    const { cookie, codes } = await dealer(1);
    const email = address('berg');
    await give(cookie, codes[0]!, { familyName: 'Familien Berg', email });
    const first = linkIn(await mailTo(email), '/setup/').split('/setup/')[1]!;

    const again = await resend(cookie, formatCode(codes[0]!));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().message).toBe(`Vi har sendt linket igen til ${email}. Linket i den forrige e-mail virker ikke længere.`);
    expect(again.json<{ code: ResellerCode }>().code).toMatchObject({ code: codes[0], state: 'given', handover: { familyName: 'Familien Berg', email } });
    const mail = await mailTo(email);
    expect(mail.subject).toBe('Stenhuggeriet Fyn ApS har givet jer en QR-kode til mindestenen');
    expect(mail.text).toContain('Er det udløbet, kan Stenhuggeriet Fyn ApS sende jer et nyt.');
    const second = linkIn(mail, '/setup/').split('/setup/')[1]!;
    expect(second).not.toBe(first);
    expect((await t.request({ method: 'GET', url: `/api/setup/${first}` })).statusCode).toBe(400);
    expect((await t.request({ method: 'GET', url: `/api/setup/${second}` })).json()).toMatchObject({ email, qrCode: codes[0] });
    expect(await t.database.db.select().from(accountSetups).where(eq(accountSetups.qrCode, codes[0]!))).toHaveLength(1);
  });

  it('sends an address that has an account by now the link to log in', async () => {
    const { cookie, codes } = await dealer(1);
    const email = address('lund');
    await give(cookie, codes[0]!, { familyName: 'Familien Lund', email });
    await mailTo(email);
    // The family made an account another way in the meantime.
    await createUser(t.database.db, { email });

    const again = await resend(cookie, codes[0]!);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().message).toBe(`Vi har sendt en ny e-mail til ${email} med et link, så familien kan logge ind og tage koden i brug.`);
    expect(linkIn(await mailTo(email), '/qr-scan/')).toBe(`${t.app.deps.config.BASE_URL}/qr-scan/${codes[0]}/login`);
    expect(await t.database.db.select().from(accountSetups).where(eq(accountSetups.qrCode, codes[0]!))).toEqual([]);
  });

  it('refuses a code given without e-mail, one not given, and one the family has taken', async () => {
    const { cookie, codes } = await dealer(3);
    await give(cookie, codes[0]!, { familyName: 'Familien Krogh' });
    const noEmail = await resend(cookie, codes[0]!);
    expect(noEmail.statusCode).toBe(409);
    expect(noEmail.json().message).toBe(resellerMessages.noEmail);
    expect((await resend(cookie, codes[1]!)).json().message).toBe(resellerMessages.notGiven);

    const email = address('dahl');
    await give(cookie, codes[2]!, { familyName: 'Familien Dahl', email });
    await mailTo(email);
    const family = await createUser(t.database.db);
    await t.database.db.update(qrCodes).set({ status: 'claimed', claimedBy: family.id, claimedAt: t.clock.now() }).where(eq(qrCodes.code, codes[2]!));
    const taken = await resend(cookie, codes[2]!);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe(resellerMessages.linkNotNeeded);
    await t.app.deps.jobs.drain();
    expect(t.mail.messages.filter((m) => m.to.includes(email))).toEqual([]);
  });
});

describe('who may give, take back, send again and print', () => {
  /** Every call that acts on a hand-over, on `code`: each must start from the caller's own record. */
  const writes = (code: string) =>
    [
      { name: 'give', method: 'POST', url: `/api/resellers/me/qr-codes/${code}/handover`, payload: { familyName: 'Familien Holm', email: address('holm') } },
      { name: 'take back', method: 'DELETE', url: `/api/resellers/me/qr-codes/${code}/handover` },
      { name: 'send again', method: 'POST', url: `/api/resellers/me/qr-codes/${code}/handover/resend` },
      { name: 'letter', method: 'GET', url: `/api/resellers/me/qr-codes/${code}/letter.pdf` },
    ] as const;
  const call = (write: ReturnType<typeof writes>[number], cookie?: string) =>
    t.request({ method: write.method, url: write.url, headers: cookie ? { cookie } : {}, ...('payload' in write ? { payload: write.payload } : {}) });

  /** An approved dealer's code given to a family with an address: every call would go through for its dealer. */
  async function givenCode(status: ResellerStatus = 'approved') {
    const made = await dealer(1);
    const email = address('given');
    expect((await give(made.cookie, made.codes[0]!, { familyName: 'Familien Given', email })).statusCode).toBe(201);
    await mailTo(email);
    if (status !== 'approved') await t.database.db.update(resellers).set({ status }).where(eq(resellers.id, made.reseller.id));
    return { ...made, code: made.codes[0]!, email };
  }

  /** The hand-over is as it was, and no e-mail went to the family. */
  async function untouched(given: Awaited<ReturnType<typeof givenCode>>) {
    const rows = await t.database.db.select().from(codeHandovers).where(eq(codeHandovers.code, given.code));
    expect(rows).toEqual([expect.objectContaining({ familyName: 'Familien Given', email: given.email, withdrawnAt: null })]);
    await t.app.deps.jobs.drain();
    expect(t.mail.messages.filter((m) => m.to.includes(given.email))).toEqual([]);
  }

  it('answers a visitor 401, and an account without a record (an admin too) 404, in Danish', async () => {
    const given = await givenCode();
    const user = await signIn(t, await createUser(t.database.db));
    const staff = await signIn(t, await createUser(t.database.db, { role: 'admin' }));
    for (const write of writes(given.code)) {
      expect((await call(write)).statusCode, write.name).toBe(401);
      for (const cookie of [user, staff]) {
        const response = await call(write, cookie);
        expect(response.statusCode, write.name).toBe(404);
        expect(response.json().message).toBe(resellerMessages.notReseller);
      }
    }
    await untouched(given);
  });

  it('refuses a pending, suspended or rejected reseller, and says why', async () => {
    for (const [status, message] of [
      ['pending', resellerMessages.pending],
      ['suspended', resellerMessages.suspended],
      ['rejected', resellerMessages.rejected],
    ] as const) {
      const given = await givenCode(status);
      for (const write of writes(given.code)) {
        const response = await call(write, given.cookie);
        expect(response.statusCode, `${status}: ${write.name}`).toBe(403);
        expect(response.json().message).toBe(message);
      }
      await untouched(given);
    }
  });

  it("answers another reseller's code, and an unknown one, as not theirs", async () => {
    const mine = await dealer(1);
    const theirs = await givenCode();
    for (const code of [theirs.code, 'ABC', '0000000000']) {
      for (const write of writes(code)) {
        const response = await call(write, mine.cookie);
        expect(response.statusCode, `${code}: ${write.name}`).toBe(404);
        expect(response.json().message).toBe(resellerMessages.codeNotYours);
      }
    }
    await untouched(theirs);
  });
});

describe('the limit on e-mails to families', () => {
  it('stops a dealer who gives, takes back and gives again at the limit, says so in Danish, and leaves the letter open', async () => {
    const { cookie, codes } = await dealer(2);
    for (let i = 0; i < MAILS_PER_RESELLER - 2; i++) {
      expect((await give(cookie, codes[0]!, { familyName: 'Familien Holm', email: address('loop') })).statusCode).toBe(201);
      expect((await withdraw(cookie, codes[0]!)).statusCode).toBe(200);
    }
    expect((await give(cookie, codes[0]!, { familyName: 'Familien Holm', email: address('loop') })).statusCode).toBe(201);
    // Sending the link again is an e-mail too: it takes the last one.
    expect((await resend(cookie, codes[0]!)).statusCode).toBe(200);
    const message = 'I har sendt mange e-mails til familier på kort tid. Prøv igen om 15 minutter, eller giv koden uden e-mail og print brevet til familien.';
    const again = await resend(cookie, codes[0]!);
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toBe(message);
    expect((await withdraw(cookie, codes[0]!)).statusCode).toBe(200);
    const refused = await give(cookie, codes[0]!, { familyName: 'Familien Holm', email: address('loop') });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(message);
    expect(refused.headers['retry-after']).toBe('900');
    expect(await t.database.db.select().from(codeHandovers).where(eq(codeHandovers.code, codes[0]!))).toHaveLength(MAILS_PER_RESELLER - 1);

    // Without e-mail nothing is sent, and nothing is counted.
    expect((await give(cookie, codes[0]!, { familyName: 'Familien Holm' })).statusCode).toBe(201);
    // The next window sends again.
    t.clock.advance(15 * 60_000);
    expect((await give(cookie, codes[1]!, { familyName: 'Familien Lund', email: address('loop') })).statusCode).toBe(201);
  });

  it('sends one address at most three links a window, whichever dealer sends them', async () => {
    const first = await dealer(1);
    const second = await dealer(1);
    const email = address('indbakke');
    expect((await give(first.cookie, first.codes[0]!, { familyName: 'Familien Berg', email })).statusCode).toBe(201);
    expect((await resend(first.cookie, first.codes[0]!)).statusCode).toBe(200);
    expect((await give(second.cookie, second.codes[0]!, { familyName: 'Familien Berg', email })).statusCode).toBe(201);
    const refused = await resend(second.cookie, second.codes[0]!);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Der er sendt flere e-mails til denne adresse på kort tid\. Prøv igen om (et minut|\d+ minutter)\.$/);
  });
});

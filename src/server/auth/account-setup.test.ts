/**
 * E-mail registration with a QR code and its setup link, on a real database with real e-mail (an
 * SMTP capture): the link arrives, makes the account with the code locked to it and logs it in,
 * and is spent; a used, expired or forged link says so in Danish; an address with an account gets
 * a way to use the code with it and no second account; a code that cannot be used, bad input, a
 * robot and a flood are refused.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCode, createUser } from '../../../tests/support/factories';
import { linkIn } from '../../../tests/support/smtp-capture';
import { type TestApp, cookieFrom, createTestApp } from '../../../tests/support/test-app';
import { SETUP_REQUESTED } from '../../shared/account-setup';
import { ACCOUNT_SETUP_TTL_MS } from '../../shared/constants';
import { accountSetups, qrCodes, users } from '../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let sequence = 0;
const address = () => `familie${++sequence}-${Date.now()}@eksempel.dk`;

async function ask(body: object, ip = '127.0.0.1') {
  const response = await t.request({ method: 'POST', url: '/api/qr-email-register', payload: body, remoteAddress: ip });
  await t.app.deps.jobs.drain();
  return response;
}

async function setupLinkFor(email: string): Promise<string> {
  const mail = await t.mail.waitFor((m) => m.to.includes(email));
  t.mail.messages.splice(t.mail.messages.indexOf(mail), 1);
  return linkIn(mail, '/setup/');
}
const tokenOf = (link: string) => link.split('/setup/')[1]!;
const finish = (token: string, username: string, password = 'kirkegaardsvej-7') =>
  t.request({ method: 'POST', url: '/api/setup', payload: { token, username, password } });

describe('e-mail registration with a QR code', () => {
  it('mails a link that makes the account with the code locked to it, logs it in, and is then spent', async () => {
    const { code } = await createCode(t.database.db);
    const email = address();
    const asked = await ask({ fullName: 'Lise Holm', email: email.toUpperCase(), qrCode: code.toLowerCase() });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toEqual({ message: SETUP_REQUESTED });

    const mail = await t.mail.waitFor((m) => m.to.includes(email));
    expect(mail.subject).toBe('Vælg brugernavn og adgangskode til Mindested');
    expect(mail.text).toContain('Kære Lise Holm');
    expect(mail.html).toContain('Vælg brugernavn og adgangskode');
    const token = tokenOf(await setupLinkFor(email));
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);

    const shown = await t.request({ method: 'GET', url: `/api/setup/${token}` });
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toEqual({ fullName: 'Lise Holm', email, companyName: null, qrCode: code });

    const done = await finish(token, 'lise.holm');
    expect(done.statusCode, done.body).toBe(201);
    expect(done.json()).toMatchObject({ fullName: 'Lise Holm', username: 'lise.holm', email, qrCodeLinked: true });
    const me = await t.request({ method: 'GET', url: '/api/user', headers: { cookie: cookieFrom(done) } });
    expect(me.json()).toMatchObject({ username: 'lise.holm' });
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect((await t.database.db.select().from(qrCodes).where(eq(qrCodes.code, code)))[0]).toMatchObject({ status: 'claimed', claimedBy: user!.id });

    const again = await finish(token, 'lise.igen');
    expect(again.statusCode).toBe(410);
    expect(again.json().message).toMatch(/^Linket er allerede brugt/);
    expect((await t.request({ method: 'GET', url: `/api/setup/${token}` })).statusCode).toBe(410);
  });

  it('keeps the link usable after a taken username, and says so in Danish', async () => {
    const taken = await createUser(t.database.db, { username: 'optaget.navn' });
    const { code } = await createCode(t.database.db);
    const email = address();
    await ask({ fullName: 'Bo Vang', email, qrCode: code });
    const token = tokenOf(await setupLinkFor(email));
    const refused = await finish(token, taken.username.toUpperCase());
    expect(refused.statusCode).toBe(409);
    expect(refused.json().duplicates).toEqual(['username']);
    expect((await finish(token, 'bo.vang')).statusCode).toBe(201);
  });

  it('refuses a forged link and an expired one', async () => {
    expect((await t.request({ method: 'GET', url: `/api/setup/${'x'.repeat(43)}` })).json().message).toMatch(/^Linket er ikke gyldigt/);
    // A link cut short in the e-mail is answered the same way, not with a validation text.
    const cut = await t.request({ method: 'GET', url: '/api/setup/Xk3v9' });
    expect(cut.statusCode).toBe(400);
    expect(cut.json()).toEqual({ message: expect.stringMatching(/^Linket er ikke gyldigt/) });
    const { code } = await createCode(t.database.db);
    const email = address();
    await ask({ fullName: 'Aase Lund', email, qrCode: code });
    const token = tokenOf(await setupLinkFor(email));
    t.clock.advance(ACCOUNT_SETUP_TTL_MS + 1000);
    const expired = await finish(token, 'aase.lund');
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toMatch(/^Linket er udløbet/);
  });

  it('leaves a signed-in browser signed in when its link is refused', async () => {
    const user = await createUser(t.database.db);
    const login = await t.request({ method: 'POST', url: '/api/login', payload: { username: user.username, password: user.password } });
    const cookie = cookieFrom(login);
    const refused = await t.request({ method: 'POST', url: '/api/setup', headers: { cookie }, payload: { token: 'x'.repeat(43), username: 'ny.bruger', password: 'kirkegaardsvej-7' } });
    expect(refused.statusCode).toBe(400);
    expect((await t.request({ method: 'GET', url: '/api/user', headers: { cookie } })).statusCode).toBe(200);
  });

  it('gives an address that has an account a way to use the code with it, and no second account', async () => {
    const user = await createUser(t.database.db);
    const { code } = await createCode(t.database.db);
    const asked = await ask({ fullName: 'En Anden', email: user.email, qrCode: code });
    expect(asked.json()).toEqual({ message: SETUP_REQUESTED });
    const mail = await t.mail.waitFor((m) => m.to.includes(user.email) && m.subject === 'Du har allerede en konto hos Mindested');
    expect(mail.text).toContain(`Kære ${user.fullName}`);
    expect(linkIn(mail, '/qr-scan/')).toMatch(new RegExp(`/qr-scan/${code}/login$`));
    expect(await t.database.db.select().from(accountSetups).where(eq(accountSetups.email, user.email))).toEqual([]);
  });

  it('refuses a code that cannot be used, bad input and a robot; and limits mails to one address', async () => {
    const holder = await createUser(t.database.db);
    const held = await createCode(t.database.db, { status: 'claimed', claimedBy: holder.id });
    const refused = await ask({ fullName: 'Karl', email: address(), qrCode: held.code });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: 'QR-koden kan ikke bruges til at oprette en konto. Den er ugyldig eller allerede taget i brug.', field: 'qrCode' });

    const { code } = await createCode(t.database.db);
    for (const [body, message] of [
      [{ fullName: '', email: address(), qrCode: code }, 'Skriv dit fulde navn.'],
      [{ fullName: 'Karl', email: 'ikke-en-adresse', qrCode: code }, 'Skriv en gyldig e-mailadresse, fx navn@eksempel.dk.'],
      [{ fullName: 'Karl', email: address(), qrCode: 'ABCDE-FGHJK' }, 'QR-koden er ikke gyldig. Tjek at du har skrevet den rigtigt.'],
    ] as const) {
      const response = await ask(body);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    }

    const robot = address();
    expect((await ask({ fullName: 'Robot', email: robot, qrCode: code, website: 'http://spam.example' })).json()).toEqual({ message: SETUP_REQUESTED });
    expect(t.mail.messages.some((m) => m.to.includes(robot))).toBe(false);

    const flooded = address();
    for (let i = 0; i < 3; i++) expect((await ask({ fullName: 'Karl', email: flooded, qrCode: code }, `10.7.0.${i}`)).statusCode).toBe(200);
    const limited = await ask({ fullName: 'Karl', email: flooded, qrCode: code }, '10.7.0.9');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^For mange forsøg/);
  });
});

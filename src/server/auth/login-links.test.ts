/**
 * One-time login links on a real database: asked for by address (the same answer for every
 * address), checked without being spent, spent once by the sign-in, refused when used, expired,
 * forged or for a closed account, and limited per address and per account.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../tests/support/factories';
import { linkIn } from '../../../tests/support/smtp-capture';
import { type TestApp, cookieFrom, createTestApp } from '../../../tests/support/test-app';
import { LOGIN_LINK_TTL_MS } from '../../shared/constants';
import { loginLinks, sessions, users } from '../db/schema';
import { hashToken } from '../lib/tokens';
import { issueLoginLink } from './login-links';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_RESET_PER_IP: '6', RATE_LIMIT_RESET_PER_ACCOUNT: '2' });
});
afterAll(() => t.close());

const ANSWER = 'Hvis e-mailadressen hører til en konto, har vi sendt et login-link til den. Linket virker i en time og kan kun bruges én gang.';
let address = 0;
/** Each request from an address of its own, so the per-address limit is met only where a test means it. */
const ask = (email: string, ip = `10.1.0.${++address}`) =>
  t.app.inject({ method: 'POST', url: '/api/login-link', remoteAddress: ip, headers: { origin: 'http://localhost:5000' }, payload: { email } });
const check = (token: string) => t.request({ method: 'GET', url: `/api/login-link/${token}` });
const spend = (token: string, cookie?: string) =>
  t.request({ method: 'POST', url: `/api/login-link/${token}`, headers: cookie ? { cookie } : {} });

async function linkFor(email: string): Promise<string> {
  expect((await ask(email)).statusCode).toBe(200);
  await t.app.deps.jobs.drain();
  const mail = await t.mail.waitFor((m) => m.to.includes(email) && m.subject === 'Dit login-link til Mindested');
  t.mail.messages.splice(t.mail.messages.indexOf(mail), 1);
  return linkIn(mail, '/login/');
}
const tokenOf = (link: string) => link.split('/login/')[1]!;

describe('asking for a login link', () => {
  it('answers the same for a known and an unknown address, and mails only the known one a link of an hour', async () => {
    const user = await createUser(t.database.db);
    const known = await ask(user.email);
    const unknown = await ask('ingen-her@eksempel.dk');
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual({ message: ANSWER });
    expect(unknown.json()).toEqual(known.json());
    await t.app.deps.jobs.drain();
    const mail = await t.mail.waitFor((m) => m.to.includes(user.email));
    expect(mail.subject).toBe('Dit login-link til Mindested');
    expect(mail.text).toContain(`Kære ${user.fullName}`);
    expect(mail.text).toContain('Linket virker i en time og kan kun bruges én gang.');
    const link = linkIn(mail, '/login/');
    expect(link).toMatch(/^http:\/\/localhost:5000\/login\/[\w-]{43}$/);
    expect(t.mail.messages.some((m) => m.to.includes('ingen-her@eksempel.dk'))).toBe(false);

    // Only the hash is kept, with an hour's life and no sender (the person asked).
    const [row] = await t.database.db.select().from(loginLinks).where(eq(loginLinks.tokenHash, hashToken(tokenOf(link))));
    expect(row).toMatchObject({ userId: user.id, sentBy: null, usedAt: null });
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(LOGIN_LINK_TTL_MS);
    expect(JSON.stringify(await t.database.db.select().from(loginLinks))).not.toContain(tokenOf(link));
  });

  it('mails a closed account nothing, with the same answer', async () => {
    const user = await createUser(t.database.db, { disabledAt: t.clock.now() });
    const response = await ask(user.email);
    expect(response.json()).toEqual({ message: ANSWER });
    await t.app.deps.jobs.drain();
    expect(t.mail.messages.some((m) => m.to.includes(user.email))).toBe(false);
  });

  it('limits the links per address and per account, apart from the password reset', async () => {
    const user = await createUser(t.database.db);
    expect((await ask(user.email, '10.2.0.1')).statusCode).toBe(200);
    expect((await ask(user.email, '10.2.0.2')).statusCode).toBe(200);
    const limited = await ask(user.email, '10.2.0.3');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^For mange forsøg\. Prøv igen om \d+ minutter\.$/);
    // The reset's own count is untouched.
    const reset = await t.app.inject({ method: 'POST', url: '/api/password-reset', remoteAddress: '10.2.0.4', payload: { email: user.email } });
    expect(reset.statusCode).toBe(200);

    const statuses = [];
    for (let i = 0; i < 7; i++) statuses.push((await ask(`flere-${i}@eksempel.dk`, '10.3.0.1')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429]);
  });
});

describe('signing in with a login link', () => {
  it('checks a link without spending it, signs in once with a new session, and refuses it again', async () => {
    const user = await createUser(t.database.db);
    const token = tokenOf(await linkFor(user.email));

    // A mail scanner opening the link does only this: the link still works afterwards.
    expect((await check(token)).statusCode).toBe(204);
    expect((await check(token)).statusCode).toBe(204);

    const signedIn = await spend(token);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ id: user.id, username: user.username, isAdmin: false, qrCodeLinked: false });
    const cookie = cookieFrom(signedIn);
    expect((await t.request({ method: 'GET', url: '/api/user', headers: { cookie } })).json()).toMatchObject({ id: user.id });

    const again = await spend(token);
    expect(again.statusCode).toBe(410);
    expect(again.json().message).toBe('Login-linket er allerede brugt. Bed om et nyt link på login-siden, eller log ind med din adgangskode.');
    expect((await check(token)).statusCode).toBe(410);
  });

  it('lets only one of two simultaneous sign-ins with one link through', async () => {
    const user = await createUser(t.database.db);
    const token = tokenOf(await linkFor(user.email));
    const statuses = (await Promise.all([spend(token), spend(token), spend(token)])).map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 410, 410]);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);
  });

  it('ends the session the browser had before (rotation)', async () => {
    const first = await createUser(t.database.db);
    const second = await createUser(t.database.db);
    const before = cookieFrom(await spend(tokenOf(await linkFor(first.email))));
    const after = await spend(tokenOf(await linkFor(second.email)), before);
    expect(after.statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/user', headers: { cookie: before } })).statusCode).toBe(401);
  });

  it('refuses an expired link after an hour, in Danish', async () => {
    const user = await createUser(t.database.db);
    const token = tokenOf(await linkFor(user.email));
    t.clock.advance(LOGIN_LINK_TTL_MS);
    for (const response of [await check(token), await spend(token)]) {
      expect(response.statusCode).toBe(410);
      expect(response.json().message).toBe('Login-linket er udløbet, da det kun virker i en time. Bed om et nyt link på login-siden.');
    }
  });

  it('refuses a forged link and one that is not even a token', async () => {
    const forged = randomBytes(32).toString('base64url');
    for (const response of [await check(forged), await spend(forged)]) {
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe('Login-linket er ikke gyldigt. Bed om et nyt link på login-siden.');
    }
    expect((await check('kort')).statusCode).toBe(400);
  });

  it('refuses a closed account and leaves the link unspent', async () => {
    const user = await createUser(t.database.db);
    const token = await issueLoginLink(t.database.db, { now: t.clock.now, randomBytes, config: t.app.deps.config }, user.id);
    await t.database.db.update(users).set({ disabledAt: t.clock.now() }).where(eq(users.id, user.id));
    const refused = await spend(token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/^Kontoen er lukket af Mindested\./);
    expect(refused.cookies.find((c) => c.name === 'mindested_session')).toBeUndefined();
    const [row] = await t.database.db.select().from(loginLinks).where(eq(loginLinks.tokenHash, hashToken(token)));
    expect(row!.usedAt).toBeNull();
  });

  it('gives staff a session that still owes the second factor', async () => {
    const admin = await createUser(t.database.db, { role: 'admin' });
    const cookie = cookieFrom(await spend(tokenOf(await linkFor(admin.email))));
    const status = await t.request({ method: 'GET', url: '/api/admin/users', headers: { cookie } });
    expect(status.statusCode).toBe(403);
    expect(status.json().message).toBe('Bekræft først, at det er dig, med en kode fra din godkendelses-app.');
    const [session] = await t.database.db.select().from(sessions).where(eq(sessions.userId, admin.id));
    expect(session!.twoFactorVerifiedAt).toBeNull();
  });
});

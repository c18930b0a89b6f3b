import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc } from 'drizzle-orm';
import { jobs } from '../db/schema';
import { createUser } from '../../../tests/support/factories';
import { linkIn } from '../../../tests/support/smtp-capture';
import { type TestApp, cookieFrom, createTestApp } from '../../../tests/support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ANSWER = 'Hvis e-mailadressen hører til en konto, har vi sendt et link til at vælge en ny adgangskode. Linket virker i en time.';

async function requestReset(email: string) {
  const response = await t.request({ method: 'POST', url: '/api/password-reset', payload: { email } });
  await t.app.deps.jobs.drain();
  return response;
}

async function resetLinkFor(email: string): Promise<string> {
  await requestReset(email);
  const mail = await t.mail.waitFor((m) => m.to.includes(email));
  t.mail.messages.splice(t.mail.messages.indexOf(mail), 1);
  return linkIn(mail, '/reset-password/');
}

const tokenOf = (link: string) => link.split('/reset-password/')[1]!;
const confirm = (token: string, password: string) =>
  t.request({ method: 'POST', url: '/api/password-reset/confirm', payload: { token, password } });
const login = (username: string, password: string) => t.request({ method: 'POST', url: '/api/login', payload: { username, password } });

describe('password reset', () => {
  it('answers the same whether or not the address is known, and mails only a known one', async () => {
    const user = await createUser(t.database.db);
    const known = await requestReset(user.email);
    const unknown = await requestReset('ingen@eksempel.dk');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual({ message: ANSWER });
    expect(unknown.json()).toEqual(known.json());
    const mail = await t.mail.waitFor((m) => m.to.includes(user.email));
    expect(mail.subject).toBe('Nulstil din adgangskode til Mindested');
    expect(mail.text).toContain(`Kære ${user.fullName}`);
    expect(linkIn(mail, '/reset-password/')).toMatch(/^http:\/\/localhost:5000\/reset-password\/[\w-]{43}$/);
    expect(t.mail.messages.some((m) => m.to.includes('ingen@eksempel.dk'))).toBe(false);
  });

  it('sets a new password with the link, once, and ends every session', async () => {
    const user = await createUser(t.database.db, { password: 'gammel-kode' });
    const session = await login(user.username, 'gammel-kode');
    const token = tokenOf(await resetLinkFor(user.email));

    expect((await t.request({ method: 'GET', url: `/api/password-reset/${token}` })).json()).toEqual({ valid: true });
    const done = await confirm(token, 'ny-god-kode');
    expect(done.statusCode).toBe(200);
    expect(done.json().message).toBe('Din adgangskode er ændret. Du kan nu logge ind med den nye adgangskode.');

    expect((await login(user.username, 'gammel-kode')).statusCode).toBe(401);
    expect((await login(user.username, 'ny-god-kode')).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/user', headers: { cookie: cookieFrom(session) } })).statusCode).toBe(401);

    const again = await confirm(token, 'tredje-kode');
    expect(again.statusCode).toBe(410);
    expect(again.json().message).toMatch(/^Linket er allerede brugt\./);
    expect((await t.request({ method: 'GET', url: `/api/password-reset/${token}` })).statusCode).toBe(410);
  });

  it('spends every open link of the account when one is used: the link of an older e-mail no longer works', async () => {
    const user = await createUser(t.database.db, { password: 'gammel-kode' });
    const older = tokenOf(await resetLinkFor(user.email));
    const newer = tokenOf(await resetLinkFor(user.email));
    expect((await confirm(newer, 'ny-god-kode')).statusCode).toBe(200);

    const stale = await confirm(older, 'angribers-kode');
    expect(stale.statusCode).toBe(410);
    expect(stale.json().message).toMatch(/^Linket er allerede brugt\./);
    expect((await t.request({ method: 'GET', url: `/api/password-reset/${older}` })).statusCode).toBe(410);
    expect((await login(user.username, 'angribers-kode')).statusCode).toBe(401);
    expect((await login(user.username, 'ny-god-kode')).statusCode).toBe(200);
  });

  it('opens a login that guessers had shut: the owner proved who they are with the e-mail', async () => {
    const user = await createUser(t.database.db, { password: 'gammel-kode' });
    const token = tokenOf(await resetLinkFor(user.email));
    for (let i = 0; i < 5; i++) expect((await login(user.username, `gæt-${i}-forkert`)).statusCode).toBe(401);
    expect((await login(user.username, 'gammel-kode')).statusCode).toBe(429);
    expect((await confirm(token, 'ny-god-kode')).statusCode).toBe(200);
    expect((await login(user.email, 'ny-god-kode')).statusCode).toBe(200);
  });

  it('refuses a link older than an hour', async () => {
    const user = await createUser(t.database.db);
    const token = tokenOf(await resetLinkFor(user.email));
    t.clock.advance(60 * 60_000 + 1000);
    const response = await confirm(token, 'ny-god-kode');
    expect(response.statusCode).toBe(410);
    expect(response.json().message).toBe('Linket er udløbet, da det kun virker i en time. Bed om et nyt link på login-siden.');
    expect((await login(user.username, 'ny-god-kode')).statusCode).toBe(401);
  });

  it('refuses an unknown token', async () => {
    const response = await confirm('x'.repeat(43), 'ny-god-kode');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/ikke gyldigt/);
  });

  it('validates the new password and the e-mail', async () => {
    expect((await confirm('x'.repeat(43), '123')).json()).toEqual({ message: 'Adgangskode skal være mindst 6 tegn.', field: 'password' });
    const bad = await t.request({ method: 'POST', url: '/api/password-reset', payload: { email: 'ikke-en-adresse' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('email');
  });

  it('queues the e-mail durably: it waits in the database until a worker sends it', async () => {
    const user = await createUser(t.database.db);
    const before = (await t.database.db.select().from(jobs)).length;
    await t.request({ method: 'POST', url: '/api/password-reset', payload: { email: user.email } });
    // By id: PostgreSQL returns rows in no promised order, and an updated row moves in the heap.
    const queued = await t.database.db.select().from(jobs).orderBy(asc(jobs.id));
    expect(queued.length).toBe(before + 1);
    expect(queued.at(-1)).toMatchObject({ kind: 'mail.send', doneAt: null });
    await t.app.deps.jobs.drain();
    await t.mail.waitFor((m) => m.to.includes(user.email));
  });
});

/**
 * Co-admin invitations by e-mail, on a real database (the embedded one, or PostgreSQL when
 * DATABASE_URL is set) with real e-mail (an SMTP capture): who may invite, list and withdraw; the
 * mail and its link; what the link's page is told when it is valid, used, expired, withdrawn or
 * forged; accepting with an account and making one; a taken username; someone who already has
 * access; and two accepts at once, of which one wins.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Cast, castMemorial, signedInPerson } from '../../../tests/support/memorial-cast';
import { linkIn } from '../../../tests/support/smtp-capture';
import { type TestApp, cookieFrom, createTestApp } from '../../../tests/support/test-app';
import { INVITATION_TTL_MS, type Invitation, type InvitationView } from '../../shared/invitations-api';
import type { MemberRole } from '../../shared/memorials';
import { memorialInvitations, memorialMembers, users } from '../db/schema';
import { INVITATIONS_PER_ADDRESS } from './invitations-routes';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'DELETE';
const call = (method: Method, url: string, who?: { cookie: string }, payload?: object) =>
  t.request({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload ? { payload } : {}) });

let sequence = 0;
const address = () => `inviteret${++sequence}-${Date.now()}@eksempel.dk`;
const invitationsUrl = (c: Cast) => `/api/memorials/${c.memorial.id}/invitations`;

async function invite(c: Cast, email: string, who: { cookie: string } = c.owner) {
  const response = await call('POST', invitationsUrl(c), who, { email });
  await t.app.deps.jobs.drain();
  return response;
}

/** Invites and reads the link back from the mail, as the invitee would. */
async function invitedToken(c: Cast, email = address()): Promise<string> {
  const response = await invite(c, email);
  expect(response.statusCode, response.body).toBe(201);
  const mail = await t.mail.waitFor((m) => m.to.includes(email));
  t.mail.messages.splice(t.mail.messages.indexOf(mail), 1);
  return linkIn(mail, '/invitation/').split('/invitation/')[1]!;
}

const view = (token: string) => call('GET', `/api/invitations/${token}`);
const accept = (token: string, who?: { cookie: string }) => call('POST', `/api/invitations/${token}/accept`, who);
const register = (token: string, body: object) => call('POST', `/api/invitations/${token}/register`, undefined, { fullName: 'Nye Hansen', password: 'mindelunden-12', ...body });

async function roleIn(memorialId: string, userId: string): Promise<MemberRole | null> {
  const [row] = await t.database.db
    .select({ role: memorialMembers.role })
    .from(memorialMembers)
    .where(and(eq(memorialMembers.memorialId, memorialId), eq(memorialMembers.userId, userId)));
  return row?.role ?? null;
}

describe('POST /api/memorials/{id}/invitations', () => {
  it('lets the owner invite an address, and mails a Danish letter with the link, the inviter and the memorial', async () => {
    const c = await castMemorial(t);
    const email = address();
    const response = await invite(c, ` ${email.toUpperCase()} `);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.json()).toMatchObject({ email, invitedBy: c.owner.fullName, createdAt: t.clock.now().toISOString(), expiresAt: new Date(t.clock.now().getTime() + INVITATION_TTL_MS).toISOString() });

    const mail = await t.mail.waitFor((m) => m.to.includes(email));
    expect(mail.subject).toBe(`${c.owner.fullName} inviterer dig til at hjælpe med mindesiden for ${c.memorial.name}`);
    expect(mail.text).toMatch(/^Hej\n/);
    expect(mail.text).toContain(`${c.owner.fullName} har inviteret dig til at være medadministrator af mindesiden for ${c.memorial.name}`);
    expect(mail.text).toContain('Linket virker i 7 dage og kan kun bruges én gang.');
    expect(mail.html).toContain('Se invitationen');
    expect(linkIn(mail, '/invitation/')).toMatch(/^http:\/\/localhost:5000\/invitation\/[\w-]{43}$/);
    // Only the token's hash is kept.
    const [row] = await t.database.db.select().from(memorialInvitations).where(eq(memorialInvitations.email, email));
    expect(linkIn(mail, '/invitation/')).not.toContain(row!.tokenHash);
  });

  it('greets someone who has an account by name', async () => {
    const c = await castMemorial(t);
    const known = await signedInPerson(t, 'Gitte Kendt');
    await invite(c, known.email);
    const mail = await t.mail.waitFor((m) => m.to.includes(known.email));
    expect(mail.text).toMatch(/^Kære Gitte Kendt\n/);
  });

  it('refuses a visitor (401), another user and a co-admin (403), and hides a private memorial (404)', async () => {
    const c = await castMemorial(t);
    expect((await invite(c, address(), { cookie: '' })).statusCode).toBe(401);
    for (const who of [c.coadmin, c.viewer, c.stranger]) {
      const response = await invite(c, address(), who);
      expect(response.statusCode).toBe(403);
    }
    expect((await invite(c, address(), c.coadmin)).json()).toEqual({ message: 'Kun ejeren af mindesiden kan invitere medadministratorer.' });
    const hidden = await castMemorial(t, { privacy: 'private' });
    expect((await invite(hidden, address(), hidden.stranger)).statusCode).toBe(404);
    expect(await t.database.db.select().from(memorialInvitations).where(eq(memorialInvitations.memorialId, c.memorial.id))).toEqual([]);
  });

  it('refuses a bad address with a Danish message, and someone who already has access', async () => {
    const c = await castMemorial(t);
    for (const [email, message] of [
      ['', 'Skriv e-mailadressen på den, du vil invitere.'],
      ['ikke-en-adresse', 'Skriv en gyldig e-mailadresse, fx navn@eksempel.dk.'],
    ] as const) {
      const response = await invite(c, email);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    }
    const coadmin = await invite(c, c.coadmin.email.toUpperCase());
    expect(coadmin.statusCode).toBe(409);
    expect(coadmin.json()).toEqual({ message: `${c.coadmin.fullName} er allerede medadministrator af mindesiden.`, field: 'email' });
    const viewer = await invite(c, c.viewer.email);
    expect(viewer.statusCode).toBe(409);
    expect(viewer.json().message).toMatch(/har allerede adgang som læser/);
    expect((await invite(c, c.owner.email)).json().message).toBe('Det er din egen e-mailadresse, og du er selv ejer af mindesiden.');
  });

  it('withdraws the older open invitation when the same address is invited again', async () => {
    const c = await castMemorial(t);
    const email = address();
    const first = await invitedToken(c, email);
    const second = await invitedToken(c, email);
    expect((await view(first)).json<InvitationView>()).toMatchObject({ state: 'withdrawn' });
    expect((await view(first)).json<InvitationView>().message).toMatch(/erstattet af en nyere/);
    expect((await view(second)).json<InvitationView>()).toMatchObject({ state: 'valid', message: null });
    const list = await call('GET', invitationsUrl(c), c.owner);
    expect(list.json<{ invitations: Invitation[] }>().invitations.map((i) => i.email)).toEqual([email]);
  });

  it('limits how many invitations one address receives', async () => {
    const email = address();
    for (let i = 0; i < INVITATIONS_PER_ADDRESS; i++) expect((await invite(await castMemorial(t), email)).statusCode).toBe(201);
    const limited = await invite(await castMemorial(t), email);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^For mange forsøg/);
  });
});

describe('GET and DELETE /api/memorials/{id}/invitations', () => {
  it('lists the open invitations for the owner only, and lets the owner withdraw one', async () => {
    const c = await castMemorial(t);
    const [a, b] = [address(), address()];
    const tokenA = await invitedToken(c, a);
    t.clock.advance(1000);
    await invitedToken(c, b);
    const list = await call('GET', invitationsUrl(c), c.owner);
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('private, no-store');
    const { invitations } = list.json<{ invitations: Invitation[] }>();
    expect(invitations.map((i) => [i.email, i.invitedBy])).toEqual([
      [b, c.owner.fullName],
      [a, c.owner.fullName],
    ]);

    expect((await call('GET', invitationsUrl(c))).statusCode).toBe(401);
    for (const who of [c.coadmin, c.viewer, c.stranger]) expect((await call('GET', invitationsUrl(c), who)).statusCode).toBe(403);

    const idA = invitations.find((i) => i.email === a)!.id;
    for (const who of [c.coadmin, c.stranger]) expect((await call('DELETE', `${invitationsUrl(c)}/${idA}`, who)).statusCode).toBe(403);
    // Another memorial's owner cannot reach this invitation through their own memorial.
    const other = await castMemorial(t);
    expect((await call('DELETE', `${invitationsUrl(other)}/${idA}`, other.owner)).statusCode).toBe(404);

    expect((await call('DELETE', `${invitationsUrl(c)}/${idA}`, c.owner)).statusCode).toBe(204);
    const again = await call('DELETE', `${invitationsUrl(c)}/${idA}`, c.owner);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toMatch(/^Invitationen findes ikke/);
    expect((await call('GET', invitationsUrl(c), c.owner)).json<{ invitations: Invitation[] }>().invitations.map((i) => i.email)).toEqual([b]);

    const withdrawn = (await view(tokenA)).json<InvitationView>();
    expect(withdrawn.state).toBe('withdrawn');
    const refused = await accept(tokenA, c.stranger);
    expect(refused.statusCode).toBe(410);
    expect(refused.json().message).toMatch(/^Invitationen gælder ikke længere/);
  });
});

describe('GET /api/invitations/{token}', () => {
  it('tells the page the memorial, the inviter, the address and whether it has an account', async () => {
    const c = await castMemorial(t);
    const known = await signedInPerson(t);
    const token = await invitedToken(c, known.email);
    const response = await view(token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.json()).toEqual({ state: 'valid', message: null, memorialName: c.memorial.name, inviterName: c.owner.fullName, email: known.email, accountExists: true });
    expect((await view(await invitedToken(c))).json<InvitationView>().accountExists).toBe(false);
  });

  it('says in Danish that a link is expired, and refuses a forged one', async () => {
    const c = await castMemorial(t);
    const token = await invitedToken(c);
    t.clock.advance(INVITATION_TTL_MS + 1000);
    const expired = (await view(token)).json<InvitationView>();
    expect(expired.state).toBe('expired');
    expect(expired.message).toBe(`Invitationen er udløbet, da den kun virker i 7 dage. Bed ${c.owner.fullName} om at sende en ny.`);
    expect((await accept(token, c.stranger)).statusCode).toBe(410);
    expect((await register(token, { username: 'for.sent' })).statusCode).toBe(410);

    const forged = await view('x'.repeat(43));
    expect(forged.statusCode).toBe(404);
    expect(forged.json().message).toMatch(/^Linket til invitationen er ikke gyldigt/);
    expect((await accept('x'.repeat(43), c.stranger)).statusCode).toBe(404);
    // A link cut short in the e-mail is as unknown as a forged one, and said the same way.
    const cut = await view('kort');
    expect(cut.statusCode).toBe(404);
    expect(cut.json()).toEqual(forged.json());
    expect((await accept('kort', c.stranger)).statusCode).toBe(404);
  });
});

describe('POST /api/invitations/{token}/accept', () => {
  it('makes the signed-in person co-admin, spends the link, and says so on a second try', async () => {
    const c = await castMemorial(t);
    const helper = await signedInPerson(t, 'Hanne Hjælper');
    const token = await invitedToken(c, helper.email);
    expect((await accept(token)).statusCode).toBe(401);

    const accepted = await accept(token, helper);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toEqual({ memorialId: c.memorial.id, slug: c.memorial.slug, memorialName: c.memorial.name });
    expect(await roleIn(c.memorial.id, helper.id)).toBe('coadmin');
    const [row] = await t.database.db.select().from(memorialInvitations).where(eq(memorialInvitations.email, helper.email));
    expect(row).toMatchObject({ acceptedBy: helper.id });
    // The new co-admin can now see the members list.
    expect((await call('GET', `/api/memorials/${c.memorial.id}/members`, helper)).statusCode).toBe(200);

    const used = (await view(token)).json<InvitationView>();
    expect(used.state).toBe('used');
    expect(used.message).toMatch(/^Invitationen er allerede taget imod/);
    const again = await accept(token, c.stranger);
    expect(again.statusCode).toBe(410);
    expect(await roleIn(c.memorial.id, c.stranger.id)).toBeNull();
  });

  it('raises a viewer to co-admin, and never demotes the owner', async () => {
    const c = await castMemorial(t);
    // Invited at another address; the person accepts with the account they are signed in with.
    expect((await accept(await invitedToken(c), c.viewer)).statusCode).toBe(200);
    expect(await roleIn(c.memorial.id, c.viewer.id)).toBe('coadmin');
    expect((await accept(await invitedToken(c), c.owner)).statusCode).toBe(200);
    expect(await roleIn(c.memorial.id, c.owner.id)).toBe('owner');
    expect((await accept(await invitedToken(c), c.coadmin)).statusCode).toBe(200);
    expect(await roleIn(c.memorial.id, c.coadmin.id)).toBe('coadmin');
  });

  it('gives one membership when two people accept the same link at once', async () => {
    const c = await castMemorial(t);
    const token = await invitedToken(c);
    const [first, second] = [await signedInPerson(t), await signedInPerson(t)];
    const answers = await Promise.all([accept(token, first), accept(token, second)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 410]);
    const roles = [await roleIn(c.memorial.id, first.id), await roleIn(c.memorial.id, second.id)];
    expect(roles.filter((r) => r === 'coadmin')).toHaveLength(1);
    expect(roles.filter((r) => r === null)).toHaveLength(1);
  });
});

describe('POST /api/invitations/{token}/register', () => {
  it('makes an account for the invited address, signs it in as co-admin, and spends the link', async () => {
    const c = await castMemorial(t);
    const email = address();
    const token = await invitedToken(c, email);
    const made = await register(token, { fullName: 'Ny Hansen', username: `ny.hansen${sequence}` });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ memorialId: c.memorial.id, slug: c.memorial.slug, user: { fullName: 'Ny Hansen', email } });
    const cookie = cookieFrom(made);
    expect((await call('GET', '/api/user', { cookie })).json()).toMatchObject({ email });
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(await roleIn(c.memorial.id, user!.id)).toBe('coadmin');
    expect((await call('GET', `/api/memorials/${c.memorial.id}/members`, { cookie })).statusCode).toBe(200);

    const again = await register(token, { username: `igen${sequence}` });
    expect(again.statusCode).toBe(410);
    expect((await view(token)).json<InvitationView>().state).toBe('used');
  });

  it('keeps the link usable after a taken username, and refuses an address that has an account', async () => {
    const c = await castMemorial(t);
    const token = await invitedToken(c);
    const taken = await register(token, { username: c.stranger.username.toUpperCase() });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ message: 'Brugernavnet er allerede i brug. Vælg et andet.', duplicates: ['username'] });
    expect((await view(token)).json<InvitationView>().state).toBe('valid');
    const bad = await register(token, { username: 'x', password: '123' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/mindst/);
    expect((await register(token, { username: `fri${++sequence}` })).statusCode).toBe(201);

    const known = await invitedToken(c, c.stranger.email);
    const exists = await register(known, { username: `ny${++sequence}` });
    expect(exists.statusCode).toBe(409);
    expect(exists.json().duplicates).toEqual(['email']);
  });
});

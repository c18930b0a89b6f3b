/**
 * Who may see and edit a memorial, on a real database (the embedded one, or PostgreSQL when
 * DATABASE_URL is set): each members call for a visitor, another user, a viewer, a co-admin and
 * the owner; bad input; the limit on looking people up; the ownership hand-over; and a private
 * memorial that opens to an added viewer and closes again when they are removed.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Cast, castMemorial, signedInPerson } from '../../../tests/support/memorial-cast';
import { type TestApp, createTestApp } from '../../../tests/support/test-app';
import type { Member } from '../../shared/members-api';
import type { MemberRole } from '../../shared/memorials';
import { memorialMembers } from '../db/schema';
import { MEMBER_LOOKUPS_PER_USER } from './members-routes';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, who?: { cookie: string }, payload?: object) =>
  t.request({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload ? { payload } : {}) });

const person = (fullName?: string) => signedInPerson(t, fullName);
const cast = (fields: object = {}) => castMemorial(t, fields);

async function rolesIn(memorialId: string): Promise<Record<string, MemberRole>> {
  const rows = await t.database.db.select().from(memorialMembers).where(eq(memorialMembers.memorialId, memorialId));
  return Object.fromEntries(rows.map((row) => [row.userId, row.role]));
}

const membersUrl = (c: Cast) => `/api/memorials/${c.memorial.id}/members`;
const memberUrl = (c: Cast, userId: string) => `/api/memorials/${c.memorial.id}/members/${userId}`;

describe('GET /api/memorials/{id}/members', () => {
  it('lists the owner, the co-admins and the viewers for the owner and a co-admin', async () => {
    const c = await cast();
    for (const who of [c.owner, c.coadmin]) {
      const response = await call('GET', `/api/memorials/${c.memorial.slug}/members`, who);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['cache-control']).toBe('private, no-store');
      const { members } = response.json<{ members: Member[] }>();
      expect(members.map((m) => [m.userId, m.fullName, m.username, m.role])).toEqual([
        [c.owner.id, c.owner.fullName, c.owner.username, 'owner'],
        [c.coadmin.id, c.coadmin.fullName, c.coadmin.username, 'coadmin'],
        [c.viewer.id, c.viewer.fullName, c.viewer.username, 'viewer'],
      ]);
      expect(new Date(members[0]!.since).getTime()).not.toBeNaN();
      // The list shows names, never anyone's e-mail address.
      expect(response.body).not.toContain(c.viewer.email);
    }
  });

  it('refuses a visitor (401), a viewer and another user (403), and hides a private memorial (404)', async () => {
    const open = await cast();
    expect((await call('GET', membersUrl(open))).statusCode).toBe(401);
    for (const who of [open.viewer, open.stranger]) {
      const response = await call('GET', membersUrl(open), who);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: 'Kun mindesidens ejer og medadministratorer kan se og ændre, hvem der har adgang.' });
    }
    const hidden = await cast({ privacy: 'private', name: 'Hemmelig Person' });
    const outsider = await call('GET', membersUrl(hidden), hidden.stranger);
    expect(outsider.statusCode).toBe(404);
    expect(outsider.json()).toEqual({ message: 'Mindesiden findes ikke, eller du har ikke adgang til den.' });
    expect((await call('GET', membersUrl(hidden), hidden.viewer)).statusCode).toBe(403);
    expect((await call('GET', '/api/memorials/ingen-her-1900-2000/members', hidden.owner)).statusCode).toBe(404);
  });
});

describe('POST /api/memorials/{id}/members', () => {
  it('lets the owner add a co-admin by username and a viewer by e-mail, whatever the case', async () => {
    const c = await cast();
    const [helper, cousin] = [await person('Dorte Hjælper'), await person('Erik Fætter')];
    const byName = await call('POST', membersUrl(c), c.owner, { usernameOrEmail: ` ${helper.username.toUpperCase()} `, role: 'coadmin' });
    expect(byName.statusCode, byName.body).toBe(201);
    expect(byName.json()).toMatchObject({ userId: helper.id, fullName: 'Dorte Hjælper', username: helper.username, role: 'coadmin', since: t.clock.now().toISOString() });
    const byEmail = await call('POST', membersUrl(c), c.owner, { usernameOrEmail: cousin.email.toUpperCase(), role: 'viewer' });
    expect(byEmail.statusCode, byEmail.body).toBe(201);
    expect(byEmail.json()).toMatchObject({ userId: cousin.id, role: 'viewer' });
    expect(await rolesIn(c.memorial.id)).toMatchObject({ [helper.id]: 'coadmin', [cousin.id]: 'viewer' });
    // The new co-admin can now change the memorial.
    expect((await call('GET', `/api/memorials/${c.memorial.id}`, helper)).json().viewer).toEqual({ role: 'coadmin', canEdit: true });
  });

  it('lets a co-admin add viewers only, and refuses a viewer, another user and a visitor', async () => {
    const c = await cast();
    const [first, second] = [await person(), await person()];
    expect((await call('POST', membersUrl(c), c.coadmin, { usernameOrEmail: first.username, role: 'viewer' })).statusCode).toBe(201);
    const promote = await call('POST', membersUrl(c), c.coadmin, { usernameOrEmail: second.username, role: 'coadmin' });
    expect(promote.statusCode).toBe(403);
    expect(promote.json()).toEqual({ message: 'Kun ejeren kan gøre andre til medadministrator.' });
    for (const who of [c.viewer, c.stranger]) {
      expect((await call('POST', membersUrl(c), who, { usernameOrEmail: second.username, role: 'viewer' })).statusCode).toBe(403);
    }
    expect((await call('POST', membersUrl(c), undefined, { usernameOrEmail: second.username, role: 'viewer' })).statusCode).toBe(401);
    const hidden = await cast({ privacy: 'private' });
    expect((await call('POST', membersUrl(hidden), hidden.stranger, { usernameOrEmail: hidden.stranger.username, role: 'viewer' })).statusCode).toBe(404);
    expect(Object.keys(await rolesIn(c.memorial.id))).not.toContain(second.id);
  });

  it('explains an unknown account (404) and someone who already has access (409) at the field', async () => {
    const c = await cast();
    const unknown = await call('POST', membersUrl(c), c.owner, { usernameOrEmail: 'ingen.har.det.navn@eksempel.dk', role: 'viewer' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      message: 'Vi kan ikke finde en konto med det brugernavn eller den e-mail. Tjek stavningen – personen skal have en konto hos Mindested for at kunne få adgang.',
      field: 'usernameOrEmail',
    });
    for (const [who, name] of [[c.viewer, c.viewer.fullName], [c.owner, c.owner.fullName]] as const) {
      const again = await call('POST', membersUrl(c), c.owner, { usernameOrEmail: who.username, role: 'coadmin' });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ message: `${name} har allerede adgang til mindesiden.`, field: 'usernameOrEmail' });
    }
    // Nobody's role changed by asking again.
    expect(await rolesIn(c.memorial.id)).toEqual({ [c.owner.id]: 'owner', [c.coadmin.id]: 'coadmin', [c.viewer.id]: 'viewer' });
  });

  it('refuses bad input with the field and a Danish message', async () => {
    const c = await cast();
    const cases: [object, string, string][] = [
      [{ role: 'viewer' }, 'usernameOrEmail', 'Skriv brugernavnet eller e-mailadressen på den, der skal have adgang.'],
      [{ usernameOrEmail: '   ', role: 'viewer' }, 'usernameOrEmail', 'Skriv brugernavnet eller e-mailadressen på den, der skal have adgang.'],
      [{ usernameOrEmail: 'k', role: 'viewer' }, 'usernameOrEmail', 'Skriv mindst 2 tegn.'],
      [{ usernameOrEmail: `${'a'.repeat(250)}@eksempel.dk`, role: 'viewer' }, 'usernameOrEmail', 'Det er for langt til at være et brugernavn eller en e-mailadresse.'],
      [{ usernameOrEmail: c.stranger.username }, 'role', 'Vælg, hvad personen må.'],
      [{ usernameOrEmail: c.stranger.username, role: 'owner' }, 'role', 'Vælg, hvad personen må.'],
    ];
    for (const [payload, field, message] of cases) {
      const response = await call('POST', membersUrl(c), c.owner, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json(), JSON.stringify(payload)).toEqual({ field, message });
    }
    const extra = await call('POST', membersUrl(c), c.owner, { usernameOrEmail: c.stranger.username, role: 'viewer', isAdmin: true });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().message).toBe('Ukendt felt: isAdmin.');
  });

  it('limits how many people one user may look up, since the answer tells whether an account exists', async () => {
    const c = await cast();
    for (let i = 0; i < MEMBER_LOOKUPS_PER_USER; i++) {
      expect((await call('POST', membersUrl(c), c.owner, { usernameOrEmail: `gaet-${i}@eksempel.dk`, role: 'viewer' })).statusCode).toBe(404);
    }
    const limited = await call('POST', membersUrl(c), c.owner, { usernameOrEmail: c.stranger.username, role: 'viewer' });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('900');
    expect(limited.json()).toEqual({ message: 'For mange forsøg. Prøv igen om 15 minutter.' });
    expect(Object.keys(await rolesIn(c.memorial.id))).not.toContain(c.stranger.id);
    // Counted per person: the co-admin is not held up by the owner's attempts.
    expect((await call('POST', membersUrl(c), c.coadmin, { usernameOrEmail: c.stranger.username, role: 'viewer' })).statusCode).toBe(201);
    t.clock.advance(15 * 60_000);
    const later = await person();
    expect((await call('POST', membersUrl(c), c.owner, { usernameOrEmail: later.username, role: 'viewer' })).statusCode).toBe(201);
  });
});

describe('PATCH /api/memorials/{id}/members/{userId}', () => {
  it('lets the owner turn a viewer into a co-admin and back', async () => {
    const c = await cast();
    const up = await call('PATCH', memberUrl(c, c.viewer.id), c.owner, { role: 'coadmin' });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json()).toMatchObject({ userId: c.viewer.id, role: 'coadmin' });
    expect((await call('GET', membersUrl(c), c.viewer)).statusCode).toBe(200);
    const down = await call('PATCH', memberUrl(c, c.coadmin.id), c.owner, { role: 'viewer' });
    expect(down.json()).toMatchObject({ userId: c.coadmin.id, role: 'viewer' });
    expect((await call('PUT', `/api/memorials/${c.memorial.id}`, c.coadmin, { epitaph: 'x' })).statusCode).toBe(403);
  });

  it("keeps the owner's role, and refuses everyone but the owner", async () => {
    const c = await cast();
    const own = await call('PATCH', memberUrl(c, c.owner.id), c.owner, { role: 'viewer' });
    expect(own.statusCode).toBe(400);
    expect(own.json()).toEqual({ message: 'Ejerens rolle kan ikke ændres her. Overdrag ejerskabet til en medadministrator i stedet.' });
    expect((await call('PATCH', memberUrl(c, c.stranger.id), c.owner, { role: 'viewer' })).json()).toEqual({ message: 'Personen har ikke adgang til mindesiden.' });
    expect((await call('PATCH', memberUrl(c, c.stranger.id), c.owner, { role: 'viewer' })).statusCode).toBe(404);
    const byCoadmin = await call('PATCH', memberUrl(c, c.viewer.id), c.coadmin, { role: 'coadmin' });
    expect(byCoadmin.statusCode).toBe(403);
    expect(byCoadmin.json()).toEqual({ message: 'Kun ejeren af mindesiden kan gøre dette.' });
    for (const who of [c.viewer, c.stranger]) expect((await call('PATCH', memberUrl(c, c.viewer.id), who, { role: 'coadmin' })).statusCode).toBe(403);
    expect((await call('PATCH', memberUrl(c, c.viewer.id), undefined, { role: 'coadmin' })).statusCode).toBe(401);
    expect((await call('PATCH', memberUrl(c, c.viewer.id), c.owner, { role: 'owner' })).json()).toEqual({ field: 'role', message: 'Vælg, hvad personen må.' });
    expect((await call('PATCH', `${membersUrl(c)}/ikke-et-id`, c.owner, { role: 'viewer' })).json()).toEqual({ field: 'userId', message: 'Ukendt person.' });
    expect(await rolesIn(c.memorial.id)).toEqual({ [c.owner.id]: 'owner', [c.coadmin.id]: 'coadmin', [c.viewer.id]: 'viewer' });
  });
});

describe('DELETE /api/memorials/{id}/members/{userId}', () => {
  it('lets the owner remove anyone but themselves', async () => {
    const c = await cast();
    for (const who of [c.coadmin, c.viewer]) expect((await call('DELETE', memberUrl(c, who.id), c.owner)).statusCode).toBe(204);
    const self = await call('DELETE', memberUrl(c, c.owner.id), c.owner);
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({ message: 'Ejeren kan ikke fjerne sig selv. Overdrag ejerskabet til en medadministrator først.' });
    expect((await call('DELETE', memberUrl(c, c.viewer.id), c.owner)).statusCode).toBe(404);
    expect(await rolesIn(c.memorial.id)).toEqual({ [c.owner.id]: 'owner' });
  });

  it('lets a co-admin remove viewers and leave, but not remove the owner or another co-admin', async () => {
    const c = await cast();
    const other = await person();
    await t.database.db.insert(memorialMembers).values({ memorialId: c.memorial.id, userId: other.id, role: 'coadmin' });
    const rival = await call('DELETE', memberUrl(c, other.id), c.coadmin);
    expect(rival.statusCode).toBe(403);
    expect(rival.json()).toEqual({ message: 'Kun ejeren kan fjerne en medadministrator.' });
    expect((await call('DELETE', memberUrl(c, c.owner.id), c.coadmin)).statusCode).toBe(403);
    expect((await call('DELETE', memberUrl(c, c.viewer.id), c.coadmin)).statusCode).toBe(204);
    expect((await call('DELETE', memberUrl(c, c.coadmin.id), c.coadmin)).statusCode).toBe(204);
    expect((await call('GET', membersUrl(c), c.coadmin)).statusCode).toBe(403);
    expect(await rolesIn(c.memorial.id)).toEqual({ [c.owner.id]: 'owner', [other.id]: 'coadmin' });
  });

  it('refuses a viewer (even leaving), another user and a visitor', async () => {
    const c = await cast();
    for (const target of [c.viewer, c.coadmin]) {
      expect((await call('DELETE', memberUrl(c, target.id), c.viewer)).statusCode).toBe(403);
      expect((await call('DELETE', memberUrl(c, target.id), c.stranger)).statusCode).toBe(403);
      expect((await call('DELETE', memberUrl(c, target.id))).statusCode).toBe(401);
    }
    expect(Object.keys(await rolesIn(c.memorial.id))).toHaveLength(3);
  });
});

describe('POST /api/memorials/{id}/owner', () => {
  it('hands the memorial to a co-admin; the old owner stays on as co-admin', async () => {
    const c = await cast();
    const response = await call('POST', `/api/memorials/${c.memorial.slug}/owner`, c.owner, { userId: c.coadmin.id });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ members: Member[] }>().members.map((m) => [m.userId, m.role])).toEqual([
      [c.coadmin.id, 'owner'],
      [c.owner.id, 'coadmin'],
      [c.viewer.id, 'viewer'],
    ]);
    const owners = await t.database.db
      .select()
      .from(memorialMembers)
      .where(and(eq(memorialMembers.memorialId, c.memorial.id), eq(memorialMembers.role, 'owner')));
    expect(owners.map((row) => row.userId)).toEqual([c.coadmin.id]);
    // The roles follow: the new owner may do what only an owner may, the old one no longer.
    expect((await call('PATCH', memberUrl(c, c.viewer.id), c.owner, { role: 'coadmin' })).statusCode).toBe(403);
    expect((await call('PATCH', memberUrl(c, c.viewer.id), c.coadmin, { role: 'coadmin' })).statusCode).toBe(200);
    expect((await call('GET', `/api/memorials/${c.memorial.id}`, c.owner)).json().viewer).toEqual({ role: 'coadmin', canEdit: true });
    // And back again, by the new owner.
    expect((await call('POST', `/api/memorials/${c.memorial.id}/owner`, c.coadmin, { userId: c.owner.id })).statusCode).toBe(200);
    expect(await rolesIn(c.memorial.id)).toMatchObject({ [c.owner.id]: 'owner', [c.coadmin.id]: 'coadmin' });
  });

  it('keeps exactly one owner when two hand-overs are sent at once', async () => {
    const c = await cast();
    const second = await person();
    await t.database.db.insert(memorialMembers).values({ memorialId: c.memorial.id, userId: second.id, role: 'coadmin' });
    const url = `/api/memorials/${c.memorial.id}/owner`;
    const answers = await Promise.all([call('POST', url, c.owner, { userId: c.coadmin.id }), call('POST', url, c.owner, { userId: second.id })]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 403]);
    const roles = Object.values(await rolesIn(c.memorial.id));
    expect(roles.filter((role) => role === 'owner')).toHaveLength(1);
  });

  it('refuses a hand-over to a viewer, a non-member or oneself, and by anyone but the owner', async () => {
    const c = await cast();
    const url = `/api/memorials/${c.memorial.id}/owner`;
    const toViewer = await call('POST', url, c.owner, { userId: c.viewer.id });
    expect(toViewer.statusCode).toBe(400);
    expect(toViewer.json()).toEqual({ field: 'userId', message: 'Ejerskabet kan kun overdrages til en medadministrator. Gør personen til medadministrator først.' });
    expect((await call('POST', url, c.owner, { userId: c.stranger.id })).statusCode).toBe(404);
    expect((await call('POST', url, c.owner, { userId: c.owner.id })).json()).toEqual({ field: 'userId', message: 'Du er allerede ejer af mindesiden.' });
    expect((await call('POST', url, c.owner, { userId: 'Bent' })).json()).toEqual({ field: 'userId', message: 'Vælg en af mindesidens medadministratorer.' });
    const byCoadmin = await call('POST', url, c.coadmin, { userId: c.coadmin.id });
    expect(byCoadmin.statusCode).toBe(403);
    expect(byCoadmin.json()).toEqual({ message: 'Kun ejeren kan overdrage ejerskabet.' });
    for (const who of [c.viewer, c.stranger]) expect((await call('POST', url, who, { userId: c.coadmin.id })).statusCode).toBe(403);
    expect((await call('POST', url, undefined, { userId: c.coadmin.id })).statusCode).toBe(401);
    expect(await rolesIn(c.memorial.id)).toEqual({ [c.owner.id]: 'owner', [c.coadmin.id]: 'coadmin', [c.viewer.id]: 'viewer' });
  });
});

describe('a private memorial and its viewers', () => {
  it('opens to an added viewer and closes again when they are removed', async () => {
    const c = await cast({ privacy: 'private', name: 'Hemmelig Hansen' });
    const niece = await person('Freja Niece');
    const page = `/api/memorials/${c.memorial.slug}`;
    expect((await call('GET', page, niece)).statusCode).toBe(404);
    expect((await call('POST', membersUrl(c), c.coadmin, { usernameOrEmail: niece.username, role: 'viewer' })).statusCode).toBe(201);
    const open = await call('GET', page, niece);
    expect(open.statusCode).toBe(200);
    expect(open.json()).toMatchObject({ name: 'Hemmelig Hansen', viewer: { role: 'viewer', canEdit: false } });
    expect((await call('DELETE', memberUrl(c, niece.id), c.owner)).statusCode).toBe(204);
    const closed = await call('GET', page, niece);
    expect(closed.statusCode).toBe(404);
    expect(closed.body).not.toContain('Hemmelig');
  });

  it('keeps the members of a deleted memorial as they are until it is restored', async () => {
    const c = await cast();
    expect((await call('DELETE', `/api/memorials/${c.memorial.id}`, c.owner)).statusCode).toBe(204);
    expect((await call('GET', membersUrl(c), c.owner)).statusCode).toBe(200);
    expect((await call('GET', membersUrl(c), c.viewer)).statusCode).toBe(404);
    const change = await call('DELETE', memberUrl(c, c.viewer.id), c.owner);
    expect(change.statusCode).toBe(400);
    expect(change.json()).toEqual({ message: 'Mindesiden er slettet. Gendan den først.' });
  });
});

/**
 * The memorial calls on a real database (the embedded one, or PostgreSQL when DATABASE_URL is
 * set): creating, reading by id or address, partial updates, deletion with restore, the user's
 * own list, and each permission (visitor, other user, co-admin, owner).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../tests/support/factories';
import { signIn } from '../../../tests/support/sign-in';
import { type TestApp, createTestApp } from '../../../tests/support/test-app';
import type { Memorial } from '../../shared/memorials';
import { memorialMembers } from '../db/schema';

let t: TestApp;
interface Person {
  id: string;
  username: string;
  cookie: string;
}
let owner: Person;
let coadmin: Person;
let stranger: Person;

async function person(): Promise<Person> {
  const user = await createUser(t.database.db);
  return { id: user.id, username: user.username, cookie: await signIn(t, user) };
}

beforeAll(async () => {
  t = await createTestApp();
  [owner, coadmin, stranger] = [await person(), await person(), await person()];
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who?: { cookie: string }, payload?: object) =>
  t.request({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload ? { payload } : {}) });

let sequence = 0;
/** A new memorial owned by `owner`, with `coadmin` as co-administrator. */
async function memorial(fields: object = {}): Promise<Memorial> {
  sequence += 1;
  const response = await call('POST', '/api/memorials', owner, { name: `Karen Jensen ${sequence}`, birthDate: '1941-03-02', deathDate: '2023-10-30', ...fields });
  expect(response.statusCode, response.body).toBe(201);
  const created = response.json<Memorial>();
  await t.database.db.insert(memorialMembers).values({ memorialId: created.id, userId: coadmin.id, role: 'coadmin' });
  return created;
}

describe('POST /api/memorials', () => {
  it('creates a memorial with a readable address, the creator as owner, and defaults for the rest', async () => {
    const response = await call('POST', '/api/memorials', owner, { name: 'Søren Ærbo', birthDate: '1938-06-14', deathDate: '2024-01-05' });
    expect(response.statusCode).toBe(201);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.json()).toMatchObject({
      slug: 'soeren-aerbo-1938-2024',
      name: 'Søren Ærbo',
      birthDate: '1938-06-14',
      deathDate: '2024-01-05',
      restingPlace: { cemetery: '', section: '', graveNumber: '', latitude: null, longitude: null },
      lifeStory: '',
      timeline: [],
      theme: 'lys',
      layout: 'classic',
      privacy: 'public',
      deletedAt: null,
      viewer: { role: 'owner', canEdit: true },
    });
  });

  it('gives the same name and years the next free address', async () => {
    const fields = { name: 'Hans Hansen', birthDate: '1930-01-01', deathDate: '2020-01-01' };
    const slugs = [];
    for (let i = 0; i < 3; i++) slugs.push((await call('POST', '/api/memorials', owner, fields)).json<Memorial>().slug);
    expect(slugs).toEqual(['hans-hansen-1930-2020', 'hans-hansen-1930-2020-2', 'hans-hansen-1930-2020-3']);
  });

  it('keeps only the allowed HTML of the life story', async () => {
    const created = await memorial({ lifeStory: '<p onclick="steal()">Elsket<script>alert(1)</script></p><img src=x onerror=alert(2)>' });
    expect(created.lifeStory).toBe('<p>Elsket</p>');
  });

  it('refuses a visitor, and bad input with the field and a Danish message', async () => {
    expect((await call('POST', '/api/memorials', undefined, { name: 'Karen' })).statusCode).toBe(401);
    const cases: [object, string, string][] = [
      [{}, 'name', 'Udfyld feltet.'],
      [{ name: 'K' }, 'name', 'Skriv navnet på den, siden handler om.'],
      [{ name: 'Karen', birthDate: '2023-02-30' }, 'birthDate', 'Datoen findes ikke.'],
      [{ name: 'Karen', birthDate: '1.2.1941' }, 'birthDate', 'Skriv datoen som ÅÅÅÅ-MM-DD.'],
      [{ name: 'Karen', birthDate: '2000-01-01', deathDate: '1999-12-31' }, 'deathDate', 'Dødsdatoen kan ikke ligge før fødselsdatoen.'],
      [{ name: 'Karen', privacy: 'secret' }, 'privacy', 'Ugyldig værdi.'],
      [{ name: 'Karen', timeline: [{ date: 'sidste år', title: 'Flyttede' }] }, 'timeline.0.date', 'Skriv et årstal eller en dato (ÅÅÅÅ eller ÅÅÅÅ-MM-DD).'],
    ];
    for (const [payload, field, message] of cases) {
      const response = await call('POST', '/api/memorials', owner, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json(), JSON.stringify(payload)).toMatchObject({ field, message });
    }
  });
});

describe('GET /api/memorials/{id}', () => {
  it('reads a public memorial by id or address for anyone', async () => {
    const created = await memorial();
    for (const key of [created.id, created.slug, created.slug.toUpperCase()]) {
      const response = await call('GET', `/api/memorials/${key}`);
      expect(response.statusCode, key).toBe(200);
      expect(response.json()).toMatchObject({ id: created.id, viewer: { role: null, canEdit: false } });
    }
    expect((await call('GET', `/api/memorials/${created.id}`, coadmin)).json().viewer).toEqual({ role: 'coadmin', canEdit: true });
  });

  it('shows an unlisted memorial to whoever has the address', async () => {
    const created = await memorial({ privacy: 'unlisted' });
    expect((await call('GET', `/api/memorials/${created.slug}`)).statusCode).toBe(200);
  });

  it('hides a private memorial from everyone but its members, revealing nothing', async () => {
    const created = await memorial({ privacy: 'private', name: 'Hemmelig Person' });
    for (const who of [undefined, stranger]) {
      const response = await call('GET', `/api/memorials/${created.id}`, who);
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('Hemmelig');
      expect(response.json()).toEqual({ message: 'Mindesiden findes ikke, eller du har ikke adgang til den.' });
    }
    expect((await call('GET', `/api/memorials/${created.id}`, owner)).statusCode).toBe(200);
    expect((await call('GET', `/api/memorials/${created.id}`, coadmin)).statusCode).toBe(200);
  });

  it('answers 404 for an address that does not exist', async () => {
    expect((await call('GET', '/api/memorials/ingen-her-1900-2000')).statusCode).toBe(404);
    expect((await call('GET', '/api/memorials/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
  });
});

describe('PUT /api/memorials/{id}', () => {
  it('changes only the fields sent, for the owner and a co-admin', async () => {
    const created = await memorial({ epitaph: 'Altid i vores hjerter' });
    const byOwner = await call('PUT', `/api/memorials/${created.id}`, owner, {
      restingPlace: { cemetery: 'Assistens Kirkegård', section: 'B', graveNumber: '112', latitude: 55.6912, longitude: 12.5489 },
      timeline: [{ date: '1962', title: 'Gift med Poul', text: '' }],
    });
    expect(byOwner.statusCode, byOwner.body).toBe(200);
    expect(byOwner.json()).toMatchObject({ epitaph: 'Altid i vores hjerter', name: created.name, restingPlace: { cemetery: 'Assistens Kirkegård', graveNumber: '112' } });
    const byCoadmin = await call('PUT', `/api/memorials/${created.slug}`, coadmin, { theme: 'skumring', layout: 'enhanced' });
    expect(byCoadmin.json()).toMatchObject({ theme: 'skumring', layout: 'enhanced', timeline: [{ date: '1962', title: 'Gift med Poul', text: '' }] });
  });

  it('refuses a visitor (401), another user (403), and hides a private memorial from them (404)', async () => {
    const open = await memorial();
    const hidden = await memorial({ privacy: 'private' });
    expect((await call('PUT', `/api/memorials/${open.id}`, undefined, { epitaph: 'x' })).statusCode).toBe(401);
    const other = await call('PUT', `/api/memorials/${open.id}`, stranger, { epitaph: 'x' });
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe('Kun mindesidens administratorer kan ændre den.');
    expect((await call('PUT', `/api/memorials/${hidden.id}`, stranger, { epitaph: 'x' })).statusCode).toBe(404);
    expect((await call('GET', `/api/memorials/${open.id}`)).json().epitaph).toBe('');
  });

  it('checks the dates against the stored ones, and the address against the taken and reserved ones', async () => {
    const first = await memorial();
    const second = await memorial();
    const dates = await call('PUT', `/api/memorials/${first.id}`, owner, { deathDate: '1900-01-01' });
    expect(dates.statusCode).toBe(400);
    expect(dates.json()).toEqual({ message: 'Dødsdatoen kan ikke ligge før fødselsdatoen.', field: 'deathDate' });
    const taken = await call('PUT', `/api/memorials/${second.id}`, owner, { slug: first.slug });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('Adressen er allerede i brug. Vælg en anden.');
    expect((await call('PUT', `/api/memorials/${second.id}`, owner, { slug: 'login' })).json()).toMatchObject({ field: 'slug' });
    expect((await call('PUT', `/api/memorials/${second.id}`, owner, { slug: 'Mor Karen' })).json()).toMatchObject({ field: 'slug' });
    const renamed = await call('PUT', `/api/memorials/${second.id}`, owner, { slug: 'mor-karen' });
    expect(renamed.json().slug).toBe('mor-karen');
    expect((await call('GET', '/api/memorials/mor-karen')).statusCode).toBe(200);
  });
});

describe('deleting and restoring', () => {
  it('only the owner deletes; visitors are told it is deleted, and it can be restored for 30 days', async () => {
    const created = await memorial();
    expect((await call('DELETE', `/api/memorials/${created.id}`, coadmin)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/memorials/${created.id}`, stranger)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/memorials/${created.id}`, owner)).statusCode).toBe(204);
    const gone = await call('GET', `/api/memorials/${created.id}`);
    expect(gone.statusCode).toBe(410);
    expect(gone.json()).toEqual({ message: 'Mindesiden er slettet og kan ikke længere ses.' });
    expect((await call('GET', `/api/memorials/${created.id}`, owner)).json().deletedAt).not.toBeNull();
    expect((await call('PUT', `/api/memorials/${created.id}`, owner, { epitaph: 'x' })).statusCode).toBe(400);

    const listed = (await call('GET', '/api/user/memorials', owner)).json().memorials.find((m: { id: string }) => m.id === created.id);
    expect(listed.restorableUntil).toBe(new Date(t.clock.now().getTime() + 30 * 86_400_000).toISOString());

    expect((await call('POST', `/api/memorials/${created.id}/restore`, coadmin)).statusCode).toBe(403);
    const restored = await call('POST', `/api/memorials/${created.id}/restore`, owner);
    expect(restored.statusCode).toBe(200);
    expect(restored.json().deletedAt).toBeNull();
    expect((await call('GET', `/api/memorials/${created.id}`)).statusCode).toBe(200);
  });

  it('after 30 days a deleted memorial can no longer be restored and leaves the list', async () => {
    const created = await memorial();
    await call('DELETE', `/api/memorials/${created.id}`, owner);
    t.clock.advance(31 * 86_400_000);
    // A month later the sessions have run out too: everyone logs in again.
    for (const who of [owner, coadmin, stranger]) who.cookie = await signIn(t, who);
    const late = await call('POST', `/api/memorials/${created.id}/restore`, owner);
    expect(late.statusCode).toBe(410);
    expect(late.json().message).toBe('Mindesiden blev slettet for mere end 30 dage siden og kan ikke længere gendannes.');
    expect((await call('GET', '/api/user/memorials', owner)).json().memorials.map((m: { id: string }) => m.id)).not.toContain(created.id);
  });
});

describe('GET /api/user/memorials', () => {
  it('lists the memorials a person administers, with their role, and nobody else’s', async () => {
    const created = await memorial();
    const mine = (await call('GET', '/api/user/memorials', coadmin)).json().memorials;
    expect(mine.find((m: { id: string }) => m.id === created.id)).toMatchObject({ slug: created.slug, role: 'coadmin', deletedAt: null });
    expect((await call('GET', '/api/user/memorials', stranger)).json()).toEqual({ memorials: [] });
    expect((await call('GET', '/api/user/memorials')).statusCode).toBe(401);
  });
});

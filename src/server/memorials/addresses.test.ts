/**
 * A memorial's address never dies (issue 26): one it had before leads to it for good, on the page
 * and in the API, for visitors and for the family; no other memorial may take it; the family may
 * take it back; a private memorial's old address tells an outsider nothing; a deleted memorial,
 * and after the purge its addresses, say "deleted" (410) instead of "not found".
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Cast, type Person, castMemorial, signedInPerson } from '../../../tests/support/memorial-cast';
import { signIn } from '../../../tests/support/sign-in';
import { type TestApp, createTestApp } from '../../../tests/support/test-app';
import type { Memorial } from '../../shared/memorials';
import { memorialAddresses } from '../db/schema';
import { purgeDeletedMemorials } from '../privacy/purges';
import { MEMORIAL_DELETED, MEMORIAL_NOT_FOUND } from './service';

const DAY = 24 * 60 * 60_000;
let t: TestApp;
let clientDir: string;
let other: Person;

beforeAll(async () => {
  clientDir = await mkdtemp(path.join(tmpdir(), 'mindested-client-'));
  await writeFile(path.join(clientDir, 'index.html'), '<!doctype html><html lang="da"><head><title>Mindested</title></head><body><div id="root"></div></body></html>');
  t = await createTestApp({}, { clientDir });
  other = await signedInPerson(t, 'Anden Familie');
});
afterAll(async () => {
  await t.close();
  await rm(clientDir, { recursive: true, force: true });
});

const get = (url: string, who?: { cookie: string }) => t.request({ method: 'GET', url, headers: who ? { cookie: who.cookie } : {} });
const put = (id: string, who: { cookie: string }, payload: object) => t.request({ method: 'PUT', url: `/api/memorials/${id}`, headers: { cookie: who.cookie }, payload });

async function rename(cast: Cast, slug: string): Promise<Memorial> {
  const response = await put(cast.memorial.id, cast.owner, { slug });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Memorial>();
}

/** What a page or call answers: its status, and where a redirect leads. */
async function answer(url: string, who?: { cookie: string }) {
  const response = await get(url, who);
  return { status: response.statusCode, location: response.headers.location, message: response.statusCode >= 400 && url.startsWith('/api/') ? response.json<{ message: string }>().message : undefined };
}

let sequence = 0;
const unique = (slug: string) => `${slug}-${++sequence}`;

describe('an address the memorial had before', () => {
  it('leads to its address of today, page by page and in the API, for visitors and the family', async () => {
    const cast = await castMemorial(t, { name: 'Ellen Holm', birthDate: '1931-02-03', deathDate: '2022-04-05' });
    const first = cast.memorial.slug;
    const [second, third] = [unique('ellen-holm-mor'), unique('ellen-holm')];
    await rename(cast, second);
    await rename(cast, third);

    for (const old of [first, second]) {
      for (const who of [undefined, cast.owner, cast.viewer, cast.stranger]) {
        expect(await answer(`/memorial/${old}`, who)).toMatchObject({ status: 301, location: `/memorial/${third}` });
        expect(await answer(`/api/memorials/${old}`, who)).toMatchObject({ status: 301, location: `/api/memorials/${third}` });
      }
      expect(await answer(`/classic-memorial/${old}`)).toMatchObject({ status: 301, location: `/classic-memorial/${third}` });
      expect(await answer(`/enhanced-memorial/${old.toUpperCase()}/`)).toMatchObject({ status: 301, location: `/enhanced-memorial/${third}` });
    }
    // The redirect is not kept by browsers: the family may take the old address back.
    expect((await get(`/memorial/${first}`)).headers['cache-control']).toBe('private, no-cache');
    const followed = await get(`/api/memorials/${third}`);
    expect(followed.statusCode).toBe(200);
    expect(followed.json<Memorial>().id).toBe(cast.memorial.id);
    // An address that never was anyone's is still simply not found.
    expect(await answer(`/api/memorials/${unique('aldrig-brugt')}`)).toEqual({ status: 404, location: undefined, message: MEMORIAL_NOT_FOUND });
    expect((await answer(`/memorial/${unique('aldrig-brugt')}`)).status).toBe(404);
  });

  it('is taken by no other memorial, new or renamed, and the family may take it back', async () => {
    const fields = { name: 'Poul Vinter', birthDate: '1940-01-01', deathDate: '2021-12-24' };
    const cast = await castMemorial(t, fields);
    const first = cast.memorial.slug;
    expect(first).toBe('poul-vinter-1940-2021');
    await rename(cast, unique('poul-vinter'));

    const created = await t.request({ method: 'POST', url: '/api/memorials', headers: { cookie: other.cookie }, payload: fields });
    expect(created.json<Memorial>().slug).toBe('poul-vinter-1940-2021-2');
    const taken = await put(created.json<Memorial>().id, other, { slug: first });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ message: 'Adressen er allerede i brug. Vælg en anden.' });
    expect(await answer(`/memorial/${first}`)).toMatchObject({ status: 301 });

    const between = (await get(`/api/memorials/${cast.memorial.id}`, cast.owner)).json<Memorial>().slug;
    expect((await rename(cast, first)).slug).toBe(first);
    expect(await answer(`/memorial/${first}`)).toMatchObject({ status: 200 });
    expect(await answer(`/memorial/${between}`)).toMatchObject({ status: 301, location: `/memorial/${first}` });
    const rows = await t.database.db.select().from(memorialAddresses).where(eq(memorialAddresses.memorialId, cast.memorial.id));
    expect(rows.map((row) => row.slug)).toEqual([between]);
  });

  it('of a memorial made private tells an outsider nothing, and leads its members on', async () => {
    const cast = await castMemorial(t, { name: 'Inger Skov' });
    const open = cast.memorial.slug;
    const hidden = (await put(cast.memorial.id, cast.owner, { privacy: 'private' })).json<Memorial>().slug;
    expect(hidden).not.toBe(open);

    for (const who of [undefined, cast.stranger]) {
      expect(await answer(`/api/memorials/${open}`, who)).toEqual({ status: 404, location: undefined, message: MEMORIAL_NOT_FOUND });
      expect((await answer(`/memorial/${open}`, who)).status).toBe(404);
    }
    for (const who of [cast.owner, cast.coadmin, cast.viewer]) expect(await answer(`/memorial/${open}`, who)).toMatchObject({ status: 301, location: `/memorial/${hidden}` });
  });
});

describe('a deleted memorial', () => {
  it('says so to visitors at its address and its old ones, while its family can still restore it', async () => {
    const cast = await castMemorial(t, { name: 'Jens Lund' });
    const old = cast.memorial.slug;
    const today = (await rename(cast, unique('jens-lund'))).slug;
    expect((await t.request({ method: 'DELETE', url: `/api/memorials/${cast.memorial.id}`, headers: { cookie: cast.owner.cookie } })).statusCode).toBe(204);

    for (const slug of [today, old]) {
      for (const who of [undefined, cast.stranger, cast.viewer]) {
        expect(await answer(`/api/memorials/${slug}`, who)).toEqual({ status: 410, location: undefined, message: MEMORIAL_DELETED });
        const page = await get(`/memorial/${slug}`, who);
        expect(page.statusCode).toBe(410);
        expect(page.body).toContain('<title>Mindesiden er slettet – Mindested</title>');
        expect(page.body).toContain('name="robots" content="noindex"');
        expect(page.body).not.toContain('Jens Lund');
      }
    }
    expect((await get(`/api/memorials/${today}`, cast.owner)).json<Memorial>().deletedAt).not.toBeNull();
    expect(await answer(`/memorial/${old}`, cast.owner)).toMatchObject({ status: 301, location: `/memorial/${today}` });
  });

  it('that was private stays not found to outsiders', async () => {
    const cast = await castMemorial(t, { name: 'Lise Privat', privacy: 'private' });
    await t.request({ method: 'DELETE', url: `/api/memorials/${cast.memorial.id}`, headers: { cookie: cast.owner.cookie } });
    expect((await answer(`/api/memorials/${cast.memorial.slug}`)).status).toBe(404);
    expect((await answer(`/memorial/${cast.memorial.slug}`, cast.stranger)).status).toBe(404);
  });

  it('once purged keeps its addresses, saying "deleted", and no new memorial takes them', async () => {
    const fields = { name: 'Olga Ravn', birthDate: '1929-05-06', deathDate: '2020-07-08' };
    const open = await castMemorial(t, fields);
    const earlier = open.memorial.slug;
    const today = (await rename(open, unique('olga-ravn'))).slug;
    const hidden = await castMemorial(t, { name: 'Otto Privat', privacy: 'private' });
    for (const cast of [open, hidden]) await t.request({ method: 'DELETE', url: `/api/memorials/${cast.memorial.id}`, headers: { cookie: cast.owner.cookie } });
    t.clock.advance(31 * DAY);
    await purgeDeletedMemorials(t.app.deps, t.clock.now());

    const kept = await t.database.db.select().from(memorialAddresses).where(eq(memorialAddresses.slug, today));
    expect(kept).toEqual([{ slug: today, memorialId: null, retiredAt: t.clock.now() }]);
    for (const slug of [today, earlier]) {
      expect(await answer(`/api/memorials/${slug}`)).toEqual({ status: 410, location: undefined, message: MEMORIAL_DELETED });
      expect((await answer(`/memorial/${slug}`)).status).toBe(410);
    }
    // The private memorial's random address was known to its members alone: nothing of it is kept.
    expect(await t.database.db.select().from(memorialAddresses).where(eq(memorialAddresses.slug, hidden.memorial.slug))).toEqual([]);
    expect((await answer(`/memorial/${hidden.memorial.slug}`)).status).toBe(404);

    other.cookie = await signIn(t, other);
    const created = await t.request({ method: 'POST', url: '/api/memorials', headers: { cookie: other.cookie }, payload: fields });
    expect(created.json<Memorial>().slug).toBe(`${earlier}-2`);
  });
});

/**
 * A family's side of a code on a real database (the embedded one, or PostgreSQL when DATABASE_URL
 * is set): lock and unlock by the holder, by another user and anonymously; link and unlink with a
 * memorial's owner, co-admin, viewer and a stranger; the shared stone; the lists; the event log
 * with who, when, from and to; and the rate limit on naming codes.
 */
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCode, createUser } from '../../../tests/support/factories';
import { signIn, signedInUser } from '../../../tests/support/sign-in';
import { type TestApp, createTestApp } from '../../../tests/support/test-app';
import type { Memorial } from '../../shared/memorials';
import type { OwnedQrCode } from '../../shared/qr-lifecycle';
import { generateCode } from '../../shared/qr-code';
import { memorialMembers, qrCodeEvents, qrCodes } from '../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_QR_LOOKUP_PER_IP: '400' });
});
afterAll(() => t.close());

interface Person {
  id: string;
  cookie: string;
}
const person = (): Promise<Person> => signedInUser(t);

const post = (url: string, who?: Person, payload?: object, ip = '127.0.0.1') =>
  t.request({ method: 'POST', url, headers: who ? { cookie: who.cookie } : {}, remoteAddress: ip, ...(payload ? { payload } : {}) });
const get = (url: string, who?: Person) => t.request({ method: 'GET', url, headers: who ? { cookie: who.cookie } : {} });

async function memorialOf(owner: Person, name = 'Karen Jensen'): Promise<Memorial> {
  const response = await post('/api/memorials', owner, { name });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Memorial>();
}

const events = (code: string) =>
  t.database.db.select().from(qrCodeEvents).where(eq(qrCodeEvents.code, code)).orderBy(asc(qrCodeEvents.id));
const rowOf = async (code: string) => (await t.database.db.select().from(qrCodes).where(eq(qrCodes.code, code)))[0]!;

describe('POST /api/qr-codes/{code}/lock', () => {
  it('locks an unclaimed code to the signed-in person, records who, when and from where, and is idempotent', async () => {
    const family = await person();
    const { code } = await createCode(t.database.db, { status: 'shipped' });
    const response = await post(`/api/qr-codes/${code.toLowerCase().replace(/^(.{5})/, '$1-')}/lock`, family);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.json<OwnedQrCode>()).toMatchObject({ code, status: 'claimed', statusLabel: 'Låst til din konto', memorials: [] });
    expect(await rowOf(code)).toMatchObject({ status: 'claimed', claimedBy: family.id });
    expect((await events(code)).map((e) => [e.fromStatus, e.event, e.actorId, e.at.toISOString()])).toEqual([
      ['shipped', 'claimed', family.id, t.clock.now().toISOString()],
    ]);
    // Again: still theirs, nothing new in the log.
    expect((await post(`/api/qr-codes/${code}/lock`, family)).statusCode).toBe(200);
    expect(await events(code)).toHaveLength(1);
  });

  it('refuses an anonymous caller, a code someone else holds, a voided code and a code that is not ours', async () => {
    const [family, other] = [await person(), await person()];
    const { code } = await createCode(t.database.db);
    expect((await post(`/api/qr-codes/${code}/lock`)).statusCode).toBe(401);
    expect((await post(`/api/qr-codes/${code}/lock`, family)).statusCode).toBe(200);

    const taken = await post(`/api/qr-codes/${code}/lock`, other);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toMatch(/^QR-koden er allerede låst til en anden konto/);
    expect(taken.body).not.toContain(family.id);

    const voided = await createCode(t.database.db, { status: 'void' });
    const stranger = generateCode(() => new Uint8Array(9).fill(7));
    for (const input of [voided.code, stranger, 'ikke-en-kode']) {
      const response = await post(`/api/qr-codes/${input}/lock`, other);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Ugyldig QR-kode' });
    }
    expect(await rowOf(code)).toMatchObject({ claimedBy: family.id });
  });
});

describe('POST /api/qr-codes/{code}/unlock', () => {
  it('releases the code back to the state it was locked from, for the holder only', async () => {
    const [family, other] = [await person(), await person()];
    const { code } = await createCode(t.database.db, { status: 'in_stock' });
    await post(`/api/qr-codes/${code}/lock`, family);

    expect((await post(`/api/qr-codes/${code}/unlock`)).statusCode).toBe(401);
    const notTheirs = await post(`/api/qr-codes/${code}/unlock`, other);
    expect(notTheirs.statusCode).toBe(403);
    expect(notTheirs.json().message).toBe('QR-koden er ikke låst til din konto.');

    expect((await post(`/api/qr-codes/${code}/unlock`, family)).statusCode).toBe(204);
    expect(await rowOf(code)).toMatchObject({ status: 'in_stock', claimedBy: null, claimedAt: null });
    expect((await events(code)).map((e) => [e.fromStatus, e.event, e.actorId])).toEqual([
      ['in_stock', 'claimed', family.id],
      ['claimed', 'in_stock', family.id],
    ]);
    // Free again: the other person may now lock it.
    expect((await post(`/api/qr-codes/${code}/lock`, other)).statusCode).toBe(200);
    // And the first may no longer release it.
    expect((await post(`/api/qr-codes/${code}/unlock`, family)).statusCode).toBe(403);
  });

  it('refuses to release a linked code until it is unlinked', async () => {
    const family = await person();
    const memorial = await memorialOf(family);
    const { code } = await createCode(t.database.db);
    await post(`/api/qr-codes/${code}/lock`, family);
    expect((await post(`/api/qr-codes/${code}/link`, family, { memorial: memorial.slug })).statusCode).toBe(200);
    const refused = await post(`/api/qr-codes/${code}/unlock`, family);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/^QR-koden er tilknyttet en mindeside/);
  });
});

describe('POST /api/qr-codes/{code}/link and /unlink', () => {
  it('links the holder’s code to a memorial they own or co-administer, and to two for a shared stone', async () => {
    const [owner, coadmin] = [await person(), await person()];
    const first = await memorialOf(owner, 'Anna Holm');
    const second = await memorialOf(owner, 'Poul Holm');
    const { code } = await createCode(t.database.db);
    await post(`/api/qr-codes/${code}/lock`, owner);

    const linked = await post(`/api/qr-codes/${code}/link`, owner, { memorial: first.id, secondMemorial: second.slug });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json<OwnedQrCode>()).toMatchObject({
      status: 'linked',
      statusLabel: 'Tilknyttet mindeside',
      memorials: [
        { id: first.id, slug: first.slug, name: 'Anna Holm' },
        { id: second.id, slug: second.slug, name: 'Poul Holm' },
      ],
    });
    const [event] = (await events(code)).slice(-1);
    expect(event).toMatchObject({ fromStatus: 'claimed', event: 'linked', actorId: owner.id, detail: { memorialId: first.id, secondMemorialId: second.id } });

    // A co-admin's own code on the same memorial.
    await t.database.db.insert(memorialMembers).values({ memorialId: first.id, userId: coadmin.id, role: 'coadmin' });
    const theirs = await createCode(t.database.db);
    await post(`/api/qr-codes/${theirs.code}/lock`, coadmin);
    expect((await post(`/api/qr-codes/${theirs.code}/link`, coadmin, { memorial: first.slug })).statusCode).toBe(200);
  });

  it('refuses someone else’s code, a memorial the holder only reads or does not know, one memorial twice, and a second link', async () => {
    const [owner, family] = [await person(), await person()];
    const memorial = await memorialOf(owner);
    const privateOne = await memorialOf(owner, 'Privat Person');
    const madePrivate = await t.request({ method: 'PUT', url: `/api/memorials/${privateOne.id}`, headers: { cookie: owner.cookie }, payload: { privacy: 'private' } });
    expect(madePrivate.statusCode, madePrivate.body).toBe(200);
    const { code } = await createCode(t.database.db);
    await post(`/api/qr-codes/${code}/lock`, family);

    expect((await post(`/api/qr-codes/${code}/link`, undefined, { memorial: memorial.id })).statusCode).toBe(401);
    expect((await post(`/api/qr-codes/${code}/link`, owner, { memorial: memorial.id })).statusCode).toBe(403);

    const notAdmin = await post(`/api/qr-codes/${code}/link`, family, { memorial: memorial.id });
    expect(notAdmin.statusCode).toBe(403);
    expect(notAdmin.json().message).toMatch(/^Du kan kun knytte QR-koden til en mindeside, som du ejer/);
    await t.database.db.insert(memorialMembers).values({ memorialId: memorial.id, userId: family.id, role: 'viewer' });
    expect((await post(`/api/qr-codes/${code}/link`, family, { memorial: memorial.id })).statusCode).toBe(403);

    const hidden = await post(`/api/qr-codes/${code}/link`, family, { memorial: privateOne.id });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).not.toContain('Privat Person');
    expect((await post(`/api/qr-codes/${code}/link`, family, { memorial: 'findes-ikke' })).statusCode).toBe(404);

    await t.database.db.insert(memorialMembers).values({ memorialId: privateOne.id, userId: family.id, role: 'coadmin' });
    const twice = await post(`/api/qr-codes/${code}/link`, family, { memorial: privateOne.id, secondMemorial: madePrivate.json<{ slug: string }>().slug });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().message).toBe('Vælg to forskellige mindesider til en fælles sten.');

    expect((await post(`/api/qr-codes/${code}/link`, family, { memorial: privateOne.id })).statusCode).toBe(200);
    const again = await post(`/api/qr-codes/${code}/link`, family, { memorial: privateOne.id });
    expect(again.statusCode).toBe(409);
    expect(await rowOf(code)).toMatchObject({ status: 'linked', memorialId: privateOne.id, secondMemorialId: null });
  });

  it('unlinks for the holder and for the memorial’s owner, not for a co-admin or a stranger', async () => {
    const [owner, holder, coadmin, stranger] = [await person(), await person(), await person(), await person()];
    const memorial = await memorialOf(owner);
    await t.database.db.insert(memorialMembers).values([
      { memorialId: memorial.id, userId: holder.id, role: 'coadmin' },
      { memorialId: memorial.id, userId: coadmin.id, role: 'coadmin' },
    ]);
    const { code } = await createCode(t.database.db);
    await post(`/api/qr-codes/${code}/lock`, holder);
    await post(`/api/qr-codes/${code}/link`, holder, { memorial: memorial.id });

    expect((await post(`/api/qr-codes/${code}/unlink`)).statusCode).toBe(401);
    for (const who of [coadmin, stranger]) {
      const refused = await post(`/api/qr-codes/${code}/unlink`, who);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toMatch(/^Kun den, der har låst QR-koden, eller mindesidens ejer/);
    }
    expect((await post(`/api/qr-codes/${code}/unlink`, owner)).statusCode).toBe(204);
    // Still the holder's code, free to link again.
    expect(await rowOf(code)).toMatchObject({ status: 'claimed', claimedBy: holder.id, memorialId: null });
    expect((await post(`/api/qr-codes/${code}/unlink`, holder)).statusCode).toBe(409);
    expect((await post(`/api/qr-codes/${code}/link`, holder, { memorial: memorial.slug })).statusCode).toBe(200);
    expect((await post(`/api/qr-codes/${code}/unlink`, holder)).statusCode).toBe(204);
    expect((await events(code)).map((e) => `${e.fromStatus ?? '-'}→${e.event}`)).toEqual(['created→claimed', 'claimed→linked', 'linked→claimed', 'claimed→linked', 'linked→claimed']);
  });
});

describe('GET /api/user/locked-qr-codes and /api/user/owned-qr-codes', () => {
  it('lists the codes locked to the account with their memorials, newest first, and nobody else’s', async () => {
    const [family, other] = [await person(), await person()];
    const memorial = await memorialOf(family, 'Ole Madsen');
    const first = await createCode(t.database.db);
    const second = await createCode(t.database.db);
    const othersCode = await createCode(t.database.db);
    await post(`/api/qr-codes/${first.code}/lock`, family);
    t.clock.advance(60_000);
    await post(`/api/qr-codes/${second.code}/lock`, family);
    await post(`/api/qr-codes/${second.code}/link`, family, { memorial: memorial.id });
    await post(`/api/qr-codes/${othersCode.code}/lock`, other);

    for (const path of ['/api/user/locked-qr-codes', '/api/user/owned-qr-codes']) {
      expect((await get(path)).statusCode).toBe(401);
      const response = await get(path, family);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('private, no-store');
      const list = response.json<OwnedQrCode[]>();
      expect(list.map((c) => [c.code, c.status, c.memorials.map((m) => m.name)])).toEqual([
        [second.code, 'linked', ['Ole Madsen']],
        [first.code, 'claimed', []],
      ]);
    }
    // Released codes leave the list.
    await post(`/api/qr-codes/${first.code}/unlock`, family);
    expect((await get('/api/user/locked-qr-codes', family)).json<OwnedQrCode[]>().map((c) => c.code)).toEqual([second.code]);
  });
});

describe('the event log', () => {
  it('refuses to change or remove a step once written', async () => {
    const family = await person();
    const { code } = await createCode(t.database.db);
    await post(`/api/qr-codes/${code}/lock`, family);
    await expect(t.database.db.update(qrCodeEvents).set({ event: 'void' }).where(eq(qrCodeEvents.code, code))).rejects.toThrow();
    await expect(t.database.db.delete(qrCodeEvents).where(eq(qrCodeEvents.code, code))).rejects.toThrow();
    expect((await events(code)).map((e) => e.event)).toEqual(['claimed']);
  });
});

describe('rate limits', () => {
  it('cuts off a guesser naming many codes, in Danish, while others go on', async () => {
    const small = await createTestApp({ RATE_LIMIT_QR_LOOKUP_PER_IP: '5' });
    try {
      const user = await createUser(small.database.db);
      const cookie = await signIn(small, user);
      const guess = (ip: string) =>
        small.request({ method: 'POST', url: `/api/qr-codes/${generateCode(() => new Uint8Array(9).fill(Math.floor(Math.random() * 32)))}/lock`, headers: { cookie }, remoteAddress: ip });
      for (let i = 0; i < 5; i++) expect((await guess('10.1.1.1')).statusCode).toBe(404);
      const limited = await guess('10.1.1.1');
      expect(limited.statusCode).toBe(429);
      expect(limited.json().message).toMatch(/^For mange forsøg/);
      expect((await guess('10.2.2.2')).statusCode).toBe(404);
    } finally {
      await small.close();
    }
  });
});

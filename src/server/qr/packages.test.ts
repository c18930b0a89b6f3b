/**
 * The back office's side of codes on a real database: a package of 10,000 codes made in one
 * transaction without a duplicate, a failure half-way that leaves nothing, each warehouse step
 * allowed and refused, by production staff, an admin, support staff and a family.
 */
import { asc, count, countDistinct, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCode, createReseller, createUser } from '../../../tests/support/factories';
import { signedInUser } from '../../../tests/support/sign-in';
import { type TestApp, createTestApp } from '../../../tests/support/test-app';
import type { Role } from '../../shared/auth';
import { QR_STATUSES, type QrStatus } from '../../shared/qr-lifecycle';
import { qrCodeEvents, qrCodes, qrPackages, staffActions } from '../db/schema';
import { createPackage } from './packages';
import { staffStepRefusal } from './lifecycle';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Person {
  id: string;
  cookie: string;
}
const person = (role: Role = 'user'): Promise<Person> => signedInUser(t, { role });
const post = (url: string, who: Person | undefined, payload: object) =>
  t.request({ method: 'POST', url, headers: who ? { cookie: who.cookie } : {}, payload });

describe('staffStepRefusal', () => {
  it('allows exactly the warehouse steps and voiding before a family holds the code, for production and admins', () => {
    const allowed: string[] = [];
    for (const role of ['production', 'admin'] as const) {
      for (const from of QR_STATUSES) for (const to of QR_STATUSES) if (!staffStepRefusal(from, to, role)) allowed.push(`${role}:${from}→${to}`);
    }
    const expected = ['created→produced', 'created→void', 'produced→in_stock', 'produced→void', 'in_stock→shipped', 'in_stock→void', 'shipped→void'];
    expect(allowed.sort()).toEqual([...expected.map((s) => `admin:${s}`), ...expected.map((s) => `production:${s}`)].sort());
  });

  it('refuses support staff and families every step, with the reason', () => {
    for (const role of ['support', 'user'] as const) {
      expect(staffStepRefusal('created', 'produced', role)).toMatchObject({ statusCode: 403, message: 'Kun produktion og administratorer kan flytte QR-koder.' });
    }
    expect(staffStepRefusal('claimed', 'void', 'admin')).toMatchObject({ statusCode: 409, message: expect.stringMatching(/^En familie har låst QR-koden/) });
    expect(staffStepRefusal('shipped', 'claimed', 'admin')).toMatchObject({ statusCode: 409, message: expect.stringMatching(/^Kun familien selv/) });
    expect(staffStepRefusal('shipped', 'created', 'admin')).toMatchObject({ statusCode: 409, message: 'En QR-kode kan ikke gå fra "Sendt til forhandler" til "Oprettet".' });
  });
});

describe('POST /api/admin/qr-packages', () => {
  it('makes a package of 10,000 distinct codes for direct sale in one go, each with its creation in the log', async () => {
    const staff = await person('production');
    const response = await post('/api/admin/qr-packages', staff, { name: 'Direkte salg, november', size: 10_000 });
    expect(response.statusCode, response.body).toBe(201);
    const pkg = response.json<{ id: string; status: string; resellerId: string | null; size: number }>();
    expect(pkg).toMatchObject({ status: 'created', resellerId: null, size: 10_000 });

    const [codes] = await t.database.db.select({ n: count(), distinct: countDistinct(qrCodes.code) }).from(qrCodes).where(eq(qrCodes.packageId, pkg.id));
    expect(codes).toEqual({ n: 10_000, distinct: 10_000 });
    const logged = await t.database.db
      .select({ event: qrCodeEvents.event, actorId: qrCodeEvents.actorId, detail: qrCodeEvents.detail, n: count() })
      .from(qrCodeEvents)
      .innerJoin(qrCodes, eq(qrCodes.code, qrCodeEvents.code))
      .where(eq(qrCodes.packageId, pkg.id))
      .groupBy(qrCodeEvents.event, qrCodeEvents.actorId, qrCodeEvents.detail);
    expect(logged).toEqual([{ event: 'created', actorId: staff.id, detail: { packageId: pkg.id }, n: 10_000 }]);
  }, 120_000);

  it('leaves neither package nor codes behind when making them fails half-way', async () => {
    const staff = await person('admin');
    const before = await t.database.db.select({ n: count() }).from(qrCodes);
    let drawn = 0;
    const failing = {
      ...({} as Parameters<typeof createPackage>[0]),
      db: t.database.db,
      now: t.clock.now,
      // The 1,500th code cannot be drawn: the second batch fails after the first was written.
      randomBytes: (size: number) => {
        drawn += 1;
        if (drawn > 1_500) throw new Error('the random source failed');
        return crypto.getRandomValues(new Uint8Array(size));
      },
    };
    await expect(createPackage(failing, { id: staff.id, role: 'admin' }, { name: 'Halv pakke', size: 3_000, resellerId: null })).rejects.toThrow('the random source failed');
    expect(await t.database.db.select().from(qrPackages).where(eq(qrPackages.name, 'Halv pakke'))).toEqual([]);
    expect(await t.database.db.select({ n: count() }).from(qrCodes)).toEqual(before);
  });

  it('makes a package for an approved reseller, and refuses a pending one, bad input, families, support staff and anonymous callers', async () => {
    const staff = await person('production');
    const dealer = await createUser(t.database.db);
    const approved = await createReseller(t.database.db, { userId: dealer.id, companyName: 'Stenhuggeriet' });
    const pendingOwner = await createUser(t.database.db);
    const pending = await createReseller(t.database.db, { userId: pendingOwner.id, companyName: 'Ny Bedemand', status: 'pending' });

    const made = await post('/api/admin/qr-packages', staff, { name: 'Stenhuggeriet 1', size: 25, resellerId: approved.id });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ resellerId: approved.id, size: 25 });

    const notYet = await post('/api/admin/qr-packages', staff, { name: 'Ny Bedemand 1', size: 25, resellerId: pending.id });
    expect(notYet.statusCode).toBe(400);
    expect(notYet.json().message).toBe('Forhandleren er ikke godkendt endnu.');

    for (const [payload, message] of [
      [{ name: '', size: 10 }, 'Giv pakken et navn.'],
      [{ name: 'Stor', size: 10_001 }, 'En pakke kan højst have 10.000 koder.'],
      [{ name: 'Tom', size: 0 }, 'En pakke skal have mindst 1 kode.'],
      [{ name: 'Halv', size: 2.5 }, 'Antallet skal være et helt tal.'],
    ] as const) {
      const response = await post('/api/admin/qr-packages', staff, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    }

    expect((await post('/api/admin/qr-packages', undefined, { name: 'X', size: 1 })).statusCode).toBe(401);
    for (const role of ['user', 'support'] as const) {
      const refused = await post('/api/admin/qr-packages', await person(role), { name: 'X', size: 1 });
      expect(refused.statusCode).toBe(403);
    }
  });
});

describe('POST /api/admin/qr-packages/{id}/status', () => {
  it('moves a package and its waiting codes a step at a time; a code a family locked stays theirs', async () => {
    const [staff, family] = [await person('production'), await person()];
    const pkg = (await post('/api/admin/qr-packages', staff, { name: 'Lager 7', size: 5 })).json<{ id: string }>();
    const codesOf = async () =>
      (await t.database.db.select({ code: qrCodes.code, status: qrCodes.status }).from(qrCodes).where(eq(qrCodes.packageId, pkg.id)).orderBy(asc(qrCodes.code)));

    for (const to of ['produced', 'in_stock'] as const) {
      const moved = await post(`/api/admin/qr-packages/${pkg.id}/status`, staff, { to });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json()).toMatchObject({ status: to });
    }
    const [first] = await codesOf();
    expect((await post(`/api/qr-codes/${first!.code}/lock`, family, {})).statusCode).toBe(200);

    expect((await post(`/api/admin/qr-packages/${pkg.id}/status`, staff, { to: 'shipped' })).statusCode).toBe(200);
    const statuses = (await codesOf()).map((c) => c.status);
    expect(statuses.filter((s) => s === 'shipped')).toHaveLength(4);
    expect(statuses.filter((s) => s === 'claimed')).toHaveLength(1);

    const skipped = await post(`/api/admin/qr-packages/${pkg.id}/status`, staff, { to: 'created' });
    expect(skipped.statusCode).toBe(409);
    expect((await post(`/api/admin/qr-packages/${pkg.id}/status`, await person('support'), { to: 'shipped' })).statusCode).toBe(403);
    expect((await post(`/api/admin/qr-packages/00000000-0000-4000-8000-000000000000/status`, staff, { to: 'produced' })).statusCode).toBe(404);

    // The back office's audit log has the package's making and each step, by whom (refusals write nothing).
    const audit = await t.database.db
      .select({ action: staffActions.action, actorId: staffActions.actorId, details: staffActions.details })
      .from(staffActions)
      .where(eq(staffActions.subject, `qr-package:${pkg.id}`))
      .orderBy(asc(staffActions.id));
    expect(audit).toEqual([
      { action: 'qr-package.create', actorId: staff.id, details: { name: 'Lager 7', size: 5, resellerId: null } },
      { action: 'qr-package.status', actorId: staff.id, details: { from: 'created', to: 'produced', codes: 5 } },
      { action: 'qr-package.status', actorId: staff.id, details: { from: 'produced', to: 'in_stock', codes: 5 } },
      { action: 'qr-package.status', actorId: staff.id, details: { from: 'in_stock', to: 'shipped', codes: 4 } },
    ]);
  });
});

describe('POST /api/admin/qr-codes/{code}/status', () => {
  it('takes each allowed step with a note in the log, and refuses the rest', async () => {
    const [staff, admin, family] = [await person('production'), await person('admin'), await person()];
    const { code } = await createCode(t.database.db);
    const step = (who: Person, to: QrStatus, note?: string) => post(`/api/admin/qr-codes/${code}/status`, who, { to, ...(note ? { note } : {}) });

    expect((await step(staff, 'produced')).json()).toEqual({ code, status: 'produced' });
    expect((await step(staff, 'shipped')).statusCode).toBe(409);
    expect((await step(family, 'in_stock')).statusCode).toBe(403);
    expect((await step(admin, 'in_stock')).statusCode).toBe(200);
    expect((await step(staff, 'void', 'Revnet ved gravering')).statusCode).toBe(200);
    const again = await step(staff, 'void');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('QR-koden er allerede kasseret.');

    const log = await t.database.db.select().from(qrCodeEvents).where(eq(qrCodeEvents.code, code)).orderBy(asc(qrCodeEvents.id));
    expect(log.map((e) => [e.fromStatus, e.event, e.actorId])).toEqual([
      ['created', 'produced', staff.id],
      ['produced', 'in_stock', admin.id],
      ['in_stock', 'void', staff.id],
    ]);
    expect(log.at(-1)!.detail).toEqual({ note: 'Revnet ved gravering' });
    const audit = await t.database.db.select().from(staffActions).where(eq(staffActions.subject, `qr-code:${code}`)).orderBy(asc(staffActions.id));
    expect(audit.map((a) => [a.action, a.actorId, a.details])).toEqual([
      ['qr-code.status', staff.id, { from: 'created', to: 'produced' }],
      ['qr-code.status', admin.id, { from: 'produced', to: 'in_stock' }],
      ['qr-code.status', staff.id, { from: 'in_stock', to: 'void', note: 'Revnet ved gravering' }],
    ]);
    // A voided code is no code: it cannot be locked.
    expect((await post(`/api/qr-codes/${code}/lock`, family, {})).statusCode).toBe(404);
  });

  it('will not void a code a family holds', async () => {
    const [staff, family] = [await person('production'), await person()];
    const { code } = await createCode(t.database.db);
    await post(`/api/qr-codes/${code}/lock`, family, {});
    const refused = await post(`/api/admin/qr-codes/${code}/status`, staff, { to: 'void' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/^En familie har låst QR-koden/);
  });
});

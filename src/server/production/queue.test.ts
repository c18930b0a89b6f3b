/**
 * The production queue (issue 23 item 5) on a real database: packages still to print and laser
 * jobs still to finish, oldest first, with who started each; taking a package to the printer is
 * recorded once whoever presses again; a package marked produced takes its codes with it and
 * leaves the queue; and who may call what.
 */
import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCode, createReseller, createUser } from '../../../tests/support/factories';
import { signIn } from '../../../tests/support/sign-in';
import { type TestApp, createTestApp } from '../../../tests/support/test-app';
import type { ProductionQueue } from '../../shared/production-queue';
import { productionMessages } from '../../shared/production-queue';
import { packageProduction, qrCodeEvents, qrCodes, qrPackages, staffActions } from '../db/schema';
import { createPackage } from '../qr/packages';
import { insertLaserJob } from './paid-plaque';

let t: TestApp;
let floor: string;
let floorId: string;
let other: string;
beforeAll(async () => {
  t = await createTestApp();
  const worker = await createUser(t.database.db, { role: 'production', fullName: 'Pia Printer' });
  floorId = worker.id;
  floor = await signIn(t, worker);
  other = await signIn(t, await createUser(t.database.db, { role: 'admin', fullName: 'Birthe Bagkontor' }));
});
afterAll(() => t.close());

const get = (cookie: string | null, url: string) => t.request({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const post = (cookie: string | null, url: string, payload?: object) => t.request({ method: 'POST', url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });
const queue = async () => (await get(floor, '/api/admin/production')).json<ProductionQueue>();

async function newPackage(name: string, size = 3, resellerId: string | null = null) {
  const pkg = await createPackage(t.app.deps, { id: floorId, role: 'production' }, { name, size, resellerId });
  t.clock.advance(60_000);
  return pkg;
}

describe('GET /api/admin/production', () => {
  it('lists packages still to print and laser jobs still to finish, oldest first, with who made and started them', async () => {
    const reseller = await createReseller(t.database.db, { companyName: 'Stenhuggeriet Kø ApS' });
    const first = await newPackage('Kø 1', 5, reseller.id);
    const second = await newPackage('Kø 2');
    const printed = await newPackage('Kø 3');
    expect((await post(floor, `/api/admin/production/packages/${printed.id}/produced`)).statusCode).toBe(200);

    const code = await createCode(t.database.db, { status: 'shipped' });
    const job = await t.database.db.transaction((tx) => insertLaserJob(tx, { code: code.code, material: 'staal', widthMm: 50, heightMm: 50, lines: ['Kø'] }, { orderId: null, actorId: floorId, now: t.clock.now() }));
    const done = await t.database.db.transaction((tx) => insertLaserJob(tx, { code: code.code, material: 'staal', widthMm: 50, heightMm: 50, lines: ['Færdig'] }, { orderId: null, actorId: floorId, now: t.clock.now() }));
    for (const step of ['start', 'done']) expect((await post(floor, `/api/admin/laser-jobs/${done!.id}/${step}`, {})).statusCode).toBe(200);

    const now = await queue();
    const ids = now.packages.map((p) => p.id);
    expect(ids).toEqual(expect.arrayContaining([first.id, second.id]));
    expect(ids).not.toContain(printed.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    expect(now.packages.find((p) => p.id === first.id)).toEqual({
      id: first.id,
      name: 'Kø 1',
      size: 5,
      resellerName: 'Stenhuggeriet Kø ApS',
      createdAt: first.createdAt.toISOString(),
      createdByName: 'Pia Printer',
      startedAt: null,
      startedByName: null,
    });
    expect(now.jobs.map((j) => j.id)).toContain(job!.id);
    expect(now.jobs.map((j) => j.id)).not.toContain(done!.id);
    expect(now.jobs.every((j) => j.status !== 'done')).toBe(true);
  });
});

describe('taking a package to the printer', () => {
  it('records who and when once: pressed again, by anyone, it stays the first one’s, with one entry in the log', async () => {
    const pkg = await newPackage('Tryk 1');
    const started = await post(floor, `/api/admin/production/packages/${pkg.id}/start`);
    expect(started.statusCode, started.body).toBe(200);
    const at = t.clock.now().toISOString();
    expect(started.json<ProductionQueue>().packages.find((p) => p.id === pkg.id)).toMatchObject({ startedAt: at, startedByName: 'Pia Printer' });
    t.clock.advance(60_000);
    expect((await post(floor, `/api/admin/production/packages/${pkg.id}/start`)).statusCode).toBe(200);
    const again = await post(other, `/api/admin/production/packages/${pkg.id}/start`);
    expect(again.statusCode).toBe(200);
    expect(again.json<ProductionQueue>().packages.find((p) => p.id === pkg.id)).toMatchObject({ startedAt: at, startedByName: 'Pia Printer' });
    expect(await t.database.db.select().from(packageProduction).where(eq(packageProduction.packageId, pkg.id))).toHaveLength(1);
    const entries = await t.database.db.select().from(staffActions).where(eq(staffActions.subject, `qr-package:${pkg.id}`)).orderBy(asc(staffActions.id));
    expect(entries.map((e) => [e.action, e.actorName, e.details])).toEqual([['qr-package.production-start', 'Pia Printer', { name: 'Tryk 1' }]]);
  });

  it('is refused for a package already produced and not found for one that does not exist', async () => {
    const pkg = await newPackage('Tryk 2');
    expect((await post(floor, `/api/admin/production/packages/${pkg.id}/produced`)).statusCode).toBe(200);
    const late = await post(floor, `/api/admin/production/packages/${pkg.id}/start`);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(productionMessages.alreadyProduced);
    const missing = await post(floor, `/api/admin/production/packages/${randomUUID()}/start`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(productionMessages.packageNotFound);
    expect((await post(floor, '/api/admin/production/packages/ikke-en-pakke/start')).json().message).toBe(productionMessages.packageNotFound);
  });
});

describe('marking a package produced', () => {
  it('moves it and every code in it from created to produced, with their events and the log’s entry, and takes it off the queue', async () => {
    const pkg = await newPackage('Produceret 1', 4);
    await post(floor, `/api/admin/production/packages/${pkg.id}/start`);
    const produced = await post(floor, `/api/admin/production/packages/${pkg.id}/produced`);
    expect(produced.statusCode, produced.body).toBe(200);
    expect(produced.json<ProductionQueue>().packages.map((p) => p.id)).not.toContain(pkg.id);
    const [row] = await t.database.db.select().from(qrPackages).where(eq(qrPackages.id, pkg.id));
    expect(row!.status).toBe('produced');
    const codes = await t.database.db.select().from(qrCodes).where(eq(qrCodes.packageId, pkg.id));
    expect(codes.map((c) => c.status)).toEqual(['produced', 'produced', 'produced', 'produced']);
    const events = await t.database.db.select().from(qrCodeEvents).where(eq(qrCodeEvents.code, codes[0]!.code)).orderBy(asc(qrCodeEvents.id));
    expect(events.map((e) => [e.fromStatus, e.event, e.actorId])).toEqual([
      [null, 'created', floorId],
      ['created', 'produced', floorId],
    ]);
    const entries = await t.database.db.select().from(staffActions).where(eq(staffActions.subject, `qr-package:${pkg.id}`)).orderBy(asc(staffActions.id));
    expect(entries.map((e) => [e.action, e.details])).toEqual([
      ['qr-package.production-start', { name: 'Produceret 1' }],
      ['qr-package.status', { from: 'created', to: 'produced', codes: 4 }],
    ]);

    const twice = await post(other, `/api/admin/production/packages/${pkg.id}/produced`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(`${productionMessages.alreadyProduced} Den står som "Produceret".`);
    expect((await post(floor, `/api/admin/production/packages/${randomUUID()}/produced`)).statusCode).toBe(404);
  });
});

describe('who may call', () => {
  it('production and admins; a user, a reseller and support staff 403; a visitor 401; a refusal changes nothing', async () => {
    const db = t.database.db;
    const pkg = await newPackage('Adgang 1');
    const reseller = await createUser(db);
    await createReseller(db, { userId: reseller.id });
    const people: [string, string | null, number][] = [
      ['visitor', null, 401],
      ['user', await signIn(t, await createUser(db)), 403],
      ['reseller', await signIn(t, reseller), 403],
      ['support', await signIn(t, await createUser(db, { role: 'support' })), 403],
    ];
    for (const [persona, cookie, expected] of people) {
      expect((await get(cookie, '/api/admin/production')).statusCode, persona).toBe(expected);
      expect((await post(cookie, `/api/admin/production/packages/${pkg.id}/start`)).statusCode, persona).toBe(expected);
      expect((await post(cookie, `/api/admin/production/packages/${pkg.id}/produced`)).statusCode, persona).toBe(expected);
    }
    expect(await db.select().from(packageProduction).where(eq(packageProduction.packageId, pkg.id))).toEqual([]);
    expect((await db.select().from(qrPackages).where(eq(qrPackages.id, pkg.id)))[0]!.status).toBe('created');
    expect((await get(other, '/api/admin/production')).statusCode).toBe(200);
  });
});

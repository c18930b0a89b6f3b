/**
 * The back office's codes and packages on a real database (the embedded one, or PostgreSQL when
 * DATABASE_URL is set): a code found however it was typed, with its package, reseller, holder,
 * memorials, hand-over and whole event log; an unknown or mistyped one refused by name; a void with
 * its reason (refused for a held code, and the second time); the package list with its filters,
 * one package with its counts and history, and its codes page by page. Every call by every kind of
 * caller: production and admins succeed, a family, a reseller and support are refused, a visitor
 * must log in.
 */
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCode, createReseller, createUser } from '../../../tests/support/factories';
import { signedInUser } from '../../../tests/support/sign-in';
import { type TestApp, createTestApp } from '../../../tests/support/test-app';
import type { Role } from '../../shared/auth';
import type { Memorial } from '../../shared/memorials';
import type { FloorResellers, PackageCodesPage, QrCodeView, QrPackageDetail, QrPackagesList } from '../../shared/production';
import { formatCode, generateCode } from '../../shared/qr-code';
import { QR_STATUSES } from '../../shared/qr-lifecycle';
import { codeHandovers, packageProduction, qrCodeEvents, qrCodes, qrPackages, staffActions } from '../db/schema';
import { packagesMatching } from './package-pages';

let t: TestApp;
beforeAll(async () => {
  // A small look-up limit: staff paging through pictures must not meet it; a family does.
  t = await createTestApp({ RATE_LIMIT_QR_LOOKUP_PER_IP: '40' });
});
afterAll(() => t.close());

interface Person {
  id: string;
  cookie: string;
}
const person = (role: Role = 'user', fullName?: string): Promise<Person> => signedInUser(t, { role, ...(fullName ? { fullName } : {}) });
const send = (method: 'GET' | 'POST', url: string, who: Person | undefined, payload?: object, remoteAddress?: string) =>
  t.request({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload ? { payload } : {}), ...(remoteAddress ? { remoteAddress } : {}) });
const get = (url: string, who?: Person, remoteAddress?: string) => send('GET', url, who, undefined, remoteAddress);
const post = (url: string, who: Person | undefined, payload: object = {}) => send('POST', url, who, payload);

async function newPackage(staff: Person, body: { name: string; size: number; resellerId?: string | null }): Promise<{ id: string }> {
  const response = await post('/api/admin/qr-packages', staff, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string }>();
}

const codesOf = async (packageId: string) => (await t.database.db.select({ code: qrCodes.code }).from(qrCodes).where(eq(qrCodes.packageId, packageId)).orderBy(asc(qrCodes.code))).map((r) => r.code);

/** A mistyped code: the check character of a real one changed. */
function mistyped(code: string): string {
  const last = code.at(-1) === '0' ? '1' : '0';
  return code.slice(0, -1) + last;
}

/** Callers who may not use the floor's calls: a family, a reseller, support staff; a visitor must log in. */
async function refusedEverywhere(method: 'GET' | 'POST', url: string, payload?: object) {
  const dealer = await person('user');
  await createReseller(t.database.db, { userId: dealer.id });
  for (const who of [await person('user'), dealer, await person('support')]) {
    const refused = await send(method, url, who, payload);
    expect(refused.statusCode, `${url}: ${refused.body}`).toBe(403);
    expect(refused.json().message).toBe('Kun produktion og administratorer kan flytte QR-koder.');
  }
  const visitor = await send(method, url, undefined, payload);
  expect(visitor.statusCode).toBe(401);
}

describe('GET /api/admin/qr-codes/{code}', () => {
  it('shows a code typed bare, with hyphens in lower case or as its address: package, reseller, holder, memorials, hand-over and the log', async () => {
    const staff = await person('production', 'Per Produktion');
    const admin = await person('admin', 'Anne Admin');
    const dealer = await createReseller(t.database.db, { companyName: 'Stenhuggeriet Holm ApS' });
    const pkg = await newPackage(staff, { name: 'Holm, december', size: 3, resellerId: dealer.id });
    for (const to of ['produced', 'in_stock', 'shipped']) expect((await post(`/api/admin/qr-packages/${pkg.id}/status`, admin, { to })).statusCode).toBe(200);
    const [code] = await codesOf(pkg.id);

    // The reseller gives the code to a family, who lock it and link it to their memorial.
    const giver = await createUser(t.database.db, { fullName: 'Hans Forhandler' });
    await t.database.db.insert(codeHandovers).values({ code: code!, resellerId: dealer.id, familyName: 'Familien Jensen', email: 'jensen@eksempel.dk', givenBy: giver.id, createdAt: t.clock.now() });
    const family = await person('user', 'Karen Jensen');
    expect((await post(`/api/qr-codes/${code}/lock`, family)).statusCode).toBe(200);
    const memorial = (await post('/api/memorials', family, { name: 'Jens Jensen' })).json<Memorial>();
    expect((await post(`/api/qr-codes/${code}/link`, family, { memorial: memorial.id })).statusCode).toBe(200);

    const typed = [code!, formatCode(code!).toLowerCase(), ` ${formatCode(code!)} `, `http://localhost:5000/qr/${code}`];
    for (const form of typed) {
      const response = await get(`/api/admin/qr-codes/${encodeURIComponent(form)}`, staff);
      expect(response.statusCode, `${form}: ${response.body}`).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.json<QrCodeView>().code).toBe(code);
    }

    const view = (await get(`/api/admin/qr-codes/${code}`, admin)).json<QrCodeView>();
    expect(view).toMatchObject({
      code,
      status: 'linked',
      package: { id: pkg.id, name: 'Holm, december', status: 'shipped' },
      reseller: { id: dealer.id, name: 'Stenhuggeriet Holm ApS' },
      holder: { id: family.id, name: 'Karen Jensen', email: expect.stringContaining('@eksempel.dk') },
      memorials: [{ id: memorial.id, slug: memorial.slug, name: 'Jens Jensen', deleted: false }],
      handover: { familyName: 'Familien Jensen', email: 'jensen@eksempel.dk', givenBy: 'Hans Forhandler', withdrawnAt: null },
      voidRefusal: 'En familie har låst QR-koden, så den kan ikke kasseres. Den skal frigives først.',
    });
    expect(view.events.map((e) => [e.from, e.to, e.actor?.name ?? null])).toEqual([
      [null, 'created', 'Per Produktion'],
      ['created', 'produced', 'Anne Admin'],
      ['produced', 'in_stock', 'Anne Admin'],
      ['in_stock', 'shipped', 'Anne Admin'],
      ['shipped', 'claimed', 'Karen Jensen'],
      ['claimed', 'linked', 'Karen Jensen'],
    ]);
    expect(view.events[0]!.detail).toEqual({ packageId: pkg.id });
  });

  it('refuses an unknown or mistyped code by what was typed, and anyone but production and admins', async () => {
    const staff = await person('production');
    const { code } = await createCode(t.database.db);
    const wrong = formatCode(mistyped(code));
    const response = await get(`/api/admin/qr-codes/${encodeURIComponent(wrong)}`, staff);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(`Vi kender ingen QR-kode „${wrong}“. Tjek at den er skrevet rigtigt.`);

    // Well formed, but never made.
    const never = generateCode((size) => new Uint8Array(size).fill(7));
    expect((await get(`/api/admin/qr-codes/${never}`, staff)).json().message).toBe(`Vi kender ingen QR-kode „${never}“. Tjek at den er skrevet rigtigt.`);
    expect((await get(`/api/admin/qr-codes/${encodeURIComponent('hej med dig')}`, staff)).json().message).toBe('Vi kender ingen QR-kode „hej med dig“. Tjek at den er skrevet rigtigt.');
    const long = await get(`/api/admin/qr-codes/${'X'.repeat(101)}`, staff);
    expect([long.statusCode, long.json().message]).toEqual([414, 'Adressen er for lang.']);

    expect((await get(`/api/admin/qr-codes/${code}`, await person('admin'))).statusCode).toBe(200);
    await refusedEverywhere('GET', `/api/admin/qr-codes/${code}`);
  });
});

describe('POST /api/admin/qr-codes/{code}/void', () => {
  it('voids a code with its reason in the log and the audit log, and says so the second time', async () => {
    const staff = await person('production', 'Per Produktion');
    const { code } = await createCode(t.database.db, { status: 'in_stock' });
    const voided = await post(`/api/admin/qr-codes/${formatCode(code).toLowerCase()}/void`, staff, { reason: '  Ridset i trykket  ' });
    expect(voided.statusCode, voided.body).toBe(200);
    const view = voided.json<QrCodeView>();
    expect(view).toMatchObject({ code, status: 'void', voidRefusal: 'QR-koden er allerede kasseret.' });
    expect(view.events.at(-1)).toMatchObject({ from: 'in_stock', to: 'void', actor: { id: staff.id, name: 'Per Produktion' }, note: 'Ridset i trykket', detail: { reason: 'Ridset i trykket' } });

    const audit = await t.database.db.select().from(staffActions).where(eq(staffActions.subject, `qr-code:${code}`));
    expect(audit.map((a) => [a.action, a.actorId, a.details])).toEqual([['qr-code.void', staff.id, { from: 'in_stock', reason: 'Ridset i trykket' }]]);

    const again = await post(`/api/admin/qr-codes/${code}/void`, await person('admin'), { reason: 'Igen' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('QR-koden er allerede kasseret.');
    expect(await t.database.db.select().from(qrCodeEvents).where(eq(qrCodeEvents.code, code))).toHaveLength(1);
  });

  it('refuses a code a family holds or has linked, with why, and changes nothing', async () => {
    const staff = await person('production');
    const family = await person();
    const { code } = await createCode(t.database.db, { status: 'shipped' });
    await post(`/api/qr-codes/${code}/lock`, family);
    const refused = await post(`/api/admin/qr-codes/${code}/void`, staff, { reason: 'Forkert pakke' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('En familie har låst QR-koden, så den kan ikke kasseres. Den skal frigives først.');

    const memorial = (await post('/api/memorials', family, { name: 'Ole Olsen' })).json<Memorial>();
    await post(`/api/qr-codes/${code}/link`, family, { memorial: memorial.id });
    const linked = await post(`/api/admin/qr-codes/${code}/void`, staff, { reason: 'Forkert pakke' });
    expect(linked.statusCode).toBe(409);
    expect(linked.json().message).toMatch(/^En familie har låst QR-koden/);
    expect((await t.database.db.select().from(qrCodes).where(eq(qrCodes.code, code)))[0]!.status).toBe('linked');
    expect(await t.database.db.select().from(staffActions).where(eq(staffActions.subject, `qr-code:${code}`))).toEqual([]);
  });

  it('asks for a reason of 3 to 500 characters, refuses an unknown code by name, and anyone but the floor', async () => {
    const staff = await person('production');
    const { code } = await createCode(t.database.db);
    for (const [payload, message] of [
      [{}, 'Skriv hvorfor koden kasseres.'],
      [{ reason: '  x ' }, 'Skriv hvorfor koden kasseres (mindst 3 tegn).'],
      [{ reason: 'x'.repeat(501) }, 'Begrundelsen må højst være 500 tegn.'],
    ] as const) {
      const response = await post(`/api/admin/qr-codes/${code}/void`, staff, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    }
    const unknown = await post(`/api/admin/qr-codes/${mistyped(code)}/void`, staff, { reason: 'Ridset' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(`Vi kender ingen QR-kode „${mistyped(code)}“. Tjek at den er skrevet rigtigt.`);

    await refusedEverywhere('POST', `/api/admin/qr-codes/${code}/void`, { reason: 'Ridset i trykket' });
    expect((await t.database.db.select().from(qrCodes).where(eq(qrCodes.code, code)))[0]!.status).toBe('created');
    // The old call for a step still voids too.
    expect((await post(`/api/admin/qr-codes/${code}/status`, staff, { to: 'void', note: 'Ridset' })).json()).toEqual({ code, status: 'void' });
  });
});

describe('GET /api/admin/qr-packages', () => {
  it('lists packages newest first with reseller, dates and counts, filtered by text, reseller, direct sale and state, 25 a page', async () => {
    const staff = await person('production');
    const dealer = await createReseller(t.database.db, { companyName: 'Liste Sten ApS' });
    const made: string[] = [];
    for (let i = 1; i <= 27; i += 1) {
      t.clock.advance(60_000);
      made.push((await newPackage(staff, { name: `Listepakke ${String(i).padStart(2, '0')}`, size: 2, resellerId: i % 3 === 0 ? dealer.id : null })).id);
    }
    t.clock.advance(60_000);
    const moved = made.at(-1)!;
    expect((await post(`/api/admin/qr-packages/${moved}/status`, staff, { to: 'produced' })).statusCode).toBe(200);

    const first = await get('/api/admin/qr-packages?q=listepakke', staff);
    expect(first.statusCode, first.body).toBe(200);
    const page1 = first.json<QrPackagesList>();
    expect(page1).toMatchObject({ total: 27, page: 1, pageSize: 25 });
    expect(page1.packages).toHaveLength(25);
    expect(page1.packages[0]).toEqual({
      id: moved,
      name: 'Listepakke 27',
      size: 2,
      resellerId: dealer.id,
      resellerName: 'Liste Sten ApS',
      status: 'produced',
      createdAt: expect.any(String),
      statusChangedAt: t.clock.now().toISOString(),
      counts: { ...Object.fromEntries(QR_STATUSES.map((s) => [s, 0])), produced: 2 },
    });
    expect(page1.packages[1]).toMatchObject({ name: 'Listepakke 26', status: 'created', statusChangedAt: null, resellerName: null, counts: { created: 2, produced: 0 } });
    const page2 = (await get('/api/admin/qr-packages?q=listepakke&page=2', staff)).json<QrPackagesList>();
    expect(page2.packages.map((p) => p.name)).toEqual(['Listepakke 02', 'Listepakke 01']);

    expect((await get(`/api/admin/qr-packages?reseller=${dealer.id}`, staff)).json<QrPackagesList>().total).toBe(9);
    expect((await get('/api/admin/qr-packages?q=liste%20sten', staff)).json<QrPackagesList>().total).toBe(9);
    expect((await get('/api/admin/qr-packages?q=listepakke&reseller=direct', staff)).json<QrPackagesList>().total).toBe(18);
    expect((await get('/api/admin/qr-packages?q=listepakke&status=produced', staff)).json<QrPackagesList>().packages.map((p) => p.id)).toEqual([moved]);
    expect((await get('/api/admin/qr-packages?q=100%25', staff)).json<QrPackagesList>().total).toBe(0);
    expect((await get('/api/admin/qr-packages?reseller=nogen', staff)).statusCode).toBe(400);
    expect((await get('/api/admin/qr-packages?status=claimed', staff)).statusCode).toBe(400);

    expect((await get('/api/admin/qr-packages', await person('admin'))).statusCode).toBe(200);
    await refusedEverywhere('GET', '/api/admin/qr-packages');
  });

  it('finds a package by any part of its name in any case, what was typed taken as itself, through the names\' trigram index', async () => {
    const staff = await person('production');
    const names = ['Søndergaard_50% uge 12', 'Søndergaard 50 uge 13', 'Skråstreg\\Pakke'];
    for (const name of names) await newPackage(staff, { name, size: 1 });
    const found = async (q: string) =>
      (await get(`/api/admin/qr-packages?q=${encodeURIComponent(q)}`, staff)).json<QrPackagesList>().packages.map((p) => p.name).sort();

    expect(await found('ndergaard')).toEqual([names[0], names[1]].sort());
    expect(await found('GAARD 50 UGE')).toEqual([names[1]]);
    // _ and % are what they are, not LIKE's wildcards: "rd_50" is not "rd 50", "50%" is not "50 …".
    expect(await found('rd_50')).toEqual([names[0]]);
    expect(await found('50%')).toEqual([names[0]]);
    expect(await found('g\\p')).toEqual([names[2]]);
    // Shorter than a trigram, and a name's very end.
    expect(await found('rå')).toEqual([names[2]]);
    expect(await found('ge 12')).toEqual([names[0]]);
    expect(await found('ndergaard 51')).toEqual([]);

    // Answered from the indexes where the table is large enough to want them: the list's own
    // condition, with scans forbidden as on a tiny table, reads the names' trigram index, and beside
    // it the reseller index when a reseller's name matches too.
    const plan = async (q: string) => {
      const where = await packagesMatching(t.database.db, q);
      const rows = await t.database.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        return (await tx.execute(sql`explain ${tx.select({ id: qrPackages.id }).from(qrPackages).where(where)}`)) as unknown as { rows: { 'QUERY PLAN': string }[] };
      });
      return rows.rows.map((row) => row['QUERY PLAN']).join('\n');
    };
    expect(await plan('gaard 50 uge')).toContain('qr_packages_name_trigrams_idx');
    const byReseller = await plan('liste sten');
    expect(byReseller).toContain('qr_packages_name_trigrams_idx');
    expect(byReseller).toContain('qr_packages_reseller_idx');
  });

  it('refuses a package of 10,001 codes', async () => {
    const response = await post('/api/admin/qr-packages', await person('production'), { name: 'For stor', size: 10_001 });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('En pakke kan højst have 10.000 koder.');
  });
});

describe('GET /api/admin/qr-packages/{id} and its codes', () => {
  it('shows a package with its counts, next step, who started production and its history', async () => {
    const staff = await person('production', 'Per Produktion');
    const dealer = await createReseller(t.database.db, { companyName: 'Detalje Sten ApS' });
    const pkg = await newPackage(staff, { name: 'Detaljepakke', size: 4, resellerId: dealer.id });
    const [first] = await codesOf(pkg.id);
    await post(`/api/admin/qr-codes/${first}/void`, staff, { reason: 'Ridset' });

    const fresh = (await get(`/api/admin/qr-packages/${pkg.id}`, staff)).json<QrPackageDetail>();
    expect(fresh).toMatchObject({
      package: { id: pkg.id, name: 'Detaljepakke', size: 4, resellerName: 'Detalje Sten ApS', status: 'created', createdBy: { id: staff.id, name: 'Per Produktion' }, counts: { created: 3, void: 1 } },
      nextStep: 'produced',
      production: null,
    });
    expect(fresh.history.map((h) => [h.action, h.actorName])).toEqual([['qr-package.create', 'Per Produktion']]);

    await t.database.db.insert(packageProduction).values({ packageId: pkg.id, startedBy: staff.id, startedAt: t.clock.now() });
    t.clock.advance(1000);
    for (const to of ['produced', 'in_stock', 'shipped']) await post(`/api/admin/qr-packages/${pkg.id}/status`, staff, { to });
    const shipped = (await get(`/api/admin/qr-packages/${pkg.id}`, await person('admin'))).json<QrPackageDetail>();
    expect(shipped).toMatchObject({
      package: { status: 'shipped', statusChangedAt: t.clock.now().toISOString(), counts: { shipped: 3, void: 1, created: 0 } },
      nextStep: null,
      production: { startedBy: { id: staff.id, name: 'Per Produktion' } },
    });
    expect(shipped.history.map((h) => [h.action, h.details.to ?? null])).toEqual([
      ['qr-package.status', 'shipped'],
      ['qr-package.status', 'in_stock'],
      ['qr-package.status', 'produced'],
      ['qr-package.create', null],
    ]);

    expect((await get('/api/admin/qr-packages/00000000-0000-4000-8000-000000000000', staff)).json().message).toBe('QR-pakken findes ikke.');
    expect((await get('/api/admin/qr-packages/ikke-en-pakke', staff)).statusCode).toBe(400);
    await refusedEverywhere('GET', `/api/admin/qr-packages/${pkg.id}`);
  });

  it('lists its codes in order, 50 a page, filtered by state, with the holder and memorial; staff see every picture', async () => {
    const staff = await person('production');
    const pkg = await newPackage(staff, { name: 'Kodepakke', size: 55 });
    const codes = await codesOf(pkg.id);
    await post(`/api/admin/qr-packages/${pkg.id}/status`, staff, { to: 'produced' });
    const family = await person('user', 'Lis Holder');
    await post(`/api/qr-codes/${codes[3]}/lock`, family);
    const memorial = (await post('/api/memorials', family, { name: 'Bent Holder' })).json<Memorial>();
    await post(`/api/qr-codes/${codes[3]}/link`, family, { memorial: memorial.id });

    const page1 = (await get(`/api/admin/qr-packages/${pkg.id}/qr-codes`, staff)).json<PackageCodesPage>();
    expect(page1).toMatchObject({ total: 55, page: 1, pageSize: 50 });
    expect(page1.codes.map((c) => c.code)).toEqual(codes.slice(0, 50));
    expect(page1.codes[0]).toEqual({ code: codes[0], status: 'produced', holder: null, memorials: [] });
    expect(page1.codes[3]).toEqual({ code: codes[3], status: 'linked', holder: { id: family.id, name: 'Lis Holder' }, memorials: [{ id: memorial.id, slug: memorial.slug, name: 'Bent Holder' }] });
    const page2 = (await get(`/api/admin/qr-packages/${pkg.id}/qr-codes?page=2`, staff)).json<PackageCodesPage>();
    expect(page2.codes.map((c) => c.code)).toEqual(codes.slice(50));
    const linked = (await get(`/api/admin/qr-packages/${pkg.id}/qr-codes?status=linked`, staff)).json<PackageCodesPage>();
    expect(linked).toMatchObject({ total: 1, codes: [{ code: codes[3] }] });
    expect((await get(`/api/admin/qr-packages/${pkg.id}/qr-codes?status=nogen`, staff)).statusCode).toBe(400);
    expect((await get('/api/admin/qr-packages/00000000-0000-4000-8000-000000000000/qr-codes', staff)).statusCode).toBe(404);

    // The page shows 50 pictures at a time: staff are not held by the limit on naming codes (40 here).
    for (const code of codes) {
      const picture = await get(`/api/qr-codes/${code}/qr.svg?ecc=Q`, staff, '10.0.0.23');
      expect(picture.statusCode, picture.body).toBe(200);
    }
    // A family asking that often is.
    let limited = 0;
    for (let i = 0; i < 45; i += 1) if ((await get(`/api/qr-codes/${codes[3]}/qr.svg`, family, '10.0.0.24')).statusCode === 429) limited += 1;
    expect(limited).toBeGreaterThan(0);

    await refusedEverywhere('GET', `/api/admin/qr-packages/${pkg.id}/qr-codes`);
  });
});

describe('GET /api/admin/production/resellers', () => {
  it('names the approved resellers, and others that have packages, by name', async () => {
    const staff = await person('production');
    const approved = await createReseller(t.database.db, { companyName: 'Aaa Vælg Mig ApS' });
    const pending = await createReseller(t.database.db, { companyName: 'Aab Venter ApS', status: 'pending' });
    const suspended = await createReseller(t.database.db, { companyName: 'Aac Suspenderet ApS' });
    await newPackage(staff, { name: 'Før suspension', size: 1, resellerId: suspended.id });
    await t.database.db.execute(`update resellers set status = 'suspended' where id = '${suspended.id}'`);

    const { resellers } = (await get('/api/admin/production/resellers', staff)).json<FloorResellers>();
    const ids = resellers.map((r) => r.id);
    expect(resellers).toEqual(expect.arrayContaining([{ id: approved.id, name: 'Aaa Vælg Mig ApS', status: 'approved' }, { id: suspended.id, name: 'Aac Suspenderet ApS', status: 'suspended' }]));
    expect(ids).not.toContain(pending.id);
    expect(ids.indexOf(approved.id)).toBeLessThan(ids.indexOf(suspended.id));
    await refusedEverywhere('GET', '/api/admin/production/resellers');
  });
});

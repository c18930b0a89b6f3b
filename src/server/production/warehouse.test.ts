/**
 * The packing table on a real database (production/warehouse.ts): codes and package labels scanned
 * in to stock and out to a reseller, every refusal named and recorded with nothing else changed,
 * the same code twice, the undo of the last scan and each reason it is refused, the day's list and
 * count, who may call, and the package's label read back by zbarimg.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCode, createReseller, createUser } from '../../../tests/support/factories';
import { decodePdf, decodePng, pdfText } from '../../../tests/support/qr-decode';
import { signIn, signedInUser } from '../../../tests/support/sign-in';
import { type TestApp, createTestApp } from '../../../tests/support/test-app';
import type { Role } from '../../shared/auth';
import { type WarehouseDirection, type WarehouseScanResponse, type WarehouseScansResponse, type WarehouseUndoResponse, packageLabelPath, readFloorScan } from '../../shared/production';
import { formatCode, generateCode } from '../../shared/qr-code';
import type { QrStatus } from '../../shared/qr-lifecycle';
import { qrCodeEvents, qrCodes, qrPackages, staffActions, warehouseScans } from '../db/schema';
import { LABEL } from './package-label';
import { danishMidnight } from './warehouse';

const run = promisify(execFile);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ BASE_URL: 'https://mindested.dk' });
});
afterAll(() => t.close());

interface Person {
  id: string;
  cookie: string;
}
const person = (role: Role = 'user'): Promise<Person> => signedInUser(t, { role });
const send = (method: 'GET' | 'POST', url: string, who?: Person, payload?: object) =>
  t.request({ method, url, headers: who ? { cookie: who.cookie } : {}, ...(payload ? { payload } : {}) });

async function scan(who: Person, input: string, direction: WarehouseDirection, resellerId?: string): Promise<WarehouseScanResponse> {
  const response = await send('POST', '/api/admin/warehouse/scans', who, { input, direction, ...(resellerId ? { resellerId } : {}) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<WarehouseScanResponse>();
}
const undo = (who: Person, id: number) => send('POST', `/api/admin/warehouse/scans/${id}/undo`, who);

const db = () => t.database.db;
async function codeRow(code: string) {
  const [row] = await db().select({ status: qrCodes.status, resellerId: qrCodes.resellerId }).from(qrCodes).where(eq(qrCodes.code, code));
  return row!;
}
async function eventsOf(code: string) {
  return db().select({ from: qrCodeEvents.fromStatus, to: qrCodeEvents.event, actorId: qrCodeEvents.actorId, detail: qrCodeEvents.detail }).from(qrCodeEvents).where(eq(qrCodeEvents.code, code)).orderBy(asc(qrCodeEvents.id));
}
const produced = async (overrides: { status?: QrStatus; resellerId?: string | null } = {}) => (await createCode(db(), { status: 'produced', ...overrides })).code;

/** An approved reseller with an account of its own, signed in. */
async function dealer(companyName: string) {
  const account = await createUser(db());
  const reseller = await createReseller(db(), { userId: account.id, companyName });
  return { ...reseller, person: { id: account.id, cookie: await signIn(t, account) } };
}

/** A package made through the API, moved to `status` through the API: its id and codes in code order. */
async function makePackage(staff: Person, name: string, size: number, resellerId: string | null, status: 'created' | 'produced' = 'produced') {
  const made = await send('POST', '/api/admin/qr-packages', staff, { name, size, resellerId });
  expect(made.statusCode, made.body).toBe(201);
  const { id } = made.json<{ id: string }>();
  if (status === 'produced') expect((await send('POST', `/api/admin/qr-packages/${id}/status`, staff, { to: 'produced' })).statusCode).toBe(200);
  const rows = await db().select({ code: qrCodes.code }).from(qrCodes).where(eq(qrCodes.packageId, id));
  return { id, codes: rows.map((r) => r.code).sort() };
}
const label = (id: string) => `https://mindested.dk${packageLabelPath(id)}`;

/** Every table a refused scan must leave alone, as a count and a digest. */
async function untouched() {
  const result = (await db().execute(
    sql`select (select md5(coalesce(string_agg(x::text, '|' order by x.code), '')) from qr_codes x) as codes,
               (select count(*)::int from qr_code_events) as events,
               (select md5(coalesce(string_agg(p::text, '|' order by p.id), '')) from qr_packages p) as packages,
               (select count(*)::int from staff_actions) as audit`,
  )) as unknown as { rows: { codes: string; events: number; packages: string; audit: number }[] };
  return result.rows[0]!;
}

describe('who may use the packing table', () => {
  it('lets production staff and admins in, and keeps visitors (401), families, resellers and support staff (403) out', async () => {
    const code = await produced();
    const stone = await dealer('Rollehuset');
    const pkg = await makePackage(await person('production'), 'Roller', 1, null);
    const calls = (who?: Person) => [
      send('POST', '/api/admin/warehouse/scans', who, { input: code, direction: 'in' }),
      send('POST', '/api/admin/warehouse/scans/1/undo', who),
      send('GET', '/api/admin/warehouse/scans?direction=in', who),
      send('GET', '/api/admin/warehouse/resellers', who),
      send('GET', `/api/admin/qr-packages/${pkg.id}/label.pdf`, who),
    ];
    const before = await untouched();
    for (const response of await Promise.all(calls())) expect(response.statusCode).toBe(401);
    for (const who of [await person('user'), stone.person, await person('support')]) {
      for (const response of await Promise.all(calls(who))) {
        expect(response.statusCode).toBe(403);
        expect(response.json().message).toBe('Kun produktion og administratorer kan flytte QR-koder.');
      }
    }
    expect(await untouched()).toEqual(before);
    expect(await db().select({ n: count() }).from(warehouseScans).where(eq(warehouseScans.code, code))).toEqual([{ n: 0 }]);

    for (const role of ['production', 'admin'] as const) {
      const staff = await person(role);
      const resellers = await send('GET', '/api/admin/warehouse/resellers', staff);
      expect(resellers.statusCode).toBe(200);
      expect(resellers.json().resellers).toContainEqual({ id: stone.id, companyName: 'Rollehuset', town: '' });
      expect((await send('GET', '/api/admin/warehouse/scans?direction=out', staff)).statusCode).toBe(200);
    }
  });

  it('lists only approved resellers to send codes to', async () => {
    const staff = await person('production');
    const waiting = await createReseller(db(), { companyName: 'Venter ApS', status: 'pending' });
    const stopped = await createReseller(db(), { companyName: 'Stoppet ApS', status: 'suspended', statusReason: 'Ubetalt faktura.' });
    const ids = (await send('GET', '/api/admin/warehouse/resellers', staff)).json<{ resellers: { id: string }[] }>().resellers.map((r) => r.id);
    expect(ids).not.toContain(waiting.id);
    expect(ids).not.toContain(stopped.id);
  });
});

describe('scanning in', () => {
  it('takes a produced code in stock in any form it is read, says so, logs it with the scan, and the second scan says it is already there', async () => {
    const staff = await person('production');
    const [a, b, c] = [await produced(), await produced(), await produced()];

    const first = await scan(staff, a, 'in');
    expect(first).toMatchObject({ outcome: 'accepted', message: `${formatCode(a)} er på lager.`, code: a, package: null, moved: 1, direction: 'in', undoneAt: null, count: { scans: 1, codes: 1 } });
    expect(await codeRow(a)).toEqual({ status: 'in_stock', resellerId: null });
    expect((await eventsOf(a)).at(-1)).toEqual({ from: 'produced', to: 'in_stock', actorId: staff.id, detail: { scanId: first.id, via: 'warehouse' } });
    const [audited] = await db().select().from(staffActions).where(eq(staffActions.subject, `qr-code:${a}`));
    expect(audited).toMatchObject({ action: 'warehouse.scan-in', actorId: staff.id, details: { scanId: first.id, moved: 1 } });

    // As printed with its hyphen and in lower case, and as the address its symbol holds.
    expect(await scan(staff, formatCode(b).toLowerCase(), 'in')).toMatchObject({ outcome: 'accepted', code: b, count: { scans: 2, codes: 2 } });
    expect(await scan(staff, `https://mindested.dk/qr/${c}`, 'in')).toMatchObject({ outcome: 'accepted', code: c, count: { scans: 3, codes: 3 } });

    const events = (await eventsOf(a)).length;
    const again = await scan(staff, a, 'in');
    expect(again).toMatchObject({ outcome: 'already', message: `${formatCode(a)} er allerede på lager.`, code: a, moved: 0, count: { scans: 3, codes: 3 } });
    expect(await eventsOf(a)).toHaveLength(events);
    const [row] = await db().select().from(warehouseScans).where(eq(warehouseScans.id, again.id));
    expect(row).toMatchObject({ staffId: staff.id, direction: 'in', input: a, code: a, outcome: 'already', moved: 0 });
  });

  it('refuses, names and records what cannot go in stock, and changes nothing else', async () => {
    const staff = await person('production');
    const family = await person();
    const stone = await dealer('Stenhuggeriet Nord');
    const created = await produced({ status: 'created' });
    const voided = await produced({ status: 'void' });
    const shipped = await produced({ status: 'shipped', resellerId: stone.id });
    const claimed = await produced({ status: 'in_stock' });
    expect((await send('POST', `/api/qr-codes/${claimed}/lock`, family)).statusCode).toBe(200);
    // A well-formed code nobody made.
    const stranger = generateCode((size) => crypto.getRandomValues(new Uint8Array(size)));
    const mistyped = `${created.slice(0, 9)}${created[9] === '0' ? '1' : '0'}`;

    const before = await untouched();
    const cases: [string, string][] = [
      [created, `${formatCode(created)} er ikke produceret endnu. Den skal trykkes eller graveres, før den kan på lager.`],
      [voided, `${formatCode(voided)} er kasseret og må ikke bruges.`],
      [shipped, `${formatCode(shipped)} er allerede sendt til Stenhuggeriet Nord.`],
      [claimed, `${formatCode(claimed)} er låst til en families konto og kan ikke flyttes.`],
      [stranger, `Ukendt kode „${formatCode(stranger)}“. Den findes ikke hos Mindested.`],
      [formatCode(mistyped), `Ukendt kode „${formatCode(mistyped)}“. Scan den igen, eller tjek at den er skrevet rigtigt.`],
      ['https://example.com/not-ours', 'Ukendt kode „https://example.com/not-ours“. Scan den igen, eller tjek at den er skrevet rigtigt.'],
      [label('00000000-0000-4000-8000-000000000000'), 'Ukendt pakke „00000000-0000-4000-8000-000000000000“. Etiketten hører ikke til nogen pakke hos Mindested.'],
    ];
    for (const [input, message] of cases) {
      const answer = await scan(staff, input, 'in');
      expect(answer, input).toMatchObject({ outcome: 'refused', message, moved: 0, count: { scans: 0, codes: 0 } });
      const [row] = await db().select().from(warehouseScans).where(eq(warehouseScans.id, answer.id));
      expect(row).toMatchObject({ outcome: 'refused', input, message, undoneAt: null });
    }
    expect(await untouched()).toEqual(before);
    expect((await codeRow(claimed)).status).toBe('claimed');
  });

  it('refuses a request without anything scanned, or too long to be a code, without recording it', async () => {
    const staff = await person('production');
    for (const [payload, message] of [
      [{ input: '   ', direction: 'in' }, 'Scan eller skriv en kode.'],
      [{ input: 'x'.repeat(201), direction: 'in' }, 'Det scannede er for langt til at være en kode.'],
      [{ input: 'ABC', direction: 'sideways' }, 'Vælg ind på lager eller ud til forhandler.'],
      [{ input: 'ABC', direction: 'out' }, 'Vælg forhandleren, koderne skal sendes til.'],
    ] as const) {
      const response = await send('POST', '/api/admin/warehouse/scans', staff, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    }
    expect(await db().select({ n: count() }).from(warehouseScans).where(eq(warehouseScans.staffId, staff.id))).toEqual([{ n: 0 }]);
  });
});

describe('scanning out to a reseller', () => {
  it('ships a code in stock to the chosen reseller, makes a direct-sale code the reseller’s, and the reseller sees it as received', async () => {
    const staff = await person('production');
    const stone = await dealer('Bedemand Holm');
    const own = await produced({ status: 'in_stock', resellerId: stone.id });
    const direct = await produced({ status: 'in_stock' });

    const first = await scan(staff, own, 'out', stone.id);
    expect(first).toMatchObject({ outcome: 'accepted', message: `${formatCode(own)} er sendt til Bedemand Holm.`, resellerName: 'Bedemand Holm', moved: 1, count: { scans: 1, codes: 1 } });
    expect((await eventsOf(own)).at(-1)).toEqual({ from: 'in_stock', to: 'shipped', actorId: staff.id, detail: { scanId: first.id, via: 'warehouse' } });

    const second = await scan(staff, direct, 'out', stone.id);
    expect(second).toMatchObject({ outcome: 'accepted', count: { scans: 2, codes: 2 } });
    expect(await codeRow(direct)).toEqual({ status: 'shipped', resellerId: stone.id });
    expect((await eventsOf(direct)).at(-1)!.detail).toEqual({ scanId: second.id, via: 'warehouse', resellerSet: true });
    const [audited] = await db().select().from(staffActions).where(and(eq(staffActions.subject, `qr-code:${direct}`), eq(staffActions.action, 'warehouse.scan-out')));
    expect(audited!.details).toEqual({ scanId: second.id, moved: 1, resellerId: stone.id });

    const page = await send('GET', '/api/resellers/me/qr-codes?state=shipped', stone.person);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json<{ codes: { code: string; state: string }[] }>().codes.map((c) => c.code).sort()).toEqual([own, direct].sort());

    // The in and out counts are each their own.
    expect((await send('GET', '/api/admin/warehouse/scans?direction=in', staff)).json<WarehouseScansResponse>().count).toEqual({ scans: 0, codes: 0 });
    expect(await scan(staff, own, 'out', stone.id)).toMatchObject({ outcome: 'already', message: `${formatCode(own)} er allerede sendt til Bedemand Holm.`, count: { scans: 2, codes: 2 } });
  });

  it('refuses another reseller’s code, a code not in stock, a suspended reseller, and changes nothing', async () => {
    const staff = await person('production');
    const [holm, nord] = [await dealer('Holm & Søn'), await dealer('Nordsten')];
    const suspended = await createReseller(db(), { companyName: 'Lukket ApS', status: 'suspended', statusReason: 'Ubetalt faktura.' });
    const nordsCode = await produced({ status: 'in_stock', resellerId: nord.id });
    const sentToNord = await produced({ status: 'shipped', resellerId: nord.id });
    const notIn = await produced();
    const created = await produced({ status: 'created' });
    const voided = await produced({ status: 'void' });
    const free = await produced({ status: 'in_stock' });

    const before = await untouched();
    const cases: [string, string, string][] = [
      [nordsCode, holm.id, `${formatCode(nordsCode)} tilhører Nordsten, ikke Holm & Søn.`],
      [sentToNord, holm.id, `${formatCode(sentToNord)} er allerede sendt til Nordsten.`],
      [notIn, holm.id, `${formatCode(notIn)} er ikke på lager endnu. Scan den ind på lager først.`],
      [created, holm.id, `${formatCode(created)} er ikke produceret endnu. Den skal trykkes eller graveres, før den kan på lager.`],
      [voided, holm.id, `${formatCode(voided)} er kasseret og må ikke bruges.`],
      [free, suspended.id, 'Lukket ApS er ikke godkendt som forhandler lige nu. Der sendes ingen koder dertil.'],
      [free, '00000000-0000-4000-8000-000000000000', 'Forhandleren findes ikke. Vælg forhandleren igen.'],
    ];
    for (const [input, resellerId, message] of cases) {
      expect(await scan(staff, input, 'out', resellerId), message).toMatchObject({ outcome: 'refused', message, moved: 0, count: { scans: 0, codes: 0 } });
    }
    expect(await untouched()).toEqual(before);
    const rows = await db().select({ outcome: warehouseScans.outcome, resellerId: warehouseScans.resellerId }).from(warehouseScans).where(eq(warehouseScans.staffId, staff.id)).orderBy(asc(warehouseScans.id));
    expect(rows.map((r) => r.outcome)).toEqual(Array(cases.length).fill('refused'));
    // The unknown reseller cannot be named by the row (it refers to resellers); the suspended one is.
    expect(rows.at(-1)!.resellerId).toBeNull();
    expect(rows.at(-2)!.resellerId).toBe(suspended.id);
  });
});

describe('a package’s label', () => {
  it('takes the package and its produced codes in stock, then out to its reseller, and refuses it for another or for direct sale', async () => {
    const staff = await person('production');
    const family = await person();
    const [holm, nord] = [await dealer('Holm Pakker'), await dealer('Nord Pakker')];
    const pkg = await makePackage(staff, 'Holm uge 12', 4, holm.id);
    // One code of the package went in on its own already; it is not moved again.
    await scan(staff, pkg.codes[0]!, 'in');

    const inScan = await scan(staff, label(pkg.id), 'in');
    expect(inScan).toMatchObject({ outcome: 'accepted', message: 'Pakken „Holm uge 12“ er på lager: 3 koder.', code: null, package: { id: pkg.id, name: 'Holm uge 12' }, moved: 3, count: { scans: 2, codes: 4 } });
    const [pkgRow] = await db().select().from(qrPackages).where(eq(qrPackages.id, pkg.id));
    expect(pkgRow).toMatchObject({ status: 'in_stock', statusChangedAt: t.clock.now() });
    for (const code of pkg.codes) expect((await codeRow(code)).status).toBe('in_stock');
    expect((await eventsOf(pkg.codes[1]!)).at(-1)!.detail).toEqual({ packageId: pkg.id, scanId: inScan.id, via: 'warehouse' });
    expect(await scan(staff, label(pkg.id), 'in')).toMatchObject({ outcome: 'already', message: 'Pakken „Holm uge 12“ er allerede på lager.' });

    const direct = await makePackage(staff, 'Direkte salg', 2, null);
    expect(await scan(staff, label(direct.id), 'in')).toMatchObject({ outcome: 'accepted' });
    const before = await untouched();
    expect(await scan(staff, label(pkg.id), 'out', nord.id)).toMatchObject({ outcome: 'refused', message: 'Pakken „Holm uge 12“ er til Holm Pakker, ikke Nord Pakker.' });
    expect(await scan(staff, label(direct.id), 'out', nord.id)).toMatchObject({
      outcome: 'refused',
      message: 'Pakken „Direkte salg“ er til direkte salg. Scan koderne én ad gangen for at sende dem til Nord Pakker.',
    });
    expect(await untouched()).toEqual(before);

    // A family locks one code before the box leaves: it stays theirs.
    expect((await send('POST', `/api/qr-codes/${pkg.codes[3]}/lock`, family)).statusCode).toBe(200);
    const outScan = await scan(staff, label(pkg.id), 'out', holm.id);
    expect(outScan).toMatchObject({ outcome: 'accepted', message: 'Pakken „Holm uge 12“ er sendt til Holm Pakker: 3 koder.', moved: 3, count: { scans: 1, codes: 3 } });
    expect((await codeRow(pkg.codes[3]!)).status).toBe('claimed');
    expect(await scan(staff, label(pkg.id), 'out', holm.id)).toMatchObject({ outcome: 'already', message: 'Pakken „Holm uge 12“ er allerede sendt til Holm Pakker.' });
    expect(await scan(staff, label(pkg.id), 'in')).toMatchObject({ outcome: 'refused', message: 'Pakken „Holm uge 12“ er allerede sendt til Holm Pakker.' });

    const fresh = await makePackage(staff, 'Ikke trykt', 1, holm.id, 'created');
    expect(await scan(staff, label(fresh.id), 'in')).toMatchObject({ outcome: 'refused', message: 'Pakken „Ikke trykt“ er ikke produceret endnu. Den skal trykkes, før den kan på lager.' });
    expect(await scan(staff, label(fresh.id), 'out', holm.id)).toMatchObject({ outcome: 'refused', message: 'Pakken „Ikke trykt“ er ikke produceret endnu. Den skal trykkes, før den kan sendes.' });
  });

  it('is a 100 × 60 mm PDF whose symbol zbarimg reads back as the package’s page, with its name, reseller, size and codes', async () => {
    const staff = await person('production');
    const holm = await dealer('Stenhuggeriet Ærø');
    const pkg = await makePackage(staff, 'Ærø forår 2027 – kasse 3', 25, holm.id, 'created');
    const response = await send('GET', `/api/admin/qr-packages/${pkg.id}/label.pdf`, staff);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('inline; filename="mindested-etiket-aeroe-foraar-2027-kasse-3.pdf"');
    const pdf = response.rawPayload;

    const doc = await PDFDocument.load(pdf);
    expect(doc.getPageCount()).toBe(1);
    const { width, height } = doc.getPage(0).getSize();
    expect([Math.round((width / 72) * 25.4), Math.round((height / 72) * 25.4)]).toEqual([LABEL.width, LABEL.height]);

    const [decoded] = await decodePdf(pdf);
    expect(decoded).toBe(`https://mindested.dk/admin/qr-packages/${pkg.id}`);
    expect(await decodePdf(pdf)).toHaveLength(1);
    expect(readFloorScan(decoded!)).toEqual({ kind: 'package', id: pkg.id });

    const text = (await pdfText(pdf)).replace(/\s+/g, ' ');
    for (const expected of ['Ærø forår 2027 – kasse 3', 'Til Stenhuggeriet Ærø', '25 koder', `Fra ${formatCode(pkg.codes[0]!)}`, `til ${formatCode(pkg.codes.at(-1)!)}`, pkg.id]) {
      expect(text).toContain(expected);
    }

    // Printed small on a label printer at 203 dpi (its usual resolution), it still reads.
    const dir = await mkdtemp(path.join(tmpdir(), 'mindested-label-'));
    try {
      await writeFile(path.join(dir, 'label.pdf'), pdf);
      await run('pdftoppm', ['-r', '203', '-png', '-mono', path.join(dir, 'label.pdf'), path.join(dir, 'label')]);
      const [png] = (await readdir(dir)).filter((name) => name.endsWith('.png'));
      expect(await decodePng(await sharp(path.join(dir, png!)).png().toBuffer())).toEqual([decoded]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }

    expect((await send('GET', '/api/admin/qr-packages/00000000-0000-4000-8000-000000000000/label.pdf', staff)).statusCode).toBe(404);
  });
});

describe('undo of the last scan', () => {
  it('takes a code scanned in back to produced, once, with the step in its log and the audit log', async () => {
    const staff = await person('production');
    const code = await produced();
    const scanned = await scan(staff, code, 'in');
    const undone = await undo(staff, scanned.id);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json<WarehouseUndoResponse>()).toMatchObject({
      movedBack: 1,
      message: `Fortrudt: ${formatCode(code)} er tilbage som produceret, ikke på lager.`,
      scan: { id: scanned.id, undoneAt: t.clock.now().toISOString() },
      count: { scans: 0, codes: 0 },
    });
    expect(await codeRow(code)).toEqual({ status: 'produced', resellerId: null });
    expect((await eventsOf(code)).at(-1)).toEqual({ from: 'in_stock', to: 'produced', actorId: staff.id, detail: { undoOf: scanned.id, via: 'warehouse' } });
    const audit = await db().select().from(staffActions).where(and(eq(staffActions.subject, `qr-code:${code}`), eq(staffActions.action, 'warehouse.undo')));
    expect(audit.map((a) => a.details)).toEqual([{ scanId: scanned.id, direction: 'in', codes: 1 }]);

    const twice = await undo(staff, scanned.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('Scanningen er allerede fortrudt.');
    // The code can be scanned in again afterwards, as if the mistake had not been made.
    expect(await scan(staff, code, 'in')).toMatchObject({ outcome: 'accepted', count: { scans: 1, codes: 1 } });
  });

  it('takes a code scanned out back to stock, and back to direct sale when the scan gave it to the reseller', async () => {
    const staff = await person('admin');
    const stone = await dealer('Fortryd ApS');
    const own = await produced({ status: 'in_stock', resellerId: stone.id });
    const direct = await produced({ status: 'in_stock' });
    await scan(staff, own, 'out', stone.id);
    const ownUndo = await undo(staff, (await db().select({ id: warehouseScans.id }).from(warehouseScans).where(eq(warehouseScans.code, own)))[0]!.id);
    expect(ownUndo.json<WarehouseUndoResponse>().message).toBe(`Fortrudt: ${formatCode(own)} er tilbage på lager.`);
    expect(await codeRow(own)).toEqual({ status: 'in_stock', resellerId: stone.id });

    const out = await scan(staff, direct, 'out', stone.id);
    expect((await undo(staff, out.id)).statusCode).toBe(200);
    expect(await codeRow(direct)).toEqual({ status: 'in_stock', resellerId: null });
    expect((await eventsOf(direct)).at(-1)).toEqual({ from: 'shipped', to: 'in_stock', actorId: staff.id, detail: { undoOf: out.id, via: 'warehouse', resellerCleared: true } });
  });

  it('takes a package’s label back with the codes still where it put them', async () => {
    const staff = await person('production');
    const family = await person();
    const stone = await dealer('Pakke Fortryd');
    const pkg = await makePackage(staff, 'Fortrydes', 3, stone.id);
    const inScan = await scan(staff, label(pkg.id), 'in');
    const back = await undo(staff, inScan.id);
    expect(back.json<WarehouseUndoResponse>()).toMatchObject({ movedBack: 3, message: 'Fortrudt: Pakken „Fortrydes“ er tilbage som produceret, ikke på lager: 3 koder.' });
    expect((await db().select({ status: qrPackages.status }).from(qrPackages).where(eq(qrPackages.id, pkg.id)))[0]!.status).toBe('produced');
    for (const code of pkg.codes) expect((await codeRow(code)).status).toBe('produced');

    await scan(staff, label(pkg.id), 'in');
    const out = await scan(staff, label(pkg.id), 'out', stone.id);
    // A family locks one of the codes before the mistake is caught: that one stays theirs.
    expect((await send('POST', `/api/qr-codes/${pkg.codes[1]}/lock`, family)).statusCode).toBe(200);
    const outBack = await undo(staff, out.id);
    expect(outBack.json<WarehouseUndoResponse>()).toMatchObject({ movedBack: 2, message: 'Fortrudt: Pakken „Fortrydes“ er tilbage på lager: 2 koder. 1 kode er flyttet siden og bliver, hvor den er.' });
    expect((await db().select({ status: qrPackages.status }).from(qrPackages).where(eq(qrPackages.id, pkg.id)))[0]!.status).toBe('in_stock');
    expect((await codeRow(pkg.codes[1]!)).status).toBe('claimed');
    expect(await codeRow(pkg.codes[0]!)).toEqual({ status: 'in_stock', resellerId: stone.id });
  });

  it('refuses an older scan, someone else’s, a refused one, and one whose code moved since, changing nothing', async () => {
    const [staff, colleague] = [await person('production'), await person('production')];
    const stone = await dealer('Ikke Fortryd');
    const [a, b] = [await produced(), await produced()];
    const older = await scan(staff, a, 'in');
    const latest = await scan(staff, b, 'in');
    const refusedScan = await scan(staff, 'ikke en kode', 'in');

    const before = await untouched();
    for (const [who, id, status, message] of [
      [staff, older.id, 409, 'Kun din seneste godkendte scanning kan fortrydes.'],
      [staff, refusedScan.id, 409, 'Kun din seneste godkendte scanning kan fortrydes.'],
      [colleague, latest.id, 403, 'Du kan kun fortryde dine egne scanninger.'],
      [staff, 999_999_999, 404, 'Scanningen findes ikke.'],
    ] as const) {
      const response = await undo(who, id);
      expect(response.statusCode, message).toBe(status);
      expect(response.json().message).toBe(message);
    }
    expect((await send('POST', '/api/admin/warehouse/scans/abc/undo', staff)).statusCode).toBe(400);
    expect(await untouched()).toEqual(before);

    // A colleague sends the code out before the mistake is caught: the scan in cannot be undone.
    await db().update(qrCodes).set({ resellerId: stone.id }).where(eq(qrCodes.code, b));
    expect((await scan(colleague, b, 'out', stone.id)).outcome).toBe('accepted');
    const moved = await untouched();
    const late = await undo(staff, latest.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(`${formatCode(b)} er flyttet siden scanningen (den er nu "Sendt til forhandler"), så der er intet at fortryde.`);
    expect(await untouched()).toEqual(moved);
    const [row] = await db().select({ undoneAt: warehouseScans.undoneAt }).from(warehouseScans).where(eq(warehouseScans.id, latest.id));
    expect(row!.undoneAt).toBeNull();
  });
});

describe('the day’s list', () => {
  it('lists the caller’s scans today in one direction, newest first, with the count and what may be undone, and starts again the next day', async () => {
    const [staff, colleague] = [await person('production'), await person('production')];
    const [a, b] = [await produced(), await produced()];
    await scan(colleague, await produced(), 'in');
    const first = await scan(staff, a, 'in');
    const refused = await scan(staff, 'XXXXX', 'in');
    const second = await scan(staff, b, 'in');

    const list = (await send('GET', '/api/admin/warehouse/scans?direction=in', staff)).json<WarehouseScansResponse>();
    expect(list.scans.map((s) => [s.id, s.outcome])).toEqual([
      [second.id, 'accepted'],
      [refused.id, 'refused'],
      [first.id, 'accepted'],
    ]);
    expect(list.count).toEqual({ scans: 2, codes: 2 });
    expect(list.undoable).toMatchObject({ id: second.id, code: b, outcome: 'accepted', undoneAt: null });
    expect((await send('GET', '/api/admin/warehouse/scans?direction=out', staff)).json<WarehouseScansResponse>()).toMatchObject({ scans: [], count: { scans: 0, codes: 0 }, undoable: { id: second.id } });

    await undo(staff, second.id);
    const afterUndo = (await send('GET', '/api/admin/warehouse/scans?direction=in', staff)).json<WarehouseScansResponse>();
    expect(afterUndo.count).toEqual({ scans: 1, codes: 1 });
    expect(afterUndo.undoable).toBeNull();
    expect(afterUndo.scans[0]!.undoneAt).not.toBeNull();

    // Past Danish midnight the list and the count start again.
    const now = t.clock.now();
    t.clock.advance(danishMidnight(new Date(now.getTime() + 86_400_000)).getTime() - now.getTime() + 1000);
    expect((await send('GET', '/api/admin/warehouse/scans?direction=in', staff)).json<WarehouseScansResponse>()).toEqual({ scans: [], count: { scans: 0, codes: 0 }, undoable: null });
    expect(await scan(staff, await produced(), 'in')).toMatchObject({ count: { scans: 1, codes: 1 } });
  });

  it('knows Danish midnight in winter and in summer time', () => {
    expect(danishMidnight(new Date('2026-11-01T10:00:00Z')).toISOString()).toBe('2026-10-31T23:00:00.000Z');
    expect(danishMidnight(new Date('2026-06-15T21:59:00Z')).toISOString()).toBe('2026-06-14T22:00:00.000Z');
    expect(danishMidnight(new Date('2026-06-15T22:00:00Z')).toISOString()).toBe('2026-06-15T22:00:00.000Z');
    // The days the clocks change: 23 and 25 hours long.
    expect(danishMidnight(new Date('2026-03-29T12:00:00Z')).toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(danishMidnight(new Date('2026-10-25T12:00:00Z')).toISOString()).toBe('2026-10-24T22:00:00.000Z');
  });
});

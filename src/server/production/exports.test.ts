/**
 * A package's exports on a real database, read back as a spreadsheet, a ZIP reader and an
 * independent QR decoder (zbarimg) would: a 100-code package for a reseller, one code voided. The
 * CSV lists all 100 with their states; every symbol of the print SVGs, the laser's tags and the
 * laser's plates (99 each) decodes to `{BASE_URL}/qr/{code}`; the laser files are their size in
 * millimetres with no stroke but the red cut; the job sheet and manifest say what is in the ZIP;
 * only production staff and admins get any of it, and every export is in the audit log.
 */
import { and, asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReseller } from '../../../tests/support/factories';
import { decodePngs, pdfText } from '../../../tests/support/qr-decode';
import { signedInUser } from '../../../tests/support/sign-in';
import { type TestApp, createTestApp } from '../../../tests/support/test-app';
import { readZip } from '../../../tests/support/zip';
import type { Role } from '../../shared/auth';
import { formatCode } from '../../shared/qr-code';
import { LASER_PLATE, LASER_TAG, PRINT_SYMBOL, TAGS_PER_PLATE } from '../../shared/qr-exports';
import { qrCodes, staffActions } from '../db/schema';
import { plateCells } from './code-files';
import { EXPORT_REFUSAL } from './export-routes';
import { CUT_COLOUR } from './vectors';

const BASE_URL = 'https://mindested.dk';
let t: TestApp;
let staff: Person;
let pkg: { id: string; codes: string[]; voided: string; printable: string[] };
const resellerName = 'Stenhuggeriet Ærø & Søn ApS';

interface Person {
  id: string;
  cookie: string;
}
const person = (role: Role = 'user'): Promise<Person> => signedInUser(t, { role });
const get = (url: string, who?: Person) => t.request({ method: 'GET', url, headers: who ? { cookie: who.cookie } : {} });
const post = (url: string, who: Person, payload: object) => t.request({ method: 'POST', url, headers: { cookie: who.cookie }, payload });

beforeAll(async () => {
  t = await createTestApp({ BASE_URL });
  staff = await person('production');
  const reseller = await createReseller(t.database.db, { companyName: resellerName });
  const made = await post('/api/admin/qr-packages', staff, { name: 'Stenhuggeriet Ærø, forår 2027', size: 100, resellerId: reseller.id });
  expect(made.statusCode, made.body).toBe(201);
  const { id } = made.json<{ id: string }>();
  expect((await post(`/api/admin/qr-packages/${id}/status`, staff, { to: 'produced' })).statusCode).toBe(200);
  const rows = await t.database.db.select({ code: qrCodes.code }).from(qrCodes).where(eq(qrCodes.packageId, id)).orderBy(asc(qrCodes.code));
  const codes = rows.map((row) => row.code).sort();
  const voided = codes[41]!;
  expect((await post(`/api/admin/qr-codes/${voided}/status`, staff, { to: 'void', note: 'Ridset' })).statusCode).toBe(200);
  pkg = { id, codes, voided, printable: codes.filter((code) => code !== voided) };
}, 60_000);
afterAll(() => t.close());

const url = (code: string) => `${BASE_URL}/qr/${code}`;

/**
 * An SVG drawn in mm as a PNG of `pxPerMm` pixels a millimetre, on white. sharp hands the density
 * to librsvg, which draws millimetres at that many dots an inch and then scales by density / 72
 * (plaque-proof.ts), so the density for a width is its square root; the resize makes it exact.
 */
function raster(svg: string | Buffer, widthMm: number, pxPerMm: number): Promise<Buffer> {
  const widthPx = Math.round(widthMm * pxPerMm);
  const density = Math.sqrt((widthPx * 72 * 25.4) / widthMm);
  return sharp(Buffer.isBuffer(svg) ? svg : Buffer.from(svg), { density }).resize(widthPx).flatten({ background: '#ffffff' }).png().toBuffer();
}

/** The document's size as written: `width="40mm" height="45mm" viewBox="0 0 40 45"`. */
const sizeOf = (svg: string) => /<svg [^>]*width="([\d.]+)mm" height="([\d.]+)mm" viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(svg)?.slice(1).map(Number);

/** Every <path> of the file: engraved ones filled and unstroked, any other a red hairline that is not filled. */
function expectOutlinesOnly(svg: string, cuts: number) {
  expect(svg).not.toContain('<text');
  expect(svg).not.toContain('font-family');
  const paths = svg.match(/<path [^>]*>/g) ?? [];
  const stroked = paths.filter((path) => !path.includes('stroke="none"'));
  expect(stroked).toHaveLength(cuts);
  for (const path of stroked) expect(path).toMatch(new RegExp(`^<path fill="none" stroke="${CUT_COLOUR}" stroke-width="0.01" `));
  for (const path of paths.filter((p) => p.includes('stroke="none"'))) expect(path).toContain('fill="#000000"');
}

describe('who may export', () => {
  const urls = () => [`/api/admin/qr-packages/${pkg.id}/codes.csv`, `/api/admin/qr-packages/${pkg.id}/svg.zip`, `/api/admin/qr-packages/${pkg.id}/laser.zip?layout=code`, `/api/admin/qr-packages/${pkg.id}/laser.zip?layout=plate`];

  it('refuses visitors (401) and families, resellers and support staff (403), in Danish', async () => {
    const reseller = await person('user');
    await createReseller(t.database.db, { userId: reseller.id });
    const refused = [await person('user'), reseller, await person('support')];
    for (const path of urls()) {
      expect((await get(path)).statusCode).toBe(401);
      for (const who of refused) {
        const response = await get(path, who);
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ message: EXPORT_REFUSAL });
      }
    }
  });

  it('gives admins the files too; an unknown package is not found, a bad layout refused', async () => {
    const admin = await person('admin');
    for (const path of urls()) expect((await get(path, admin)).statusCode).toBe(200);

    for (const path of ['codes.csv', 'svg.zip', 'laser.zip?layout=code']) {
      const unknown = await get(`/api/admin/qr-packages/00000000-0000-4000-8000-000000000000/${path}`, staff);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ message: 'QR-pakken findes ikke.' });
    }
    for (const layout of ['', '?layout=sheet']) {
      const bad = await get(`/api/admin/qr-packages/${pkg.id}/laser.zip${layout}`, staff);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe('Vælg layout: code (én fil pr. kode) eller plate (plader med mange koder).');
    }
  });
});

describe('GET /api/admin/qr-packages/{id}/codes.csv', () => {
  it('lists every code, voided too, for a Danish spreadsheet, and the export is in the audit log', async () => {
    const response = await get(`/api/admin/qr-packages/${pkg.id}/codes.csv`, staff);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="mindested-pakke-stenhuggeriet-aeroe-foraar-2027.csv"');
    expect(response.headers['cache-control']).toBe('private, no-store');

    const text = response.rawPayload.toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text.slice(1).split('\r\n');
    expect(lines.pop()).toBe('');
    expect(lines[0]).toBe('Kode;Kode til at taste;Adresse;Status;Status (maskinværdi);Forhandler');
    expect(lines.slice(1)).toEqual(
      pkg.codes.map((code) => [code, formatCode(code), url(code), code === pkg.voided ? 'Kasseret;void' : 'Produceret;produced', resellerName].join(';')),
    );

    const [logged] = await t.database.db
      .select()
      .from(staffActions)
      .where(and(eq(staffActions.action, 'qr-package.export'), eq(staffActions.subject, `qr-package:${pkg.id}`), eq(staffActions.actorId, staff.id)));
    expect(logged).toMatchObject({ details: { format: 'csv', codes: 100, voided: 1 } });
  });
});

describe('GET /api/admin/qr-packages/{id}/svg.zip', () => {
  it('holds one print SVG per code that may be printed, named by the code, each decoding to its address', async () => {
    const response = await get(`/api/admin/qr-packages/${pkg.id}/svg.zip`, staff);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toBe('attachment; filename="mindested-pakke-stenhuggeriet-aeroe-foraar-2027-svg.zip"');
    expect(response.headers['cache-control']).toBe('private, no-store');

    const entries = readZip(response.rawPayload);
    expect(entries.map((entry) => entry.name)).toEqual(pkg.printable.map((code) => `${formatCode(code)}.svg`));
    for (const entry of entries) {
      const svg = entry.data.toString('utf8');
      expect(sizeOf(svg)).toEqual([PRINT_SYMBOL.symbolMm, PRINT_SYMBOL.symbolMm + PRINT_SYMBOL.labelMm, PRINT_SYMBOL.symbolMm, PRINT_SYMBOL.symbolMm + PRINT_SYMBOL.labelMm]);
      expectOutlinesOnly(svg, 0);
    }
    const pngs = await Promise.all(entries.map((entry) => raster(entry.data, PRINT_SYMBOL.symbolMm, 10)));
    expect(await decodePngs(pngs)).toEqual(pkg.printable.map((code) => [url(code)]));

    const logged = await t.database.db.select().from(staffActions).where(and(eq(staffActions.action, 'qr-package.export'), eq(staffActions.subject, `qr-package:${pkg.id}`)));
    expect(logged.map((row) => (row.details as { format: string }).format)).toContain('svg');
  });
});

describe('GET /api/admin/qr-packages/{id}/laser.zip', () => {
  it('?layout=code: one tag per code, 40 × 45 mm, symbol and code as outlines inside a red cut, then manifest and job sheet', async () => {
    const response = await get(`/api/admin/qr-packages/${pkg.id}/laser.zip?layout=code`, staff);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toBe('attachment; filename="mindested-pakke-stenhuggeriet-aeroe-foraar-2027-laser-koder.zip"');

    const entries = readZip(response.rawPayload);
    const files = pkg.printable.map((code) => `${formatCode(code)}.svg`);
    expect(entries.map((entry) => entry.name)).toEqual([...files, 'manifest.csv', 'jobseddel.pdf']);
    const tags = entries.slice(0, files.length);
    for (const tag of tags) {
      const svg = tag.data.toString('utf8');
      expect(sizeOf(svg)).toEqual([LASER_TAG.widthMm, LASER_TAG.heightMm, LASER_TAG.widthMm, LASER_TAG.heightMm]);
      expectOutlinesOnly(svg, 1);
    }
    const pngs = await Promise.all(tags.map((tag) => raster(tag.data, LASER_TAG.widthMm, 10)));
    expect(await decodePngs(pngs)).toEqual(pkg.printable.map((code) => [url(code)]));

    const manifest = entries.at(-2)!.data.toString('utf8').slice(1).split('\r\n').filter(Boolean);
    expect(manifest[0]).toBe('Fil;Plads;Kode;Kode til at taste;Adresse');
    expect(manifest.slice(1)).toEqual(pkg.printable.map((code) => `${formatCode(code)}.svg;1;${code};${formatCode(code)};${url(code)}`));

    const sheet = await pdfText(entries.at(-1)!.data);
    expect(sheet).toContain('Jobseddel: lasergravering');
    expect(sheet).toContain('Stenhuggeriet Ærø, forår 2027');
    expect(sheet).toContain(resellerName);
    expect(sheet).toContain('99 (1 kasseret kode er udeladt)');
    expect(sheet).toContain('Én fil pr. kode: et mærke på 40 × 45 mm');
    for (const file of files) expect(sheet).toContain(file);
    expect(sheet).not.toContain(formatCode(pkg.voided));
  });

  it('?layout=plate: 300 × 200 mm plates of 28 tags in code order, every tag decoding to its address in its cell', async () => {
    const response = await get(`/api/admin/qr-packages/${pkg.id}/laser.zip?layout=plate`, staff);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="mindested-pakke-stenhuggeriet-aeroe-foraar-2027-laser-plader.zip"');

    const entries = readZip(response.rawPayload);
    const plates = Math.ceil(pkg.printable.length / TAGS_PER_PLATE);
    expect(TAGS_PER_PLATE).toBe(28);
    expect(entries.map((entry) => entry.name)).toEqual([...Array.from({ length: plates }, (_, i) => `plade-00${i + 1}.svg`), 'manifest.csv', 'jobseddel.pdf']);

    // Each cell cut out of the plate's picture and decoded on its own: where each tag is matters too.
    const pxPerMm = 10;
    const cells = plateCells();
    const crops: Buffer[] = [];
    const expected: string[][] = [];
    for (const [p, plate] of entries.slice(0, plates).entries()) {
      const svg = plate.data.toString('utf8');
      expect(sizeOf(svg)).toEqual([LASER_PLATE.widthMm, LASER_PLATE.heightMm, LASER_PLATE.widthMm, LASER_PLATE.heightMm]);
      const onPlate = pkg.printable.slice(p * TAGS_PER_PLATE, (p + 1) * TAGS_PER_PLATE);
      expectOutlinesOnly(svg, onPlate.length);
      const picture = await raster(svg, LASER_PLATE.widthMm, pxPerMm);
      for (const [i, cell] of cells.entries()) {
        const region = { left: Math.round(cell.x * pxPerMm), top: Math.round(cell.y * pxPerMm), width: LASER_TAG.widthMm * pxPerMm, height: LASER_TAG.heightMm * pxPerMm };
        crops.push(await sharp(picture).extract(region).png().toBuffer());
        expected.push(onPlate[i] ? [url(onPlate[i])] : []);
      }
    }
    expect(await decodePngs(crops)).toEqual(expected);

    const manifest = entries.at(-2)!.data.toString('utf8').slice(1).split('\r\n').filter(Boolean).slice(1);
    expect(manifest).toHaveLength(99);
    expect(manifest[28]).toBe(`plade-002.svg;1;${pkg.printable[28]};${formatCode(pkg.printable[28]!)};${url(pkg.printable[28]!)}`);

    const sheet = await pdfText(entries.at(-1)!.data);
    expect(sheet).toContain('Plader på 300 × 200 mm med op til 28 mærker på 40 × 45 mm');
    expect(sheet).toContain('plade-004.svg · 15 koder');
    for (const code of pkg.printable) expect(sheet).toContain(formatCode(code));
  });
});

/**
 * A package's print sheet, read back by an independent decoder (zbarimg): every code of the
 * package, once, in the cell above its printed code, at both error correction levels; voided codes
 * left out; the same bytes on a reprint; only production staff and admins get it. And the layout's
 * promise that every symbol is at least 30 mm across.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { asc, eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodePng, pdfText } from '../../../tests/support/qr-decode';
import { signedInUser } from '../../../tests/support/sign-in';
import { type TestApp, createTestApp } from '../../../tests/support/test-app';
import type { Role } from '../../shared/auth';
import { formatCode } from '../../shared/qr-code';
import { qrCodes } from '../db/schema';
import { CODES_PER_PAGE, SHEET, sheetLayout, sheetPageCount } from './package-sheet';

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
const get = (url: string, who?: Person) => t.request({ method: 'GET', url, headers: who ? { cookie: who.cookie } : {} });
const post = (url: string, who: Person, payload: object) => t.request({ method: 'POST', url, headers: { cookie: who.cookie }, payload });

async function makePackage(who: Person, name: string, size: number) {
  const made = await post('/api/admin/qr-packages', who, { name, size });
  expect(made.statusCode, made.body).toBe(201);
  const { id } = made.json<{ id: string }>();
  const rows = await t.database.db.select({ code: qrCodes.code }).from(qrCodes).where(eq(qrCodes.packageId, id)).orderBy(asc(qrCodes.code));
  return { id, codes: rows.map((row) => row.code).sort() };
}

/**
 * What each cell of each page decodes to, page by page in reading order. Each cell is cut out and
 * decoded on its own: zbarimg, given a whole page of 24 symbols, misses one to four of them (at
 * 72 to 300 dpi), though each decodes alone; a phone, too, frames one symbol at a time.
 */
async function decodeCells(pdf: Buffer, dpi = 150): Promise<string[][][]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'mindested-sheet-'));
  try {
    await writeFile(path.join(dir, 'sheet.pdf'), pdf);
    await run('pdftoppm', ['-r', String(dpi), '-png', path.join(dir, 'sheet.pdf'), path.join(dir, 'page')]);
    // page-1.png … page-10.png (poppler pads the number to the page count's width): numeric order.
    const pages = (await readdir(dir)).filter((name) => name.endsWith('.png')).sort((a, b) => Number(/(\d+)\.png$/.exec(a)![1]) - Number(/(\d+)\.png$/.exec(b)![1]));
    // The cells are the same whatever the symbol's size.
    const { cells, cellWidth, cellHeight } = sheetLayout(29);
    const px = (mm: number) => Math.round((mm / 25.4) * dpi);
    const decoded: string[][][] = [];
    for (const page of pages) {
      const picture = await sharp(path.join(dir, page)).toBuffer();
      const perCell: string[][] = [];
      for (const cell of cells) {
        const region = { left: px(cell.x), top: px(SHEET.height - cell.y - cellHeight), width: px(cellWidth), height: px(cellHeight) };
        perCell.push(await decodePng(await sharp(picture).extract(region).png().toBuffer()));
      }
      decoded.push(perCell);
    }
    return decoded;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The codes' addresses as the cells should hold them: 24 to a page, then empty cells. */
function expectedCells(codes: string[]): string[][][] {
  return Array.from({ length: sheetPageCount(codes.length) }, (_, page) =>
    Array.from({ length: CODES_PER_PAGE }, (_, i) => {
      const code = codes[page * CODES_PER_PAGE + i];
      return code ? [`https://mindested.dk/qr/${code}`] : [];
    }),
  );
}

describe('sheetLayout', () => {
  it('keeps every symbol of ours at least 30 mm across with its quiet zone, inside its cell, between header and footer', () => {
    for (const modules of [29, 33, 37, 41]) {
      const layout = sheetLayout(modules);
      expect(layout.symbol).toBeGreaterThanOrEqual(30);
      expect(layout.box).toBeCloseTo(layout.module * (modules + 8), 6);
      expect(layout.box + SHEET.gap + SHEET.label).toBeLessThanOrEqual(layout.cellHeight + 1e-9);
      expect(layout.box).toBeLessThanOrEqual(layout.cellWidth);
    }
    // Addresses of ours, at both levels, need version 3 (29 modules) or larger.
    for (const base of ['https://mindested.dk', 'https://www.mindested.dk', 'http://127.0.0.1:54321']) {
      for (const ecc of ['H', 'Q'] as const) expect(QRCode.create(`${base}/qr/7K3QMXR8D2`, { errorCorrectionLevel: ecc }).modules.size).toBeGreaterThanOrEqual(29);
    }

    const { cells, cellWidth, cellHeight } = sheetLayout(33);
    expect(cells).toHaveLength(24);
    expect(cells[0]).toEqual({ x: SHEET.side, y: SHEET.height - SHEET.header - cellHeight });
    for (const cell of cells) {
      expect(cell.x).toBeGreaterThanOrEqual(SHEET.side - 1e-9);
      expect(cell.x + cellWidth).toBeLessThanOrEqual(SHEET.width - SHEET.side + 1e-9);
      expect(cell.y).toBeGreaterThanOrEqual(SHEET.footer - 1e-9);
      expect(cell.y + cellHeight).toBeLessThanOrEqual(SHEET.height - SHEET.header + 1e-9);
    }
    expect(new Set(cells.map((c) => `${c.x.toFixed(3)},${c.y.toFixed(3)}`)).size).toBe(24);
  });

  it('counts pages: 24 codes to a page, and one page for an empty package', () => {
    expect([0, 1, 24, 25, 48, 49, 10_000].map(sheetPageCount)).toEqual([1, 1, 1, 2, 2, 3, 417]);
  });
});

describe('GET /api/admin/qr-packages/{id}/print.pdf', () => {
  it('prints every code of the package once, in code order, each symbol above its code, at Q and at H', async () => {
    const staff = await person('production');
    const { id, codes } = await makePackage(staff, 'Stenhuggeriet Ærø, forår 2027', 30);

    const response = await get(`/api/admin/qr-packages/${id}/print.pdf`, staff);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('inline; filename="mindested-pakke-stenhuggeriet-aeroe-foraar-2027.pdf"');
    expect(response.headers['cache-control']).toBe('private, no-store');
    const pdf = response.rawPayload;

    const document = await PDFDocument.load(pdf);
    expect(document.getPageCount()).toBe(2);
    for (const page of document.getPages()) expect(Object.values(page.getSize()).map((v) => v.toFixed(1))).toEqual(['595.3', '841.9']);
    // Page 1 full (24), page 2 the last 6 and 18 empty cells: nothing missing, nothing twice, nothing stray.
    expect(await decodeCells(pdf)).toEqual(expectedCells(codes));

    const text = await pdfText(pdf);
    expect(text).toContain('Stenhuggeriet Ærø, forår 2027');
    expect(text).toContain('30 koder · fejlkorrektion Q');
    expect(text).toContain('Side 1 af 2');
    expect(text).toContain('Side 2 af 2');
    expect(text).toContain('Kode 25–30 af 30');
    for (const code of codes) expect(text).toContain(formatCode(code));

    const asH = await get(`/api/admin/qr-packages/${id}/print.pdf?ecc=H`, staff);
    expect(asH.statusCode).toBe(200);
    expect(await decodeCells(asH.rawPayload)).toEqual(expectedCells(codes));
    expect(await pdfText(asH.rawPayload)).toContain('30 koder · fejlkorrektion H');

    // A reprint is the same file, byte for byte.
    const again = await get(`/api/admin/qr-packages/${id}/print.pdf`, staff);
    expect(Buffer.compare(again.rawPayload, pdf)).toBe(0);
  }, 60_000);

  it('leaves voided codes out', async () => {
    const admin = await person('admin');
    const { id, codes } = await makePackage(admin, 'Med en kasseret', 25);
    const voided = codes[3]!;
    expect((await post(`/api/admin/qr-codes/${voided}/status`, admin, { to: 'void', note: 'Trykfejl' })).statusCode).toBe(200);

    const response = await get(`/api/admin/qr-packages/${id}/print.pdf`, admin);
    expect(response.statusCode).toBe(200);
    const left = codes.filter((code) => code !== voided);
    expect(await decodeCells(response.rawPayload)).toEqual(expectedCells(left));
    expect(await pdfText(response.rawPayload)).toContain('24 koder · fejlkorrektion Q');
    expect((await PDFDocument.load(response.rawPayload)).getPageCount()).toBe(1);
  }, 30_000);

  it('is for production staff and admins only; an unknown package is not found and a bad level refused, in Danish', async () => {
    const staff = await person('production');
    const { id } = await makePackage(staff, 'Adgang', 2);
    const url = `/api/admin/qr-packages/${id}/print.pdf`;

    expect((await get(url)).statusCode).toBe(401);
    for (const role of ['user', 'support'] as const) {
      const refused = await get(url, await person(role));
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ message: 'Kun produktion og administratorer kan udskrive QR-pakker.' });
    }
    for (const role of ['production', 'admin'] as const) expect((await get(url, await person(role))).statusCode).toBe(200);

    const unknown = await get('/api/admin/qr-packages/00000000-0000-4000-8000-000000000000/print.pdf', staff);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'QR-pakken findes ikke.' });

    const badLevel = await get(`${url}?ecc=L`, staff);
    expect(badLevel.statusCode).toBe(400);
    expect(badLevel.json().message).toBe('Fejlkorrektion skal være H (sten) eller Q (tryk).');
  });
});

/**
 * The code's pictures, read back by an independent decoder (zbarimg): SVG and PNG at both error
 * correction levels and the A4 print page decode to `{BASE_URL}/qr/{code}`; the holder and staff
 * get them, anyone else learns nothing; bad sizes are refused in Danish.
 */
import { PDFDocument } from 'pdf-lib';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCode, createUser } from '../../../tests/support/factories';
import { decodePdf, decodePng, decodeSvg, pdfText } from '../../../tests/support/qr-decode';
import { signIn } from '../../../tests/support/sign-in';
import { type TestApp, createTestApp } from '../../../tests/support/test-app';
import type { Role } from '../../shared/auth';
import { formatCode } from '../../shared/qr-code';
import { QUIET_ZONE_MODULES } from './images';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ BASE_URL: 'https://mindested.dk' });
});
afterAll(() => t.close());

async function person(role: Role = 'user') {
  const user = await createUser(t.database.db, { role });
  return { id: user.id, cookie: await signIn(t, user) };
}
const get = (url: string, who?: { cookie: string }) => t.request({ method: 'GET', url, headers: who ? { cookie: who.cookie } : {} });

async function heldCode() {
  const family = await person();
  const { code } = await createCode(t.database.db, { status: 'claimed', claimedBy: family.id });
  return { family, code, url: `https://mindested.dk/qr/${code}` };
}

/** Modules across the symbol the encoder makes for this text and level, quiet zone included. */
const modulesAcross = (text: string, ecc: 'H' | 'Q') => QRCode.create(text, { errorCorrectionLevel: ecc }).modules.size + 2 * QUIET_ZONE_MODULES;

describe('GET /api/qr-codes/{code}/qr.svg and qr.png', () => {
  it('decode to the code’s address at both error correction levels', async () => {
    const { family, code, url } = await heldCode();
    for (const ecc of ['H', 'Q'] as const) {
      const svg = await get(`/api/qr-codes/${code}/qr.svg?ecc=${ecc}`, family);
      expect(svg.statusCode, svg.body).toBe(200);
      expect(svg.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
      expect(svg.headers['cache-control']).toBe('private, max-age=3600');
      expect(svg.body).toContain(`viewBox="0 0 ${modulesAcross(url, ecc)} ${modulesAcross(url, ecc)}"`);
      expect(await decodeSvg(svg.body)).toEqual([url]);

      const png = await get(`/api/qr-codes/${code}/qr.png?ecc=${ecc}&size=600`, family);
      expect(png.statusCode).toBe(200);
      expect(png.headers['content-type']).toBe('image/png');
      expect(png.headers['content-disposition']).toBe(`inline; filename="mindested-qr-${formatCode(code)}.png"`);
      const { width, height } = await sharp(png.rawPayload).metadata();
      expect([width, height]).toEqual([600, 600]);
      expect(await decodePng(png.rawPayload)).toEqual([url]);
    }
    // H carries more correction than Q, so its symbol has more modules for the same address.
    expect(modulesAcross(url, 'H')).toBeGreaterThan(modulesAcross(url, 'Q'));
  });

  it('defaults to H for stone, and a small PNG still decodes', async () => {
    const { family, code, url } = await heldCode();
    const svg = await get(`/api/qr-codes/${code.toLowerCase()}/qr.svg`, family);
    expect(svg.body).toContain(`viewBox="0 0 ${modulesAcross(url, 'H')} ${modulesAcross(url, 'H')}"`);
    const png = await get(`/api/qr-codes/${code}/qr.png?size=128`, family);
    expect(await decodePng(png.rawPayload)).toEqual([url]);
  });

  it('refuses sizes out of range and unknown levels in Danish', async () => {
    const { family, code } = await heldCode();
    for (const [query, message] of [
      ['size=10', 'Mindst 64 pixels.'],
      ['size=5000', 'Højst 4096 pixels.'],
      ['size=12.5', 'Størrelsen skal være et helt antal pixels.'],
      ['ecc=L', 'Fejlkorrektion skal være H (sten) eller Q (tryk).'],
    ]) {
      const response = await get(`/api/qr-codes/${code}/qr.png?${query}`, family);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    }
  });
});

describe('GET /api/qr-codes/{code}/print.pdf', () => {
  it('is one A4 page whose symbol decodes to the address, with the code to type and Danish instructions', async () => {
    const { family, code, url } = await heldCode();
    const response = await get(`/api/qr-codes/${code}/print.pdf`, family);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const pdf = response.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await decodePdf(pdf)).toEqual([url]);
    const text = await pdfText(pdf);
    expect(text).toContain(formatCode(code));
    expect(text).toContain(url);
    expect(text).toContain('Sådan bruger I koden');
    expect(text).toContain('Hold koden ren og fri for mos, så den altid kan scannes.');
    // One A4 page: 210 × 297 mm, 595.3 × 841.9 points.
    const document = await PDFDocument.load(pdf);
    expect(document.getPageCount()).toBe(1);
    const { width, height } = document.getPage(0).getSize();
    expect([width.toFixed(1), height.toFixed(1)]).toEqual(['595.3', '841.9']);

    const asH = await get(`/api/qr-codes/${code}/print.pdf?ecc=H`, family);
    expect(await decodePdf(asH.rawPayload)).toEqual([url]);
  });
});

describe('who gets a code’s pictures', () => {
  it('its holder and the back office; not a visitor, another family, support staff, nor a voided code', async () => {
    const { code } = await heldCode();
    for (const path of [`/api/qr-codes/${code}/qr.svg`, `/api/qr-codes/${code}/qr.png`, `/api/qr-codes/${code}/print.pdf`]) {
      expect((await get(path)).statusCode).toBe(401);
      for (const who of [await person(), await person('support')]) {
        const refused = await get(path, who);
        expect(refused.statusCode).toBe(404);
        expect(refused.json()).toEqual({ message: 'Ugyldig QR-kode' });
      }
      for (const who of [await person('production'), await person('admin')]) expect((await get(path, who)).statusCode).toBe(200);
    }
    const voided = await createCode(t.database.db, { status: 'void' });
    expect((await get(`/api/qr-codes/${voided.code}/qr.svg`, await person('admin'))).statusCode).toBe(404);
    // A code nobody holds yet: the back office prints it; a family cannot.
    const fresh = await createCode(t.database.db);
    expect((await get(`/api/qr-codes/${fresh.code}/qr.png`, await person('production'))).statusCode).toBe(200);
    expect((await get(`/api/qr-codes/${fresh.code}/qr.png`, await person())).statusCode).toBe(404);
  });
});
